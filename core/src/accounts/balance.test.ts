import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../api/test-helpers/server.js'
import type { PorticoEventMap, PorticoOptions, TokenBalance } from '../contracts/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'

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

  it('a network the gateway does not support gives "Token Balance Unavailable" without a balance call', async () => {
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
  it('with apiUrl set, profileName / profileImage come from GET /v1/identity/{address}', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    server.on(`GET /v1/identity/${ADDRESS}`, {
      body: { name: 'alice.eth', avatar: 'https://img.test/a.png' },
    })
    server.on(BALANCE_PATH, { body: { balances: [] } })
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await vi.waitFor(() =>
      expect(portico.getState().accounts.eip155).toMatchObject({
        profileName: 'alice.eth',
        profileImage: 'https://img.test/a.png',
      }),
    )
    const request = server.requests.find((r) => r.path.startsWith('/v1/identity/'))
    expect(request?.query).toMatchObject({ sender: ADDRESS, projectId: 'local' })
  })
})
