// Issue 30: Swap asks core for the wallet's EIP-5792 capabilities (portico.getCallsCapabilities) and
// sends approve + swap as one atomic batch (portico.sendCalls → waitForCalls) where the wallet runs
// batches atomically — the Portico Dev Wallet's EIP-7702 batch on real anvil — and as two
// transactions where the wallet has no EIP-5792 (it answers -32601 "method not found").
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getSwapController } from './controller/index.js'
import { swapPlugin } from './index.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
let devnet: EvmDevnet
let gateway: Gateway
let gatewayUrl: string
let dataDir: string
let portico: Portico | undefined

beforeAll(async () => {
  devnet = await startEvmDevnet()
  dataDir = mkdtempSync(join(tmpdir(), 'portico-swap-wallet-batch-'))
  const tokens = devnet.fixtures.tokens.map(({ address, symbol, name, decimals }) => ({
    address,
    symbol,
    name,
    decimals,
  }))
  gateway = await createGateway(
    resolveConfig({
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      databaseUrl: `sqlite:${join(dataDir, 'db.sqlite')}`,
      networks: [
        {
          caipNetworkId: 'eip155:31337',
          rpcUrl: devnet.chains[0]!.rpcUrl,
          multicall3: devnet.fixtures.multicall3,
          tokens,
          swap: { router: devnet.fixtures.dex.router },
        },
      ],
    }),
    { indexer: false },
  )
  gatewayUrl = await gateway.listen()
}, 120_000)
afterEach(() => {
  portico?.destroy()
  portico = undefined
})
afterAll(async () => {
  await gateway?.close()
  await devnet?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const client = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
const token = (symbol: string) => devnet.fixtures.tokens.find((t) => t.symbol === symbol)!
const caip = (symbol: string) => `eip155:31337:${token(symbol).address.toLowerCase()}`
const balanceOf = (symbol: string, owner: Address) =>
  client().readContract({
    address: token(symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

async function start(calls: boolean, seed: bigint): Promise<{ wallet: DevWallet; address: Address }> {
  const networks = [
    withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
    withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
  ]
  const wallet = createDevWallet({ networks, privateKeys: [toHex(seed, { size: 32 })], dialect: { calls } })
  portico = createPortico({
    adapters: [
      evmAdapter({
        networks,
        connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      }),
    ],
    apiUrl: gatewayUrl,
    projectId: 'local',
    plugins: [swapPlugin()],
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(ID, { caipNetworkId: 'eip155:31337' })
  const address = wallet.address
  const funder = privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex)
  const w = createWalletClient({ account: funder, transport: http(devnet.chains[0]!.rpcUrl) })
  await client().waitForTransactionReceipt({
    hash: await w.sendTransaction({ to: address, value: parseEther('1'), chain: null }),
  })
  await client().waitForTransactionReceipt({
    hash: await w.writeContract({
      address: token('USDC').address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 100_000_000n],
      chain: null,
    }),
  })
  return { wallet, address }
}

async function swapTenUsdc() {
  const controller = getSwapController(portico!)!
  await controller.load()
  controller.setFrom(caip('USDC'))
  controller.setTo(caip('DAI'))
  controller.setAmount('10')
  await controller.fetchQuote()
  await controller.checkAllowance()
  expect(controller.needsApproval()).toBe(true)
  const quote = controller.getState().quote!
  await controller.execute()
  return { state: controller.getState(), quote }
}

describe('Swap: one batch where the wallet can, two steps where it cannot (EIP-5792 through core, issue 30)', () => {
  it('a wallet with atomic EIP-5792 (the dev wallet, EIP-7702): approve + swap in one transaction, no separate approval, DAI arrives', async () => {
    const { wallet, address } = await start(true, 0xc0ffee01n)
    const before = await balanceOf('DAI', address)
    const { state, quote } = await swapTenUsdc()
    expect(state.stepError).toBeUndefined()
    expect(state.step).toBe('success')
    expect(state.batched).toBe(true)
    expect(state.approveHash).toBeUndefined()
    expect(wallet.requests).toContain('wallet_sendCalls')
    expect(wallet.requests).not.toContain('eth_sendTransaction')
    expect((await balanceOf('DAI', address)) - before).toBe(quote.toUnits)
    expect(await balanceOf('USDC', address)).toBe(90_000_000n)
  }, 120_000)

  it('a wallet without EIP-5792 (-32601 "method not found"): the approval, then the swap, as two transactions', async () => {
    const { wallet, address } = await start(false, 0xc0ffee02n)
    const before = await balanceOf('DAI', address)
    const { state, quote } = await swapTenUsdc()
    expect(state.stepError).toBeUndefined()
    expect(state.step).toBe('success')
    expect(state.batched).not.toBe(true)
    expect(state.approveHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(wallet.requests).not.toContain('wallet_sendCalls')
    expect(wallet.requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
    expect((await balanceOf('DAI', address)) - before).toBe(quote.toUnits)
  }, 120_000)
})
