import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AccountState } from '../contracts/account.js'
import { TokenBalanceUnavailableError, UnsupportedChainError } from '../errors/index.js'
import { HttpBlockchainApi } from './blockchain.js'
import { startTestServer, type TestServer } from './test-helpers/server.js'
import { createTokenBalanceFlow, type TokenBalancePatch } from './token-balance.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const ADDR = '0x52908400098527886E0F7030069857D2E4169EE7'
const BALANCE_PATH = `GET /v1/account/${ADDR}/balance`
const ETH = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 2,
  quantity: { decimals: '18', numeric: '1.5' },
}

function setup(opts: { supported?: (id: string) => boolean } = {}) {
  let clock = 1_000_000
  let state: Pick<AccountState, 'balanceLoading' | 'tokenBalance' | 'lastRetry'> = {
    balanceLoading: false,
    tokenBalance: [],
  }
  const patches: TokenBalancePatch[] = []
  const errors: string[] = []
  const flow = createTokenBalanceFlow({
    // forceUpdate on every call below keeps the client cache out of these tests
    source: new HttpBlockchainApi({ baseUrl: server.url, projectId: 'p' }),
    getState: () => state,
    setState: (patch) => {
      patches.push(patch)
      state = { ...state, ...patch }
    },
    ...(opts.supported ? { isNetworkSupported: opts.supported } : {}),
    onError: (e) => errors.push(e.shortMessage),
    now: () => clock,
  })
  return {
    flow,
    patches,
    errors,
    state: () => state,
    tick: (ms: number) => {
      clock += ms
    },
  }
}

const params = { address: ADDR, chainId: 'eip155:31337' as const, forceUpdate: 'x' }

describe('token balance flow (SPEC §4, §8, §9)', () => {
  it('a fetch sets balanceLoading, then stores the balances', async () => {
    server.on(BALANCE_PATH, { body: { balances: [ETH] } })
    const t = setup()
    const result = await t.flow.fetch(params)
    expect(result).toEqual({ status: 'ok', balances: [ETH] })
    expect(t.patches[0]).toEqual({ balanceLoading: true })
    expect(t.state()).toEqual({ balanceLoading: false, tokenBalance: [ETH], lastRetry: undefined })
    expect(t.errors).toEqual([])
  })

  it('"Token Balance Unavailable" when the fetch fails', async () => {
    server.on(BALANCE_PATH, { status: 500 })
    const t = setup()
    const result = await t.flow.fetch(params)
    expect(result.status).toBe('error')
    expect(result.status === 'error' && result.error).toBeInstanceOf(TokenBalanceUnavailableError)
    expect(t.errors).toEqual(['Token Balance Unavailable'])
    expect(t.state().balanceLoading).toBe(false)
    expect(t.state().lastRetry).toBe(1_000_000)
  })

  it('retry is blocked for 30 s after a failure, without a request', async () => {
    server.on(BALANCE_PATH, { status: 500 })
    const t = setup()
    await t.flow.fetch(params)
    expect(server.requests).toHaveLength(1)
    server.on(BALANCE_PATH, { body: { balances: [ETH] } })
    t.tick(29_999)
    expect(await t.flow.fetch(params)).toEqual({ status: 'blocked', retryAt: 1_030_000 })
    expect(server.requests).toHaveLength(1)
    t.tick(1)
    expect(t.flow.retryAt()).toBeUndefined()
    expect((await t.flow.fetch(params)).status).toBe('ok')
    expect(server.requests).toHaveLength(2)
    expect(t.state().lastRetry).toBeUndefined()
  })

  it('"Token Balance Unavailable" when the network is unsupported, without a request', async () => {
    const t = setup({ supported: () => false })
    const result = await t.flow.fetch(params)
    expect(result.status === 'error' && result.error.cause).toBeInstanceOf(UnsupportedChainError)
    expect(t.errors).toEqual(['Token Balance Unavailable'])
    expect(server.requests).toHaveLength(0)
    expect(t.state()).toMatchObject({ balanceLoading: false, tokenBalance: [] })
  })
})
