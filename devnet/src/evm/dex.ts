import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  pad,
  parseEther,
  parseUnits,
  toBytes,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from './anvil.js'

/** A Uniswap V2 pool the devnet seeds, with its reserves in whole units. */
export interface DexPoolFixture {
  /** Pair contract (CREATE2 from the factory, so known before deployment). */
  address: Address
  /** Symbols of the two sides; `ETH` means the WETH side. */
  symbols: [string, string]
  /** Reserves in whole units, in the order of `symbols`. */
  reserves: [string, string]
}

/** The devnet's Uniswap V2 deployment: identical addresses on every chain. */
export interface DexFixtures {
  weth: Address
  factory: Address
  router: Address
  /** keccak256 of the pair creation code (what Router02 derives pair addresses with). */
  pairInitCodeHash: Hex
  pools: DexPoolFixture[]
}

interface Artifact {
  abi: Abi
  bytecode: string
}

const require = createRequire(import.meta.url)
let loaded: Record<'WETH9' | 'Factory' | 'Router02' | 'Pair', Artifact> | undefined

/**
 * The prebuilt Uniswap V2 artifacts shipped by `@uniswap/v2-core@1.0.1` and
 * `@uniswap/v2-periphery@1.1.0-beta.0`. Loaded on first use: they are large,
 * and solc-js cannot rebuild their 0.5/0.6 sources offline.
 */
export function uniswapArtifacts(): Record<'WETH9' | 'Factory' | 'Router02' | 'Pair', Artifact> {
  loaded ??= {
    WETH9: require('@uniswap/v2-periphery/build/WETH9.json'),
    Factory: require('@uniswap/v2-core/build/UniswapV2Factory.json'),
    Router02: require('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    Pair: require('@uniswap/v2-core/build/UniswapV2Pair.json'),
  }
  return loaded
}

const hex = (bytecode: string): Hex => (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex

/**
 * The DEX has its own deployer (a fixed key, funded with anvil_setBalance), so
 * its addresses do not depend on how many other fixtures the dev accounts deploy.
 * Devnet only: never fund this key on a real chain.
 */
export const DEX_DEPLOYER_KEY: Hex = keccak256(toBytes('portico devnet uniswap v2 deployer'))

/** ETH is priced at 3,000 USD in the pools, as in the gateway's default price table. */
const POOLS = [
  { symbols: ['ETH', 'USDC'], reserves: ['1000', '3000000'] },
  { symbols: ['ETH', 'DAI'], reserves: ['1000', '3000000'] },
  { symbols: ['USDC', 'DAI'], reserves: ['2000000', '2000000'] },
] as const satisfies readonly { symbols: readonly [string, string]; reserves: readonly [string, string] }[]

/** `balanceOf` is the 4th storage slot of devnet/contracts/PorticoToken.sol (name, symbol, totalSupply, balanceOf). */
const TOKEN_TOTAL_SUPPLY_SLOT = 2n
const TOKEN_BALANCE_SLOT = 3n

/**
 * Computes the DEX addresses without a node: WETH9, the factory and Router02
 * are the deployer's nonces 0–2; pools are CREATE2 pairs of the factory.
 */
export function getDexFixtures(tokens: readonly { symbol: string; address: Address }[]): DexFixtures {
  const deployer = privateKeyToAccount(DEX_DEPLOYER_KEY).address
  const weth = getContractAddress({ from: deployer, nonce: 0n })
  const factory = getContractAddress({ from: deployer, nonce: 1n })
  const router = getContractAddress({ from: deployer, nonce: 2n })
  const pairInitCodeHash = keccak256(hex(uniswapArtifacts().Pair.bytecode))
  const addressOf = (symbol: string): Address => {
    if (symbol === 'ETH') return weth
    const token = tokens.find((t) => t.symbol === symbol)
    if (!token) throw new Error(`DEX pool names ${symbol}, which is not a devnet token`)
    return token.address
  }
  const pools = POOLS.map((p) => {
    const [a, b] = [addressOf(p.symbols[0]), addressOf(p.symbols[1])]
    const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
    const salt = keccak256(encodePacked2(t0, t1))
    return {
      address: getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: pairInitCodeHash }),
      symbols: [...p.symbols] as [string, string],
      reserves: [...p.reserves] as [string, string],
    }
  })
  return { weth, factory, router, pairInitCodeHash, pools }
}

// abi.encodePacked(address, address): 20 + 20 bytes.
function encodePacked2(a: Address, b: Address): Hex {
  return `0x${a.slice(2)}${b.slice(2)}`.toLowerCase() as Hex
}

/**
 * Deploys Uniswap V2 (WETH9, factory, Router02) on a fresh anvil and seeds the
 * ETH/USDC, ETH/DAI and USDC/DAI pools. The deployer's tokens are written into
 * the fixture tokens' storage (balance and total supply) instead of minted, so
 * the fixture deployer's nonces stay untouched. Idempotent: a node that already
 * has the router is left as it is.
 */
export async function deployDex(
  rpcUrl: string,
  chainId: number,
  tokens: readonly { symbol: string; address: Address; decimals: number }[],
): Promise<DexFixtures> {
  const dex = getDexFixtures(tokens)
  const existing = await rpc<Hex>(rpcUrl, 'eth_getCode', [dex.router, 'latest'])
  if (existing && existing !== '0x') return dex

  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(DEX_DEPLOYER_KEY)
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
  const a = uniswapArtifacts()

  await rpc(rpcUrl, 'anvil_setBalance', [account.address, toHex(parseEther('10000'))])
  const decimalsOf = (symbol: string) =>
    symbol === 'ETH' ? 18 : (tokens.find((t) => t.symbol === symbol)?.decimals ?? 18)
  const seeded = new Map<string, bigint>()
  for (const p of POOLS) {
    p.symbols.forEach((s, i) => {
      if (s !== 'ETH') seeded.set(s, (seeded.get(s) ?? 0n) + parseUnits(p.reserves[i]!, decimalsOf(s)))
    })
  }
  for (const [symbol, amount] of seeded) {
    const token = tokens.find((t) => t.symbol === symbol)!
    await addTokenBalance(rpcUrl, token.address, account.address, amount)
  }

  const nonce = await client.getTransactionCount({ address: account.address })
  if (nonce !== 0) throw new Error(`DEX deployer nonce is ${nonce} on chain ${chainId}: not a fresh devnet`)
  const txs: { data?: Hex; to?: Address; value?: bigint }[] = [
    { data: hex(a.WETH9.bytecode) },
    {
      data: encodeDeployData({
        abi: a.Factory.abi,
        bytecode: hex(a.Factory.bytecode),
        args: [account.address],
      }),
    },
    {
      data: encodeDeployData({
        abi: a.Router02.abi,
        bytecode: hex(a.Router02.bytecode),
        args: [dex.factory, dex.weth],
      }),
    },
  ]
  for (const symbol of seeded.keys()) {
    const token = tokens.find((t) => t.symbol === symbol)!
    txs.push({
      to: token.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [dex.router, maxUint256] }),
    })
  }
  const deadline = 2n ** 40n
  for (const p of POOLS) {
    const [s0, s1] = p.symbols
    const [r0, r1] = [parseUnits(p.reserves[0], decimalsOf(s0)), parseUnits(p.reserves[1], decimalsOf(s1))]
    const addr = (s: string) => tokens.find((t) => t.symbol === s)!.address
    if (s0 === 'ETH') {
      txs.push({
        to: dex.router,
        value: r0,
        data: encodeFunctionData({
          abi: ROUTER_ABI,
          functionName: 'addLiquidityETH',
          args: [addr(s1), r1, r1, r0, account.address, deadline],
        }),
      })
    } else {
      txs.push({
        to: dex.router,
        data: encodeFunctionData({
          abi: ROUTER_ABI,
          functionName: 'addLiquidity',
          args: [addr(s0), addr(s1), r0, r1, r0, r1, account.address, deadline],
        }),
      })
    }
  }
  const hashes: Hex[] = []
  for (const [i, tx] of txs.entries()) {
    hashes.push(await wallet.sendTransaction({ ...tx, nonce: i, gas: 6_000_000n }))
  }
  for (const [i, hash] of hashes.entries()) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`DEX deployment step ${i} reverted on chain ${chainId}`)
  }
  const [wethCode, routerCode, ...pairCodes] = await Promise.all(
    [dex.weth, dex.router, ...dex.pools.map((p) => p.address)].map((x) =>
      rpc<Hex>(rpcUrl, 'eth_getCode', [x, 'latest']),
    ),
  )
  if ([wethCode, routerCode, ...pairCodes].some((c) => !c || c === '0x')) {
    throw new Error(`DEX contracts are not where expected on chain ${chainId}`)
  }
  return dex
}

const ROUTER_ABI = [
  {
    type: 'function',
    name: 'addLiquidityETH',
    stateMutability: 'payable',
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'amountTokenDesired', type: 'uint256' },
      { name: 'amountTokenMin', type: 'uint256' },
      { name: 'amountETHMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'addLiquidity',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
      { name: 'amountADesired', type: 'uint256' },
      { name: 'amountBDesired', type: 'uint256' },
      { name: 'amountAMin', type: 'uint256' },
      { name: 'amountBMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

async function addTokenBalance(rpcUrl: string, token: Address, holder: Address, amount: bigint) {
  const balanceSlot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, TOKEN_BALANCE_SLOT]),
  )
  const supplySlot = pad(toHex(TOKEN_TOTAL_SUPPLY_SLOT), { size: 32 })
  const [balance, supply] = await Promise.all([
    rpc<Hex>(rpcUrl, 'eth_getStorageAt', [token, balanceSlot, 'latest']),
    rpc<Hex>(rpcUrl, 'eth_getStorageAt', [token, supplySlot, 'latest']),
  ])
  await rpc(rpcUrl, 'anvil_setStorageAt', [
    token,
    balanceSlot,
    pad(toHex(BigInt(balance) + amount), { size: 32 }),
  ])
  await rpc(rpcUrl, 'anvil_setStorageAt', [
    token,
    supplySlot,
    pad(toHex(BigInt(supply) + amount), { size: 32 }),
  ])
}
