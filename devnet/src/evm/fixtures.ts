import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getContractAddress,
  type Hex,
  http,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AaFixtures, deployAccountAbstraction, getAaFixtures } from './aa/deploy.js'
import { type DevAccount, getDevAccounts } from './accounts.js'
import { rpc } from './anvil.js'
import multicallArtifact from './artifacts/Multicall3.json' with { type: 'json' }
import collectibleArtifact from './artifacts/PorticoCollectible.json' with { type: 'json' }
import multiTokenArtifact from './artifacts/PorticoMultiToken.json' with { type: 'json' }
import tokenArtifact from './artifacts/PorticoToken.json' with { type: 'json' }
import { type DexFixtures, deployDex, getDexFixtures } from './dex.js'
import { type EnsFixture, getEnsFixture, installEnsFixture } from './ens.js'
import { collectibleUriParts, MULTI_TOKEN_ITEMS, multiTokenUris } from './nft-metadata.js'
import { installSmartAccountFactory } from './smart-account.js'

/** Canonical Multicall3 address (same on every EVM chain). */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

export interface TokenFixture {
  address: Address
  symbol: string
  name: string
  decimals: number
}

export interface CollectibleFixture {
  address: Address
  symbol: string
  name: string
  /** token id → owner, as minted. */
  owners: Record<string, Address>
}

/** The devnet ERC-1155: on-chain JSON metadata and SVG images (data: URIs). */
export interface MultiTokenFixture {
  address: Address
  symbol: string
  name: string
  /** Item ids with their names and the amount each holder starts with. */
  items: { id: string; name: string; amount: string }[]
  /** Accounts that hold every item. */
  holders: Address[]
}

/** What the devnet deploys on each chain; identical addresses on 31337 and 31338. */
export interface EvmFixtures {
  multicall3: Address
  tokens: TokenFixture[]
  collectible: CollectibleFixture
  multiToken: MultiTokenFixture
  accounts: DevAccount[]
  /** Amount of each token (in whole units) every dev account starts with. */
  tokenGrant: string
  /** Uniswap V2 (WETH9, factory, Router02) with ETH/USDC, ETH/DAI and USDC/DAI pools. */
  dex: DexFixtures
  /** The ENS stand-in: `alice.eth` resolves forward (give `universalResolver` to the gateway's `ens`). */
  ens: EnsFixture
  /** ERC-4337 v0.7: EntryPoint (canonical address), SimpleAccountFactory, a staked and funded VerifyingPaymaster. */
  accountAbstraction: AaFixtures
}

export const artifacts = {
  Multicall3: multicallArtifact as { abi: Abi; deployedBytecode: Hex },
  PorticoToken: tokenArtifact as { abi: Abi; bytecode: Hex },
  PorticoCollectible: collectibleArtifact as { abi: Abi; bytecode: Hex },
  PorticoMultiToken: multiTokenArtifact as { abi: Abi; bytecode: Hex },
}

const TOKEN_SPECS = [
  { name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
] as const
const COLLECTIBLE = { name: 'Portico Pass', symbol: 'PASS', perHolder: 2, holders: 3 }
const MULTI_TOKEN = { name: 'Portico Badges', symbol: 'BADGE', holders: 3 }
const TOKEN_GRANT = '1000000'
/** Fixtures are deployed by the last dev account so accounts 0–8 keep nonce 0 for tests. */
const DEPLOYER_INDEX = 9

/**
 * The fixture addresses, computed without a node: the deployer's first four
 * nonces on a fresh anvil. `deployEvmFixtures` checks the node agrees.
 */
export function getEvmFixtures(): EvmFixtures {
  const accounts = getDevAccounts()
  const deployer = accounts[DEPLOYER_INDEX]!.address
  const tokens = TOKEN_SPECS.map((spec, i) => ({
    ...spec,
    address: getContractAddress({ from: deployer, nonce: BigInt(i) }),
  }))
  const owners: Record<string, Address> = {}
  let id = 0
  for (const holder of accounts.slice(0, COLLECTIBLE.holders)) {
    for (let j = 0; j < COLLECTIBLE.perHolder; j++) owners[String(++id)] = holder.address
  }
  return {
    multicall3: MULTICALL3_ADDRESS,
    tokens,
    collectible: {
      name: COLLECTIBLE.name,
      symbol: COLLECTIBLE.symbol,
      address: getContractAddress({ from: deployer, nonce: BigInt(TOKEN_SPECS.length) }),
      owners,
    },
    multiToken: {
      name: MULTI_TOKEN.name,
      symbol: MULTI_TOKEN.symbol,
      address: getContractAddress({ from: deployer, nonce: BigInt(TOKEN_SPECS.length + 1) }),
      items: MULTI_TOKEN_ITEMS.map((item, k) => ({
        id: String(k + 1),
        name: item.name,
        amount: item.amount.toString(),
      })),
      holders: accounts.slice(0, MULTI_TOKEN.holders).map((a) => a.address),
    },
    accounts,
    tokenGrant: TOKEN_GRANT,
    dex: getDexFixtures(tokens),
    ens: getEnsFixture(),
    accountAbstraction: getAaFixtures(),
  }
}

/**
 * Deploys the fixtures on a fresh anvil: Multicall3 and the smart-account
 * factory (SMART_ACCOUNT_FACTORY_ADDRESS) via anvil_setCode, the two
 * ERC-20s (every dev account funded with 1,000,000 of each), the ERC-721, the
 * ERC-1155 (on-chain metadata and images), the Uniswap V2 DEX with its three pools and
 * the ENS stand-in (`alice.eth`, from its own deployer key), and ERC-4337 v0.7
 * (EntryPoint, SimpleAccountFactory, a VerifyingPaymaster; their own deployer key).
 * Deterministic: same addresses on every fresh node. Idempotent on a node that
 * already has them.
 */
export async function deployEvmFixtures(rpcUrl: string, chainId: number): Promise<EvmFixtures> {
  const fixtures = getEvmFixtures()
  await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, artifacts.Multicall3.deployedBytecode])
  await installSmartAccountFactory(rpcUrl)

  const existing = await rpc<Hex>(rpcUrl, 'eth_getCode', [fixtures.tokens[0]!.address, 'latest'])
  if (existing && existing !== '0x') {
    await deployDex(rpcUrl, chainId, fixtures.tokens)
    await installEnsFixture(rpcUrl, chainId)
    await deployAccountAbstraction(rpcUrl, chainId)
    return fixtures
  }

  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const deployer = privateKeyToAccount(fixtures.accounts[DEPLOYER_INDEX]!.privateKey)
  const wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
  const holders = fixtures.accounts.map((a) => a.address)

  const deployments: Hex[] = [
    ...TOKEN_SPECS.map((spec) =>
      encodeDeployData({
        abi: artifacts.PorticoToken.abi,
        bytecode: artifacts.PorticoToken.bytecode,
        args: [spec.name, spec.symbol, spec.decimals, holders, parseUnits(TOKEN_GRANT, spec.decimals)],
      }),
    ),
    encodeDeployData({
      abi: artifacts.PorticoCollectible.abi,
      bytecode: artifacts.PorticoCollectible.bytecode,
      args: [
        COLLECTIBLE.name,
        COLLECTIBLE.symbol,
        collectibleUriParts().prefix,
        collectibleUriParts().suffix,
        holders.slice(0, COLLECTIBLE.holders),
        BigInt(COLLECTIBLE.perHolder),
      ],
    }),
    encodeDeployData({
      abi: artifacts.PorticoMultiToken.abi,
      bytecode: artifacts.PorticoMultiToken.bytecode,
      args: [
        MULTI_TOKEN.name,
        MULTI_TOKEN.symbol,
        multiTokenUris(),
        holders.slice(0, MULTI_TOKEN.holders),
        MULTI_TOKEN_ITEMS.map((item) => item.amount),
      ],
    }),
  ]
  const startNonce = await client.getTransactionCount({ address: deployer.address })
  if (startNonce !== 0)
    throw new Error(`deployer nonce is ${startNonce} on chain ${chainId}: not a fresh devnet`)
  const hashes: Hex[] = []
  for (const [nonce, data] of deployments.entries()) {
    hashes.push(await wallet.sendTransaction({ data, nonce, gas: 5_000_000n }))
  }
  const expected = [
    ...fixtures.tokens.map((t) => t.address),
    fixtures.collectible.address,
    fixtures.multiToken.address,
  ]
  for (const [i, hash] of hashes.entries()) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (
      receipt.status !== 'success' ||
      receipt.contractAddress?.toLowerCase() !== expected[i]!.toLowerCase()
    ) {
      throw new Error(`fixture deployment ${i} failed on chain ${chainId}`)
    }
  }
  await deployDex(rpcUrl, chainId, fixtures.tokens)
  await installEnsFixture(rpcUrl, chainId)
  await deployAccountAbstraction(rpcUrl, chainId)
  return fixtures
}
