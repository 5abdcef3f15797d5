import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  parseEther,
  toBytes,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../anvil.js'
import batchExecutorJson from '../artifacts/PorticoBatchExecutor.json' with { type: 'json' }
import {
  AA_SALT,
  aaArtifacts,
  CREATE2_DEPLOYER,
  ENTRY_POINT_V07_ADDRESS,
  ENTRY_POINT_V07_SALT,
} from './contracts.js'

/** The ERC-4337 part of the devnet: identical addresses on 31337 and 31338. */
export interface AaFixtures {
  /** EntryPoint v0.7 at its canonical address (CREATE2 through the deterministic deployer). */
  entryPoint: Address
  /** eth-infinitism's SimpleAccountFactory v0.7 (CREATE2, salt 0). */
  simpleAccountFactory: Address
  /** eth-infinitism's VerifyingPaymaster v0.7 sample; its signer is the gateway's paymaster key. */
  verifyingPaymaster: Address
  /** The address whose signatures the paymaster accepts. */
  paymasterSigner: Address
  /** That key (devnet only): the gateway's devnet config signs sponsorships with it. */
  paymasterSignerKey: Hex
  /** What the paymaster holds at the EntryPoint to pay for sponsored operations (wei, decimal). */
  paymasterDeposit: string
  /** The paymaster's stake at the EntryPoint (wei, decimal) and its unstake delay (s). */
  paymasterStake: string
  paymasterUnstakeDelaySec: number
  /**
   * PorticoBatchExecutor (CREATE2, salt 0): the EIP-7702 delegate the dev
   * wallets' EIP-5792 atomic batches run through (`@portico/dev-wallets/evm`'s
   * `DEV_BATCH_EXECUTOR` is this address).
   */
  batchExecutor: Address
}

/**
 * Fixed devnet keys, derived from labels so they never collide with anvil's dev
 * accounts (whose nonces other fixtures' addresses depend on). Devnet only:
 * never fund these on a real chain.
 */
export const AA_DEPLOYER_KEY: Hex = keccak256(toBytes('portico devnet erc-4337 deployer'))
export const PAYMASTER_SIGNER_KEY: Hex = keccak256(toBytes('portico devnet paymaster signer'))

const PAYMASTER_DEPOSIT = parseEther('1000')
const PAYMASTER_STAKE = parseEther('1')
const UNSTAKE_DELAY_SEC = 86_400

const batchExecutorArtifact = () => batchExecutorJson as { abi: unknown[]; bytecode: Hex }

/** The AA addresses, computed without a node. */
export function getAaFixtures(): AaFixtures {
  const a = aaArtifacts()
  const factoryInit = encodeDeployData({
    abi: a.SimpleAccountFactory.abi,
    bytecode: a.SimpleAccountFactory.bytecode,
    args: [ENTRY_POINT_V07_ADDRESS],
  })
  const deployer = privateKeyToAccount(AA_DEPLOYER_KEY).address
  return {
    entryPoint: getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt: ENTRY_POINT_V07_SALT,
      bytecode: a.EntryPoint.bytecode,
    }),
    simpleAccountFactory: getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt: AA_SALT,
      bytecode: factoryInit,
    }),
    // A plain CREATE by the AA deployer (its third transaction) so the deployer owns it (BasePaymaster is Ownable(msg.sender)) and can stake.
    verifyingPaymaster: getContractAddress({ from: deployer, nonce: 2n }),
    paymasterSigner: privateKeyToAccount(PAYMASTER_SIGNER_KEY).address,
    paymasterSignerKey: PAYMASTER_SIGNER_KEY,
    paymasterDeposit: PAYMASTER_DEPOSIT.toString(),
    paymasterStake: PAYMASTER_STAKE.toString(),
    paymasterUnstakeDelaySec: UNSTAKE_DELAY_SEC,
    batchExecutor: getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt: AA_SALT,
      bytecode: batchExecutorArtifact().bytecode,
    }),
  }
}

/**
 * Deploys EntryPoint v0.7 (canonical address), SimpleAccountFactory and a
 * VerifyingPaymaster on one anvil, then deposits 1,000 ETH for the paymaster
 * and stakes 1 ETH for it. Idempotent: a node that already has the paymaster
 * is left as it is. Throws if the EntryPoint does not land at its canonical
 * address (the artifact changed).
 */
export async function deployAccountAbstraction(rpcUrl: string, chainId: number): Promise<AaFixtures> {
  const fx = getAaFixtures()
  if (fx.entryPoint !== ENTRY_POINT_V07_ADDRESS) {
    throw new Error(
      `EntryPoint artifact gives ${fx.entryPoint}, not the canonical ${ENTRY_POINT_V07_ADDRESS}`,
    )
  }
  const existing = await rpc<Hex>(rpcUrl, 'eth_getCode', [fx.verifyingPaymaster, 'latest'])
  if (existing && existing !== '0x') return fx

  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(AA_DEPLOYER_KEY)
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
  await rpc(rpcUrl, 'anvil_setBalance', [account.address, toHex(parseEther('10000'))])
  const nonce = await client.getTransactionCount({ address: account.address })
  if (nonce !== 0)
    throw new Error(`ERC-4337 deployer nonce is ${nonce} on chain ${chainId}: not a fresh devnet`)

  const a = aaArtifacts()
  const paymasterAbi = a.VerifyingPaymaster.abi
  const txs: { to?: Address; data: Hex; value?: bigint }[] = [
    { to: CREATE2_DEPLOYER, data: concatHex([ENTRY_POINT_V07_SALT, a.EntryPoint.bytecode]) },
    {
      to: CREATE2_DEPLOYER,
      data: concatHex([
        AA_SALT,
        encodeDeployData({
          abi: a.SimpleAccountFactory.abi,
          bytecode: a.SimpleAccountFactory.bytecode,
          args: [fx.entryPoint],
        }),
      ]),
    },
    {
      data: encodeDeployData({
        abi: paymasterAbi,
        bytecode: a.VerifyingPaymaster.bytecode,
        args: [fx.entryPoint, fx.paymasterSigner],
      }),
    },
    {
      to: fx.verifyingPaymaster,
      value: PAYMASTER_DEPOSIT,
      data: encodeFunctionData({ abi: paymasterAbi, functionName: 'deposit' }),
    },
    {
      to: fx.verifyingPaymaster,
      value: PAYMASTER_STAKE,
      data: encodeFunctionData({ abi: paymasterAbi, functionName: 'addStake', args: [UNSTAKE_DELAY_SEC] }),
    },
    { to: CREATE2_DEPLOYER, data: concatHex([AA_SALT, batchExecutorArtifact().bytecode]) },
  ]
  const hashes: Hex[] = []
  for (const [i, tx] of txs.entries()) {
    hashes.push(await wallet.sendTransaction({ ...tx, nonce: i, gas: 8_000_000n }))
  }
  for (const [i, hash] of hashes.entries()) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success')
      throw new Error(`ERC-4337 deployment step ${i} reverted on chain ${chainId}`)
  }
  const codes = await Promise.all(
    [fx.entryPoint, fx.simpleAccountFactory, fx.verifyingPaymaster, fx.batchExecutor].map((x) =>
      rpc<Hex>(rpcUrl, 'eth_getCode', [x, 'latest']),
    ),
  )
  if (codes.some((c) => !c || c === '0x')) {
    throw new Error(`ERC-4337 contracts are not where expected on chain ${chainId}`)
  }
  return fx
}
