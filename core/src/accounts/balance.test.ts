import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../api/test-helpers/server.js'
import type { PorticoEventMap, PorticoOptions, TokenBalance, TokenHolding } from '../contracts/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { account, createFakeAdapter, createRecordingLogger, fakeNetwork } from '../test-helpers/index.js'
import { servableAvatar } from './profile.js'

const ADDRESS = '0xabc0000000000000000000000000000000000001'
const BALANCE_PATH = `GET /v1/account/${ADDRESS}/balance`
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  price: 1,
  value: 12.5,
  quantity: { decimals: '6', numeric: '12.5' },
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(() => {
  server.reset()
  vi.useRealTimers()
})

function setup(extra: PorticoOptions = {}) {
  const adapter = createFakeAdapter()
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    apiUrl: server.url,
    projectId: 'local',
    ...extra,
  })
  const errors: PorticoEventMap['ERROR'][] = []
  portico.on('ERROR', (e) => errors.push(e))
  return { adapter, portico, errors }
}

describe('Balances through the instance (SPEC §3, §4, §7)', () => {
  it('after connect, balance / balanceSymbol come from the adapter, truncated to 3 decimals (SPEC §5)', async () => {
    const { portico, adapter } = setup({ apiUrl: undefined })
    adapter.balanceImpl = async () => ({
      value: 1_234_567_890_000_000_000n,
      decimals: 18,
      symbol: 'COIN',
      formatted: 'ignored',
    })
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(portico.getState().accounts.eip155).toMatchObject({ balance: '1.234', balanceSymbol: 'COIN' })
  })

  it('with apiUrl set, the token-balance fetch sets balanceLoading, then fills tokenBalance from the gateway', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(BALANCE_PATH, { body: { balances: [usdc] }, delayMs: 30 })
    const { portico } = setup()
    const loading: boolean[] = []
    portico.subscribe((s, prev) => {
      const now = s.accounts.eip155?.balanceLoading
      if (now !== prev.accounts.eip155?.balanceLoading && now !== undefined) loading.push(now)
    })
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(loading.slice(0, 2)).toEqual([true, false])
    expect(portico.getState().accounts.eip155?.tokenBalance).toEqual([usdc])
    const request = server.requests.find((r) => r.path === `/v1/account/${ADDRESS}/balance`)
    expect(request?.query).toMatchObject({
      currency: 'usd',
      chainId: 'eip155:1',
      projectId: 'local',
      st: 'portico',
    })
    expect(request?.query.sv).toBeTruthy()
  })

  it('refreshBalance() reads past the gateway cache (forceUpdate) each time, so funds that arrived from elsewhere show', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(BALANCE_PATH, { body: { balances: [usdc] } })
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.() // a read queued behind the one the connect started
    const calls = () => server.requests.filter((r) => r.path === `/v1/account/${ADDRESS}/balance`)
    const before = calls().length
    await portico.refreshBalance?.()
    await new Promise((r) => setTimeout(r, 2))
    await portico.refreshBalance?.()
    const asked = calls().slice(before)
    expect(asked).toHaveLength(2)
    for (const call of asked) expect(call.query.forceUpdate).toMatch(/^refresh-\d+$/)
  })

  it('a failed fetch gives "Token Balance Unavailable" and blocks retries for 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(BALANCE_PATH, { status: 500, body: { code: 'boom', message: 'boom' } })
    const { portico, errors } = setup()
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    const tokenErrors = () => errors.filter((e) => e.event === 'TOKEN_BALANCE')
    expect(tokenErrors().length).toBeGreaterThanOrEqual(1)
    expect(String((tokenErrors()[0]?.error as Error | undefined)?.message)).toContain(
      'Token Balance Unavailable',
    )
    expect(portico.getState().accounts.eip155?.lastRetry).toBeTypeOf('number')
    const count = () => server.requests.filter((r) => r.path.endsWith('/balance')).length
    const before = count()
    vi.advanceTimersByTime(29_999)
    await portico.refreshBalance?.()
    expect(count()).toBe(before)
    vi.advanceTimersByTime(1)
    await portico.refreshBalance?.()
    expect(count()).toBe(before + 1)
  })

  it('a network the gateway does not support gives "Token Balance Unavailable" without a balance call (adapter without getTokenBalances)', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:2'], ws: [] } })
    server.on(BALANCE_PATH, { body: { balances: [usdc] } })
    const { portico, errors } = setup()
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(server.requests.some((r) => r.path.endsWith('/balance'))).toBe(false)
    expect(errors.some((e) => e.event === 'TOKEN_BALANCE')).toBe(true)
    expect(portico.getState().accounts.eip155?.tokenBalance).toEqual([])
  })
})

describe('Token balances without a gateway: the adapter getTokenBalances capability (SPEC §3, §4, §8, §9)', () => {
  const OTHER = '0xabc0000000000000000000000000000000000002'
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  // The adapter writes the token's CAIP-10 id as its chain does (lowercase on EVM).
  const holding = (value: bigint, token = USDC): TokenHolding => ({
    token,
    caipAddress: `eip155:1:${token.toLowerCase()}`,
    value,
    decimals: 6,
    symbol: 'USDC',
    name: 'USD Coin',
    formatted: 'ignored',
  })

  function offline(
    tokenBalances: (p: { address: string; caipNetworkId: string }) => Promise<TokenHolding[]>,
  ) {
    // The network names its native-token marker (as the EVM presets do).
    const networks = [1, 2].map((n) => ({
      ...fakeNetwork('eip155', n),
      nativeTokenAddress: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    }))
    const adapter = createFakeAdapter({ tokenBalances, networks })
    const portico = createPortico({
      adapters: [adapter],
      storage: createMemoryStorage(),
      logger: createRecordingLogger(),
    })
    const errors: PorticoEventMap['ERROR'][] = []
    portico.on('ERROR', (e) => errors.push(e))
    const tokenErrors = () => errors.filter((e) => e.event === 'TOKEN_BALANCE')
    const calls = (method: string) => adapter.calls.filter((c) => c.method === method)
    return { adapter, portico, tokenErrors, calls }
  }

  it('after connect, tokenBalance lists the native balance then the holdings as SPEC §3 Token balances, with balanceLoading set while loading', async () => {
    const { portico, calls } = offline(async () => {
      await new Promise((r) => setTimeout(r, 20))
      return [holding(12_500_000n), holding(0n, '0x0000000000000000000000000000000000000bad')]
    })
    const loading: boolean[] = []
    portico.subscribe((s, prev) => {
      const now = s.accounts.eip155?.balanceLoading
      if (now !== prev.accounts.eip155?.balanceLoading && now !== undefined) loading.push(now)
    })
    await portico.connect('fake.wallet')
    await vi.waitFor(() => expect(loading).toEqual([true, false]))
    expect(portico.getState().accounts.eip155?.tokenBalance).toEqual([
      {
        name: 'Coin',
        symbol: 'COIN',
        chainId: 'eip155:1',
        address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        price: 0,
        quantity: { decimals: '18', numeric: '1.5' },
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        address: `eip155:1:${USDC.toLowerCase()}`,
        price: 0,
        quantity: { decimals: '6', numeric: '12.5' },
      },
    ])
    // The zero holding is left out; the native balance is read once for balance and tokenBalance.
    expect(portico.getState().accounts.eip155?.balance).toBe('1.500')
    expect(calls('getBalance')).toHaveLength(1)
    expect(calls('getTokenBalances')).toEqual([
      { method: 'getTokenBalances', params: { address: ADDRESS, caipNetworkId: 'eip155:1' } },
    ])
  })

  it('refreshBalance() during a read already under way reads again after it: that read may predate what made the host ask', async () => {
    let served = 0
    const { portico, calls } = offline(async () => {
      served++
      await new Promise((r) => setTimeout(r, 20))
      return [holding(BigInt(served) * 1_000_000n)]
    })
    await portico.connect('fake.wallet') // starts a read
    // Two asks while it runs share one follow-up read; it starts after the first ends.
    await Promise.all([portico.refreshBalance?.(), portico.refreshBalance?.()])
    expect(calls('getTokenBalances')).toHaveLength(2)
    const usdcRow = portico.getState().accounts.eip155?.tokenBalance?.find((t) => t.symbol === 'USDC')
    expect(usdcRow?.quantity.numeric).toBe('2')
  })

  it('accountsChanged and chainChanged read the tokens again for the new address / network', async () => {
    const { portico, adapter, calls } = offline(async ({ address }) => [
      holding(address === OTHER ? 2_000_000n : 1_000_000n),
    ])
    await portico.connect('fake.wallet')
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155?.tokenBalance[1]?.quantity.numeric).toBe('1'),
    )
    adapter.emit('accountsChanged', { accounts: [account('eip155', OTHER)] })
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155?.tokenBalance[1]?.quantity.numeric).toBe('2'),
    )
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:2' })
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155?.tokenBalance[0]?.chainId).toBe('eip155:2'),
    )
    expect(calls('getTokenBalances').map((c) => c.params)).toEqual([
      { address: ADDRESS, caipNetworkId: 'eip155:1' },
      { address: OTHER, caipNetworkId: 'eip155:1' },
      { address: OTHER, caipNetworkId: 'eip155:2' },
    ])
  })

  it('a stale answer (the wallet switched account meanwhile) is dropped', async () => {
    let release: () => void = () => {}
    const { portico, adapter } = offline(async ({ address }) => {
      if (address === ADDRESS) await new Promise<void>((r) => (release = r))
      return [holding(address === OTHER ? 2_000_000n : 1_000_000n)]
    })
    await portico.connect('fake.wallet')
    adapter.emit('accountsChanged', { accounts: [account('eip155', OTHER)] })
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155?.tokenBalance[1]?.quantity.numeric).toBe('2'),
    )
    release()
    await new Promise((r) => setTimeout(r, 10))
    expect(portico.getState().accounts.eip155?.tokenBalance[1]?.quantity.numeric).toBe('2')
    expect(portico.getState().accounts.eip155?.balanceLoading).toBe(false)
  })

  it('a failing read gives "Token Balance Unavailable" and blocks retries for 30 s (BALANCE_RETRY_BLOCK_MS)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico, tokenErrors, calls } = offline(async () => {
      throw new Error('RPC down')
    })
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(tokenErrors()).toHaveLength(1)
    expect(String((tokenErrors()[0]?.error as Error | undefined)?.message)).toContain(
      'Token Balance Unavailable',
    )
    expect(portico.getState().accounts.eip155).toMatchObject({ tokenBalance: [], balanceLoading: false })
    expect(portico.getState().accounts.eip155?.lastRetry).toBeTypeOf('number')
    const before = calls('getTokenBalances').length
    vi.advanceTimersByTime(29_999)
    await portico.refreshBalance?.()
    expect(calls('getTokenBalances')).toHaveLength(before)
    vi.advanceTimersByTime(1)
    await portico.refreshBalance?.()
    expect(calls('getTokenBalances')).toHaveLength(before + 1)
  })

  it('an unsupported network gives "Token Balance Unavailable" without a read, and clears the balances', async () => {
    const { portico, adapter, tokenErrors, calls } = offline(async () => [holding(1_000_000n)])
    await portico.connect('fake.wallet')
    await vi.waitFor(() => expect(portico.getState().accounts.eip155?.tokenBalance).toHaveLength(2))
    const reads = calls('getTokenBalances').length
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    await vi.waitFor(() => expect(tokenErrors()).toHaveLength(1))
    expect(portico.getState().networks.unsupported.eip155).toBe(true)
    expect(portico.getState().accounts.eip155).toMatchObject({
      tokenBalance: [],
      balance: undefined,
      balanceLoading: false,
      lastRetry: undefined,
    })
    expect(calls('getTokenBalances')).toHaveLength(reads)
  })

  it('an adapter without getTokenBalances leaves tokenBalance empty, with no error and no loading flag', async () => {
    const adapter = createFakeAdapter({ networks: [fakeNetwork('eip155', 1)] })
    expect(adapter.getTokenBalances).toBeUndefined()
    const portico = createPortico({
      adapters: [adapter],
      storage: createMemoryStorage(),
      logger: createRecordingLogger(),
    })
    const errors: unknown[] = []
    portico.on('ERROR', (e) => errors.push(e))
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(portico.getState().accounts.eip155).toMatchObject({
      tokenBalance: [],
      balanceLoading: false,
      balance: '1.500',
    })
    expect(errors).toEqual([])
  })
})

describe('Token balances on a chain the gateway does not list: the adapter getTokenBalances fallback (SPEC §3, §4, §6, §8, §9)', () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const holding = (value: bigint): TokenHolding => ({
    token: USDC,
    value,
    decimals: 6,
    symbol: 'USDC',
    name: 'USD Coin',
    formatted: 'ignored',
  })

  /** Gateway on a real local server listing only eip155:2; the fake adapter can read tokens. */
  function gatewayPlusAdapter(
    tokenBalances: (p: { address: string; caipNetworkId: string }) => Promise<TokenHolding[]>,
  ) {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:2'], ws: [] } })
    // The network names its native-token marker (as the EVM presets do).
    const networks = [1, 2].map((n) => ({
      ...fakeNetwork('eip155', n),
      nativeTokenAddress: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    }))
    const adapter = createFakeAdapter({ tokenBalances, networks })
    const portico = createPortico({
      adapters: [adapter],
      storage: createMemoryStorage(),
      logger: createRecordingLogger(),
      apiUrl: server.url,
      projectId: 'local',
    })
    const errors: PorticoEventMap['ERROR'][] = []
    portico.on('ERROR', (e) => errors.push(e))
    const tokenErrors = () => errors.filter((e) => e.event === 'TOKEN_BALANCE')
    const tokenReads = () => adapter.calls.filter((c) => c.method === 'getTokenBalances')
    const balanceCalls = () => server.requests.filter((r) => r.path === `/v1/account/${ADDRESS}/balance`)
    return { adapter, portico, tokenErrors, tokenReads, balanceCalls }
  }

  it('a chain missing from /v1/supported-chains reads tokens through the adapter (balanceLoading set meanwhile); a listed chain still uses the gateway', async () => {
    const { portico, tokenErrors, tokenReads, balanceCalls } = gatewayPlusAdapter(async () => {
      await new Promise((r) => setTimeout(r, 20))
      return [holding(12_500_000n)]
    })
    server.on(BALANCE_PATH, { body: { balances: [{ ...usdc, chainId: 'eip155:2' }] } })
    const loading: boolean[] = []
    portico.subscribe((s, prev) => {
      const now = s.accounts.eip155?.balanceLoading
      if (now !== prev.accounts.eip155?.balanceLoading && now !== undefined) loading.push(now)
    })
    await portico.connect('fake.wallet') // on eip155:1, which the gateway does not list
    await portico.refreshBalance?.()
    expect(loading.slice(0, 2)).toEqual([true, false])
    expect(
      portico.getState().accounts.eip155?.tokenBalance.map((t) => [t.symbol, t.quantity.numeric]),
    ).toEqual([
      ['COIN', '1.5'],
      ['USDC', '12.5'],
    ])
    expect(tokenReads().map((c) => c.params)).toContainEqual({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    expect(balanceCalls()).toEqual([]) // the gateway was not asked for a chain it doesn't cover
    expect(tokenErrors()).toEqual([])
    expect(server.requests.some((r) => r.path === '/v1/supported-chains')).toBe(true)

    // The listed chain: the gateway answers, the adapter is not asked.
    await portico.switchNetwork('eip155:2')
    await portico.refreshBalance?.()
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155?.tokenBalance).toEqual([{ ...usdc, chainId: 'eip155:2' }]),
    )
    expect(balanceCalls().map((r) => r.query.chainId)).toContain('eip155:2')
    expect(
      tokenReads().some((c) => (c.params as { caipNetworkId: string }).caipNetworkId === 'eip155:2'),
    ).toBe(false)
    expect(tokenErrors()).toEqual([])
  })

  it('a failing adapter read on an unlisted chain gives "Token Balance Unavailable" and blocks retries for 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico, tokenErrors, tokenReads, balanceCalls } = gatewayPlusAdapter(async () => {
      throw new Error('RPC down')
    })
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(tokenErrors().length).toBeGreaterThanOrEqual(1)
    expect(String((tokenErrors()[0]?.error as Error | undefined)?.message)).toContain(
      'Token Balance Unavailable',
    )
    expect(portico.getState().accounts.eip155).toMatchObject({ tokenBalance: [], balanceLoading: false })
    expect(portico.getState().accounts.eip155?.lastRetry).toBeTypeOf('number')
    const before = tokenReads().length
    vi.advanceTimersByTime(29_999)
    await portico.refreshBalance?.()
    expect(tokenReads()).toHaveLength(before)
    vi.advanceTimersByTime(1)
    await portico.refreshBalance?.()
    expect(tokenReads()).toHaveLength(before + 1)
    expect(balanceCalls()).toEqual([])
  })

  it('a chain outside the networks array stays unsupported: "Token Balance Unavailable" with neither a gateway call nor an adapter read', async () => {
    const { portico, adapter, tokenErrors, tokenReads, balanceCalls } = gatewayPlusAdapter(async () => [
      holding(1_000_000n),
    ])
    await portico.connect('fake.wallet')
    await vi.waitFor(() => expect(portico.getState().accounts.eip155?.tokenBalance).toHaveLength(2))
    const reads = tokenReads().length
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    await vi.waitFor(() => expect(tokenErrors()).toHaveLength(1))
    expect(portico.getState().accounts.eip155).toMatchObject({ tokenBalance: [], balanceLoading: false })
    expect(tokenReads()).toHaveLength(reads)
    expect(balanceCalls()).toEqual([])
  })
})

describe('Analytics as one more bus subscriber (SPEC §7)', () => {
  it('events go to POST /e only when the analytics feature is on; MODAL_CREATED is never sent', async () => {
    server.on('POST /e', { status: 204 })
    const off = setup({ features: { analytics: false } })
    await off.portico.open()
    const on = setup({ features: { analytics: true } })
    await on.portico.open()
    await vi.waitFor(() => expect(server.requests.filter((r) => r.path === '/e').length).toBe(1))
    const [sent] = server.requests.filter((r) => r.path === '/e')
    expect(sent?.body).toMatchObject({ props: { event: 'MODAL_OPEN', connected: false } })
    expect(server.requests.some((r) => JSON.stringify(r.body ?? '').includes('MODAL_CREATED'))).toBe(false)
  })
})

describe('Alerts (SPEC §8)', () => {
  it('an HTTP 403 from analytics shows the Invalid App Configuration alert in state.alert and as ALERT', async () => {
    server.on('POST /e', {
      status: 403,
      body: { code: 'forbidden', message: 'Unauthorized: origin not allowed' },
    })
    const { portico } = setup({ features: { analytics: true } })
    const alerts: PorticoEventMap['ALERT'][] = []
    portico.on('ALERT', (a) => alerts.push(a))
    await portico.open()
    await vi.waitFor(() => expect(portico.getState().alert?.code).toBe('INVALID_APP_CONFIGURATION'))
    expect(alerts.map((a) => a.code)).toEqual(['INVALID_APP_CONFIGURATION'])
    portico.clearAlert?.()
    expect(portico.getState().alert).toBeUndefined()
  })
})

describe('Identity (SPEC §3, §7)', () => {
  it('with apiUrl set, profileName / profileImage come from GET /v1/identity/{address} (an avatar on the gateway loads)', async () => {
    const avatar = `${server.url}/v1/identity/${ADDRESS}/avatar?projectId=local`
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: 'alice.eth', avatar } })
    server.on(BALANCE_PATH, { body: { balances: [] } })
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155).toMatchObject({
        profileName: 'alice.eth',
        profileImage: avatar,
      }),
    )
    const request = server.requests.find((r) => r.path.startsWith('/v1/identity/'))
    expect(request?.query).toMatchObject({ sender: ADDRESS, projectId: 'local' })
  })

  it('an avatar URL chosen by a stranger (not the gateway, not data:) is never put in state; the name still is', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(`GET /v1/identity/${ADDRESS}`, {
      body: { name: 'alice.eth', avatar: 'https://img.test/a.png' },
    })
    server.on(BALANCE_PATH, { body: { balances: [] } })
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await vi.waitFor(() => expect(portico.getState().accounts.eip155?.profileName).toBe('alice.eth'))
    expect(portico.getState().accounts.eip155?.profileImage).toBeUndefined()
  })

  it('servableAvatar: data: images and the gateway origin only', () => {
    expect(servableAvatar('data:image/png;base64,AAAA', undefined)).toBe('data:image/png;base64,AAAA')
    expect(servableAvatar('data:text/html,<script>', 'https://gw.test')).toBeUndefined()
    expect(servableAvatar('https://gw.test/v1/identity/x/avatar', 'https://gw.test/')).toBe(
      'https://gw.test/v1/identity/x/avatar',
    )
    expect(servableAvatar('https://gw.test.evil.com/a.png', 'https://gw.test')).toBeUndefined()
    expect(servableAvatar('http://127.0.0.1:8080/a.png', 'http://127.0.0.1:8787')).toBeUndefined()
    expect(servableAvatar('not a url', 'https://gw.test')).toBeUndefined()
  })
})
