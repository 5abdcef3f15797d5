import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPortico, type Portico, type PorticoEventMap, type TokenBalance } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { type Address, encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet } from './dev-wallet/index.js'
import { type EvmNetwork, withRpcUrls } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** An RPC endpoint that answers every request with HTTP 503 and records the JSON-RPC methods asked (a broken node). */
async function startBrokenRpc() {
  const methods: string[] = []
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    const parsed = JSON.parse(body) as { method: string } | { method: string }[]
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) methods.push(call.method)
    res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('token balances without a gateway: core + evmAdapter.getTokenBalances on real anvil (SPEC §3, §4, §8, §9)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let portico: Portico | undefined
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
  })
  afterEach(() => {
    portico?.destroy()
    portico = undefined
    vi.useRealTimers()
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  /** createPortico with no apiUrl, the dev wallet as a configured connector, the devnet tokens configured. */
  function start(opts: { keys?: number[]; networks?: EvmNetwork[]; rpcUrl?: string } = {}) {
    const wallet = createDevWallet({
      networks,
      privateKeys: (opts.keys ?? [0]).map((i) => devnet.fixtures.accounts[i]!.privateKey),
    })
    const list = opts.networks ?? networks
    const readNetworks = opts.rpcUrl ? list.map((n) => withRpcUrls(n, [opts.rpcUrl!])) : list
    const fetches: string[] = []
    const tokens = Object.fromEntries(list.map((n) => [n.caipNetworkId, devnet.fixtures.tokens]))
    const instance = createPortico({
      adapters: [
        evmAdapter({
          networks: readNetworks,
          tokens,
          connectors: [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
          transport: { onFetchRequest: (r) => void fetches.push(r.url) },
        }),
      ],
      storage: 'memory',
      logger: quiet,
    })
    portico = instance
    const errors: PorticoEventMap['ERROR'][] = []
    instance.on('ERROR', (e) => errors.push(e))
    return {
      portico: instance,
      wallet,
      fetches,
      tokenErrors: () => errors.filter((e) => e.event === 'TOKEN_BALANCE'),
    }
  }
  const account = (p: Portico) => p.getState().accounts.eip155
  const bySymbol = (p: Portico, symbol: string) => account(p)?.tokenBalance.find((t) => t.symbol === symbol)
  const usdc = () => devnet.fixtures.tokens[0]!
  const dai = () => devnet.fixtures.tokens[1]!

  it('connect fills tokenBalance from the chain: ETH, USDC and DAI of the dev account, in one refresh of ≤ 2 round trips', async () => {
    const { portico, fetches } = start()
    await portico.connect(ID)
    await vi.waitFor(() => expect(account(portico)?.tokenBalance).toHaveLength(3))
    const expected: TokenBalance[] = [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        address: `eip155:31337:${NATIVE}`,
        price: 0,
        quantity: { decimals: '18', numeric: '10000' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: `eip155:31337:${usdc().address.toLowerCase()}`,
        price: 0,
        quantity: { decimals: '6', numeric: '1000000' },
      },
      {
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        chainId: 'eip155:31337',
        address: `eip155:31337:${dai().address.toLowerCase()}`,
        price: 0,
        quantity: { decimals: '18', numeric: '1000000' },
      },
    ]
    expect(account(portico)?.tokenBalance).toEqual(expected)
    expect(account(portico)).toMatchObject({
      balance: '10000.000',
      balanceSymbol: 'ETH',
      balanceLoading: false,
    })

    // refreshBalance: the native read is shared by balance and tokenBalance; the ERC-20s are one multicall.
    fetches.splice(0)
    await portico.refreshBalance?.()
    expect(fetches.length).toBeGreaterThanOrEqual(1)
    expect(fetches.length).toBeLessThanOrEqual(2)
  })

  it('a real ERC-20 transfer shows after refreshBalance(); the receiver sees it after accountsChanged', async () => {
    const { portico, wallet } = start({ keys: [2, 3] })
    await portico.connect(ID)
    await vi.waitFor(() => expect(bySymbol(portico, 'USDC')?.quantity.numeric).toBe('1000000'))
    const hash = await portico.sendTransaction!({
      request: {
        to: usdc().address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [devnet.fixtures.accounts[3]!.address as Address, parseUnits('12.5', 6)],
        }),
      },
    })
    const adapter = portico.getAdapter!('eip155') as ReturnType<typeof evmAdapter>
    expect(
      await adapter.waitForTransaction({ hash: hash as `0x${string}`, caipNetworkId: 'eip155:31337' }),
    ).toMatchObject({ status: 'succeeded' })
    await portico.refreshBalance?.()
    expect(bySymbol(portico, 'USDC')?.quantity.numeric).toBe('999987.5')
    // Gas was paid in ETH.
    expect(Number(bySymbol(portico, 'ETH')?.quantity.numeric)).toBeLessThan(10_000)

    wallet.selectAccount(1)
    await vi.waitFor(() => expect(bySymbol(portico, 'USDC')?.quantity.numeric).toBe('1000012.5'))
    expect(account(portico)?.address).toBe(devnet.fixtures.accounts[3]!.address)
  })

  it('chainChanged reads the new chain; a chain outside the networks gives "Token Balance Unavailable" without a read', async () => {
    const { portico, wallet, tokenErrors } = start({ keys: [4] })
    await portico.connect(ID)
    await vi.waitFor(() => expect(account(portico)?.tokenBalance).toHaveLength(3))
    wallet.selectChain(31338)
    await vi.waitFor(() =>
      expect(account(portico)?.tokenBalance.map((t) => t.chainId)).toEqual([
        'eip155:31338',
        'eip155:31338',
        'eip155:31338',
      ]),
    )
    expect(bySymbol(portico, 'DAI')?.address).toBe(`eip155:31338:${dai().address.toLowerCase()}`)
    expect(tokenErrors()).toEqual([])

    // Same wallet, but this Portico only lists 31337: 31338 is unsupported.
    portico.destroy()
    const only = start({ keys: [4], networks: [networks[0]] })
    await only.portico.connect(ID)
    await vi.waitFor(() => expect(account(only.portico)?.tokenBalance).toHaveLength(3))
    only.fetches.splice(0)
    only.wallet.selectChain(31338)
    await vi.waitFor(() => expect(only.tokenErrors()).toHaveLength(1))
    expect((only.tokenErrors()[0]?.error as Error | undefined)?.message).toContain(
      'Token Balance Unavailable',
    )
    expect(only.portico.getState().networks.unsupported.eip155).toBe(true)
    expect(account(only.portico)).toMatchObject({
      tokenBalance: [],
      balance: undefined,
      balanceLoading: false,
    })
    expect(only.fetches).toEqual([])
  })

  it('a broken RPC gives "Token Balance Unavailable" and blocks retries for 30 s (BALANCE_RETRY_BLOCK_MS)', async () => {
    const broken = await startBrokenRpc()
    try {
      vi.useFakeTimers({ toFake: ['Date'] })
      // The wallet signs on the real node; Portico reads balances through the broken RPC.
      const { portico, tokenErrors } = start({ keys: [5], networks: [networks[0]], rpcUrl: broken.url })
      const loading: boolean[] = []
      portico.subscribe((s, prev) => {
        const now = s.accounts.eip155?.balanceLoading
        if (now !== prev.accounts.eip155?.balanceLoading && now !== undefined) loading.push(now)
      })
      await portico.connect(ID)
      await portico.refreshBalance?.()
      expect(loading).toEqual([true, false])
      expect(tokenErrors()).toHaveLength(1)
      expect(String((tokenErrors()[0]?.error as Error | undefined)?.message)).toContain(
        'Token Balance Unavailable',
      )
      expect(account(portico)?.tokenBalance).toEqual([])
      expect(account(portico)?.lastRetry).toBeTypeOf('number')
      // The token read is one Multicall3 eth_call (next to the native eth_getBalance).
      const tokenReads = () => broken.methods.filter((m) => m === 'eth_call').length
      expect(tokenReads()).toBe(1)

      vi.advanceTimersByTime(29_999)
      await portico.refreshBalance?.()
      // Blocked: no token read reached the node, no second error.
      expect(tokenReads()).toBe(1)
      expect(tokenErrors()).toHaveLength(1)
      vi.advanceTimersByTime(1)
      await portico.refreshBalance?.()
      expect(tokenReads()).toBe(2)
      expect(tokenErrors()).toHaveLength(2)
    } finally {
      await broken.close()
    }
  })
})
