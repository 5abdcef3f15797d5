import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico } from '@portico/core'
import { type EvmDevnet, startEvmDevnet, uniswapArtifacts } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeErrorResult,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseGwei,
  parseUnits,
  size,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BAD_CHECKSUM_TEXT,
  getSwapController,
  INVALID_TOKEN_ADDRESS_TEXT,
  NOT_A_TOKEN_TEXT,
  SWAP_NOT_SUPPORTED_TEXT,
} from './controller/index.js'
import { swapPlugin } from './index.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }
const NATIVE = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

let devnet: EvmDevnet
let gateway: Gateway
let gatewayUrl: string
let dataDir: string
let portico: Portico | undefined

beforeAll(async () => {
  devnet = await startEvmDevnet()
  dataDir = mkdtempSync(join(tmpdir(), 'portico-swap-'))
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
        // The second chain is read by the gateway but has no DEX.
        {
          caipNetworkId: 'eip155:31338',
          rpcUrl: devnet.chains[1]!.rpcUrl,
          multicall3: devnet.fixtures.multicall3,
          tokens,
        },
      ],
    }),
    { indexer: false },
  )
  gatewayUrl = await gateway.listen()
}, 60_000)
afterEach(() => {
  portico?.destroy()
  portico = undefined
})
afterAll(async () => {
  await gateway?.close()
  await devnet?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(key: number) {
  const networks = [
    withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
    withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
  ]
  // This suite checks Swap's two-step path (approve → wait → swap): the wallet answers EIP-5792 with
  // -32601, as a wallet without it does. The batched path is swap-wallet-batch.test.ts.
  const wallet = createDevWallet({
    networks,
    privateKeys: [devnet.fixtures.accounts[key]!.privateKey],
    dialect: { calls: false },
  })
  const instance = createPortico({
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
  portico = instance
  await instance.connect(ID)
  const controller = getSwapController(instance)!
  const address = devnet.fixtures.accounts[key]!.address
  return { portico: instance, controller, address }
}

const client = () => createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
/** An anvil control call (`evm_setAutomine`, `evm_mine`) on the first chain. */
const anvil = (method: string, params: unknown[]) =>
  client().request({ method, params } as never) as Promise<unknown>
const token = (symbol: string) => devnet.fixtures.tokens.find((t) => t.symbol === symbol)!
const caip = (symbol: string) => `eip155:31337:${token(symbol).address.toLowerCase()}`
const balanceOf = (symbol: string, owner: Address) =>
  client().readContract({
    address: token(symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
/** Runtime code that reverts every call with `data` (a prologue copying it from the code, then REVERT). */
function revertingCode(data: Hex): Hex {
  const n = size(data)
  if (n > 255) throw new Error('revert data too long for this prologue')
  const len = n.toString(16).padStart(2, '0')
  return concatHex([`0x60${len}600c600039${`60${len}`}6000fd`, data])
}
const routerOut = async (amount: bigint, path: Address[]) =>
  (
    (await client().readContract({
      address: devnet.fixtures.dex.router,
      abi: uniswapArtifacts().Router02.abi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })) as bigint[]
  ).at(-1)!

describe('swapPlugin on a real Portico, gateway and anvil', () => {
  it('registers the Swap views lazily and a "Swap" account action', async () => {
    const { portico } = await start(1)
    expect(portico.getViewLoader?.('Swap')).toBeTypeOf('function')
    expect(portico.getViewLoader?.('SwapSelectToken')).toBeTypeOf('function')
    expect(portico.getViewLoader?.('SwapPreview')).toBeTypeOf('function')
    expect(portico.getAccountActions?.()).toContainEqual({
      id: 'swap',
      label: 'Swap',
      // Translated labels for the shipped locales (issue 20), without loading the views.
      labels: { es: 'Intercambiar', zh: '兑换', ja: 'スワップ', ar: 'مبادلة' },
      view: 'Swap',
      // Only EVM accounts offer it: the other namespaces have no DEX.
      namespaces: ['eip155'],
    })
  })

  it('loads ETH, USDC, DAI with the account balances; ETH → USDC by default; slippage 1 % (SPEC §9)', async () => {
    const { controller } = await start(1)
    await controller.load()
    const s = controller.getState()
    expect(s.status).toBe('ready')
    expect(s.tokens.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'DAI'])
    expect(s.from?.symbol).toBe('ETH')
    expect(s.to?.symbol).toBe('USDC')
    expect(s.slippage).toBe(1)
    await vi.waitFor(() => expect(controller.getState().tokens[1]?.balance).toBe(parseUnits('1000000', 6)))
    // Max keeps gas for native input: less than the whole 10,000 ETH.
    const max = Number(controller.maxAmount())
    expect(max).toBeLessThan(10_000)
    expect(max).toBeGreaterThan(9_999)
  })

  it('swaps 1 ETH → USDC through the connected wallet: the quote is the router’s, balances move by it', async () => {
    const { controller, address } = await start(2)
    await controller.load()
    controller.setAmount('1')
    await controller.fetchQuote()
    const quote = controller.getState().quote!
    expect(quote.toUnits).toBe(
      await routerOut(parseEther('1'), [devnet.fixtures.dex.weth, token('USDC').address]),
    )
    expect(controller.needsApproval()).toBe(false)
    const before = await balanceOf('USDC', address)
    await controller.execute()
    const s = controller.getState()
    expect(s.stepError).toBeUndefined()
    expect(s.step).toBe('success')
    expect(s.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balanceOf('USDC', address)) - before).toBe(quote.toUnits)
  })

  it('USDC → DAI goes through the approve step (approve → wait → swap)', async () => {
    const { controller, address } = await start(3)
    await controller.load()
    controller.setFrom(caip('USDC'))
    controller.setTo(caip('DAI'))
    controller.setAmount('250')
    await controller.fetchQuote()
    await controller.checkAllowance()
    expect(controller.needsApproval()).toBe(true)
    const steps: string[] = []
    const off = controller.subscribe(() => {
      const step = controller.getState().step
      if (steps.at(-1) !== step) steps.push(step)
    })
    const daiBefore = await balanceOf('DAI', address)
    await controller.execute()
    off()
    expect(controller.getState().stepError).toBeUndefined()
    expect(steps).toEqual(['form', 'approving', 'swapping', 'success'])
    expect(controller.getState().approveHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await balanceOf('DAI', address)) - daiBefore).toBe(controller.getState().quote!.toUnits)
  })

  it('a price move beyond the slippage fails the swap with a message, and "try again" with a fresh quote succeeds', async () => {
    const { controller, address } = await start(4)
    await controller.load()
    controller.setAmount('1')
    await controller.fetchQuote()
    // Someone else buys 30 ETH of USDC first: about 6 % worse than quoted.
    const whale = privateKeyToAccount(devnet.fixtures.accounts[8]!.privateKey)
    const wallet = createWalletClient({ account: whale, transport: http(devnet.chains[0]!.rpcUrl) })
    const hash = await wallet.writeContract({
      address: devnet.fixtures.dex.router,
      abi: uniswapArtifacts().Router02.abi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [devnet.fixtures.dex.weth, token('USDC').address], whale.address, 2n ** 40n],
      value: parseEther('30'),
      chain: null,
    } as never)
    await client().waitForTransactionReceipt({ hash })
    const before = await balanceOf('USDC', address)
    await controller.execute()
    expect(controller.getState().step).toBe('failed')
    expect(controller.getState().stepError).toMatch(/1% slippage/)
    expect(await balanceOf('USDC', address)).toBe(before)

    controller.reset(true)
    await controller.fetchQuote()
    await controller.execute()
    expect(controller.getState().step).toBe('success')
    expect(await balanceOf('USDC', address)).toBeGreaterThan(before)
  })

  it('a swap that passes estimation and reverts on chain is "failed" with the router’s reason and the hash, never success; balances are read again', async () => {
    const { portico: instance, controller, address } = await start(7)
    let refreshes = 0
    const refresh = instance.refreshBalance.bind(instance)
    instance.refreshBalance = async (...args) => {
      refreshes++
      return refresh(...args)
    }
    await controller.load()
    controller.setAmount('1')
    await controller.fetchQuote()
    const before = await balanceOf('USDC', address)
    // Blocks wait: the visitor's swap sits in the mempool after passing estimation…
    await anvil('evm_setAutomine', [false])
    try {
      const run = controller.execute()
      await vi.waitFor(() => expect(controller.getState().txHash).toBeDefined(), { timeout: 30_000 })
      // …when a whale's 30 ETH buy with a higher tip lands ahead of it in the same block (≈6 % worse than quoted).
      const whale = privateKeyToAccount(devnet.fixtures.accounts[9]!.privateKey)
      const wallet = createWalletClient({ account: whale, transport: http(devnet.chains[0]!.rpcUrl) })
      await wallet.writeContract({
        address: devnet.fixtures.dex.router,
        abi: uniswapArtifacts().Router02.abi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [devnet.fixtures.dex.weth, token('USDC').address], whale.address, 2n ** 40n],
        value: parseEther('30'),
        gas: 300_000n,
        maxPriorityFeePerGas: parseGwei('500'),
        maxFeePerGas: parseGwei('1000'),
        chain: null,
      } as never)
      await anvil('evm_mine', [])
      await run
    } finally {
      await anvil('evm_setAutomine', [true])
    }
    const state = controller.getState()
    expect(state.step).toBe('failed')
    expect(state.sent).toBeUndefined()
    expect(state.failure).toMatchObject({
      txStep: 'swap',
      outcome: {
        status: 'failed',
        hash: state.txHash,
        reason: { message: expect.stringContaining('INSUFFICIENT_OUTPUT_AMOUNT') },
      },
    })
    expect(state.stepError).toMatch(/^The swap reverted on chain: .*INSUFFICIENT_OUTPUT_AMOUNT/)
    expect(instance.getState().outcomes?.[state.txHash!]?.status).toBe('failed')
    const receipt = await client().getTransactionReceipt({ hash: state.txHash as `0x${string}` })
    expect(receipt.status).toBe('reverted')
    expect(await balanceOf('USDC', address)).toBe(before)
    expect(refreshes).toBeGreaterThan(0)
  })

  // Issue 28: the approve step's own outcome. The approval passes estimation and sits in the mempool;
  // the token is then paused (its code replaced on anvil by one that reverts with Error("Pausable:
  // paused"), as a token owner's pause would) before the block is mined, so the approve reverts on
  // chain. The flow stops at "failed" with the approval's reason and hash; no swap is sent.
  it('an approval that reverts on chain is "failed" at the approve step with the token’s reason; the swap is never sent', async () => {
    const { controller, address } = await start(8)
    await controller.load()
    controller.setFrom(caip('USDC'))
    controller.setTo(caip('DAI'))
    controller.setAmount('75')
    await controller.fetchQuote()
    await controller.checkAllowance()
    expect(controller.needsApproval()).toBe(true)
    const usdc = token('USDC').address
    const code = await client().getCode({ address: usdc })
    const nonceBefore = await client().getTransactionCount({ address })
    const steps: string[] = []
    const off = controller.subscribe(() => {
      const step = controller.getState().step
      if (steps.at(-1) !== step) steps.push(step)
    })
    const reason = encodeErrorResult({
      abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
      errorName: 'Error',
      args: ['Pausable: paused'],
    })
    await anvil('evm_setAutomine', [false])
    try {
      const run = controller.execute()
      await vi.waitFor(() => expect(controller.getState().approveHash).toBeDefined(), { timeout: 30_000 })
      await anvil('anvil_setCode', [usdc, revertingCode(reason)])
      await anvil('evm_mine', [])
      await run
    } finally {
      await anvil('anvil_setCode', [usdc, code])
      await anvil('evm_setAutomine', [true])
      off()
    }
    const state = controller.getState()
    expect(steps).toEqual(['form', 'approving', 'failed'])
    expect(state.failure).toMatchObject({
      txStep: 'approve',
      outcome: { status: 'failed', hash: state.approveHash, reason: { message: 'Pausable: paused' } },
    })
    expect(state.stepError).toBe('The approval failed on chain: Pausable: paused')
    expect(state.txHash).toBeUndefined()
    const receipt = await client().getTransactionReceipt({ hash: state.approveHash as `0x${string}` })
    expect(receipt.status).toBe('reverted')
    // Only the approval left the account: no swap transaction followed it, and nothing was approved.
    expect(await client().getTransactionCount({ address })).toBe(nonceBefore + 1)
    const allowance = await client().readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, devnet.fixtures.dex.router],
    })
    expect(allowance).toBe(0n)
    // "Try again" (reset to the form) with the token unpaused approves and swaps.
    controller.reset(true)
    await controller.fetchQuote()
    await controller.checkAllowance()
    expect(controller.needsApproval()).toBe(true)
    await controller.execute()
    expect(controller.getState().step).toBe('success')
  })

  it('a network without a DEX shows "Network not supported for Swaps"', async () => {
    const { portico, controller } = await start(5)
    await portico.switchNetwork('eip155:31338')
    await controller.load()
    expect(controller.getState()).toMatchObject({ status: 'unsupported', message: SWAP_NOT_SUPPORTED_TEXT })
    expect(SWAP_NOT_SUPPORTED_TEXT).toBe('Network not supported for Swaps')
  })

  it('a bad amount asks for no quote', async () => {
    const { controller } = await start(6)
    await controller.load()
    controller.setAmount('abc')
    await controller.fetchQuote()
    expect(controller.getState()).toMatchObject({ quoteStatus: 'idle', quote: undefined })
    expect(NATIVE).toBe(controller.getState().from?.address)
  })

  describe('custom token by address (the picker’s search)', () => {
    // WETH9 of the devnet DEX is an ERC-20 with pools that the gateway's swap list does not name.
    const weth = () => getAddress(devnet.fixtures.dex.weth)

    it('an unlisted ERC-20 pasted by address (EIP-55 or lowercase) is read from the chain, marked imported and quotable', async () => {
      const { controller } = await start(7)
      await controller.load()
      const id = `eip155:31337:${weth().toLowerCase()}`
      expect(controller.getState().tokens.map((t) => t.address)).not.toContain(id)

      await controller.lookupToken(weth().toLowerCase())
      expect(controller.getState().custom).toMatchObject({ status: 'ready' })
      await controller.lookupToken(` ${weth()} `)
      const custom = controller.getState().custom!
      expect(custom.status).toBe('ready')
      expect(custom.token).toEqual({
        address: id,
        symbol: 'WETH',
        name: 'Wrapped Ether',
        decimals: 18,
        balance: 0n,
        imported: true,
      })

      controller.setFrom(caip('USDC'))
      expect(controller.importToken('to')).toBe(true)
      const s = controller.getState()
      expect(s.to).toMatchObject({ address: id, symbol: 'WETH', imported: true })
      expect(s.tokens.find((t) => t.address === id)?.imported).toBe(true)
      expect(s.custom).toBeUndefined()

      controller.setAmount('10')
      await controller.fetchQuote()
      expect(controller.getState().quoteStatus).toBe('ready')
      const out = await routerOut(10_000_000n, [token('USDC').address, weth()])
      expect(controller.getState().quote?.toUnits).toBe(out)
    })

    it('a malformed address, a wrong checksum, an account without code and a non-token contract each say why', async () => {
      const { controller } = await start(6)
      await controller.load()
      await controller.lookupToken('0x1234')
      expect(controller.getState().custom).toMatchObject({
        status: 'invalid',
        message: INVALID_TOKEN_ADDRESS_TEXT,
      })
      expect(INVALID_TOKEN_ADDRESS_TEXT).toBe(
        'Not a valid token address: paste 0x followed by 40 hexadecimal characters',
      )

      // Flip the case of one checksummed letter: still 40 hex digits, but not its EIP-55 form.
      const good = weth()
      const i = [...good].findIndex((c, n) => n > 1 && /[a-fA-F]/.test(c))
      const flipped =
        good.slice(0, i) +
        (good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()) +
        good.slice(i + 1)
      await controller.lookupToken(flipped)
      expect(controller.getState().custom).toMatchObject({ status: 'invalid', message: BAD_CHECKSUM_TEXT })

      await controller.lookupToken(devnet.fixtures.accounts[8]!.address)
      expect(controller.getState().custom).toMatchObject({ status: 'invalid', message: NOT_A_TOKEN_TEXT })
      await controller.lookupToken(devnet.fixtures.dex.router)
      expect(controller.getState().custom).toMatchObject({ status: 'invalid', message: NOT_A_TOKEN_TEXT })
      expect(NOT_A_TOKEN_TEXT).toBe('No ERC-20 token at this address on this network')
      expect(controller.importToken('to')).toBe(false)
    })

    it('the latest search wins: a chain read still under way does not overwrite a malformed address typed after it', async () => {
      const { controller } = await start(6)
      await controller.load()
      const reading = controller.lookupToken(weth())
      expect(controller.getState().custom).toMatchObject({ status: 'loading' })
      await controller.lookupToken('0x12')
      await reading
      expect(controller.getState().custom).toMatchObject({
        query: '0x12',
        status: 'invalid',
        message: INVALID_TOKEN_ADDRESS_TEXT,
      })
    })
  })
})
