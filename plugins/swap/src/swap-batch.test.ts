// Issue 30: Swap sends approve + swap as one atomic EIP-5792 batch when the wallet reports atomic
// support — here the EVM adapter's smart account (a user operation through a real @pimlico/alto
// bundler behind a real gateway, sponsored by its paymaster), on real anvil with the devnet's DEX.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico } from '@portico/core'
import {
  type BundlerProcess,
  type EvmDevnet,
  startBundler,
  startEvmDevnet,
  stopBundler,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import { type Address, createPublicClient, createWalletClient, erc20Abi, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getSwapController } from './controller/index.js'
import { swapPlugin } from './index.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

let devnet: EvmDevnet
let bundler: BundlerProcess
let gateway: Gateway
let gatewayUrl: string
let dataDir: string
let portico: Portico | undefined

beforeAll(async () => {
  devnet = await startEvmDevnet()
  bundler = await startBundler({ rpcUrl: devnet.chains[0]!.rpcUrl, chainId: 31337 })
  dataDir = mkdtempSync(join(tmpdir(), 'portico-swap-batch-'))
  const tokens = devnet.fixtures.tokens.map(({ address, symbol, name, decimals }) => ({
    address,
    symbol,
    name,
    decimals,
  }))
  const aa = devnet.fixtures.accountAbstraction
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
      paymaster: {
        signerKey: aa.paymasterSignerKey,
        chains: [
          {
            chainId: 'eip155:31337',
            bundlerUrl: bundler.url,
            entryPoint: aa.entryPoint,
            paymaster: aa.verifyingPaymaster,
          },
        ],
        policies: [
          {
            projectId: 'local',
            chains: ['eip155:31337'],
            targets: 'any',
            perAccountPerDay: '0.05',
            perDay: '1',
          },
        ],
      },
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
  if (bundler) await stopBundler(bundler)
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

async function start(smart: boolean) {
  const networks = [
    withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
    withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
  ]
  const owner = toHex(0xbadc0de00n + (smart ? 1n : 2n), { size: 32 })
  const wallet = createDevWallet({ networks, privateKeys: [owner] })
  portico = createPortico({
    adapters: [
      evmAdapter({
        networks,
        connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
        ...(smart
          ? {
              smartAccount: {
                factory: devnet.fixtures.accountAbstraction.simpleAccountFactory as Address,
                networks: ['eip155:31337'],
              },
            }
          : {}),
      }),
    ],
    apiUrl: gatewayUrl,
    projectId: 'local',
    plugins: [swapPlugin()],
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(ID, { caipNetworkId: 'eip155:31337' })
  const address = portico.getState().accounts.eip155!.address as Address
  // USDC from the devnet's funded account 0; no ETH at all.
  const funder = privateKeyToAccount(devnet.fixtures.accounts[0]!.privateKey as Hex)
  const w = createWalletClient({ account: funder, transport: http(devnet.chains[0]!.rpcUrl) })
  await client().waitForTransactionReceipt({
    hash: await w.writeContract({
      address: token('USDC').address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 100_000_000n],
      chain: null,
    }),
  })
  return { controller: getSwapController(portico)!, address }
}

describe('Swap batches approve + swap atomically where the wallet can (EIP-5792, issue 30)', () => {
  it('a smart account (atomic: supported) swaps USDC → DAI in one sponsored user operation: no separate approval, zero ETH, DAI arrives', async () => {
    const { controller, address } = await start(true)
    expect(portico!.getState().accounts.eip155!.allAccounts[0]?.type).toBe('smartAccount')
    await controller.load()
    controller.setFrom(caip('USDC'))
    controller.setTo(caip('DAI'))
    controller.setAmount('10')
    await controller.fetchQuote()
    await controller.checkAllowance()
    expect(controller.needsApproval()).toBe(true)
    const quote = controller.getState().quote!
    const before = await balanceOf('DAI', address)
    await controller.execute()
    const s = controller.getState()
    expect(s.stepError).toBeUndefined()
    expect(s.step).toBe('success')
    expect(s.batched).toBe(true)
    expect(s.approveHash).toBeUndefined()
    expect(s.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balanceOf('DAI', address)) - before).toBe(quote.toUnits)
    expect(await balanceOf('USDC', address)).toBe(90_000_000n)
    expect(await client().getBalance({ address })).toBe(0n)
  }, 120_000)
})
