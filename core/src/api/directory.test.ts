import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SDK_VERSION, WALLETS_PER_PAGE } from '../constants/index.js'
import { ALERTS, type Alert, HttpRequestError, RequestAbortedError } from '../errors/index.js'
import { WalletDirectoryClient } from './directory.js'
import { startTestServer, type TestServer } from './test-helpers/server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const SDK = { projectId: 'proj-1', st: 'portico', sv: SDK_VERSION }
const client = (onAlert?: (a: Alert) => void) =>
  new WalletDirectoryClient({ baseUrl: server.url, projectId: 'proj-1', ...(onAlert ? { onAlert } : {}) })

describe('WalletDirectoryClient (SPEC §7 wallet directory)', () => {
  it('wallets list sends page, entries, include, exclude, chains, search, badge_type', async () => {
    const data = [{ id: 'dev', name: 'Dev Wallet', image_id: 'img-dev' }]
    server.on('GET /v1/wallets', { body: { count: 1, data } })
    const answer = await client().getWallets({
      page: 2,
      entries: WALLETS_PER_PAGE,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      search: 'dev',
      badge_type: 'certified',
    })
    expect(answer).toEqual({ count: 1, data })
    expect(server.requests[0]?.query).toEqual({
      ...SDK,
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      search: 'dev',
      badge_type: 'certified',
    })
  })

  it('empty filters are left out of the query', async () => {
    server.on('GET /v1/wallets', { body: { count: 0, data: [] } })
    await client().getWallets({ page: 1, entries: 4, include: [], search: '' })
    expect(server.requests[0]?.query).toEqual({ ...SDK, page: '1', entries: '4' })
  })

  it('project config, allowed origins and analytics config', async () => {
    server.on('GET /v1/project/config', { body: { id: 'proj-1', name: 'Demo', features: { swap: true } } })
    server.on('GET /v1/project/allowed-origins', { body: { allowedOrigins: ['http://127.0.0.1:*'] } })
    server.on('GET /v1/project/analytics-config', { body: { isAnalyticsEnabled: true } })
    const c = client()
    expect(await c.getProjectConfig()).toEqual({ id: 'proj-1', name: 'Demo', features: { swap: true } })
    expect(await c.getAllowedOrigins()).toEqual({ allowedOrigins: ['http://127.0.0.1:*'] })
    expect(await c.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    expect(server.requests.map((r) => [r.path, r.query])).toEqual([
      ['/v1/project/config', SDK],
      ['/v1/project/allowed-origins', SDK],
      ['/v1/project/analytics-config', SDK],
    ])
  })

  it('image URLs for wallets, networks, connectors, tokens and currencies are served', async () => {
    const c = client()
    expect(c.getImageUrl('wallet', 'img/1')).toBe(
      `${server.url}/v1/images/wallet/img%2F1?projectId=proj-1&st=portico&sv=${SDK_VERSION}`,
    )
    server.on('GET /v1/images/network/eth', { body: 'png' })
    const res = await fetch(c.getImageUrl('network', 'eth'))
    expect(res.status).toBe(200)
    expect(server.requests[0]?.query).toEqual(SDK)
  })

  it('a wallets request is abortable: "Request was aborted"', async () => {
    server.on('GET /v1/wallets', { body: { count: 0, data: [] }, delayMs: 2_000 })
    const ctrl = new AbortController()
    const pending = client().getWallets({ page: 1, entries: 40, search: 'slow' }, ctrl.signal)
    await new Promise((r) => setTimeout(r, 30))
    ctrl.abort()
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestAbortedError)
    expect((error as RequestAbortedError).shortMessage).toBe('Request was aborted')
    // already aborted: no request at all
    server.reset()
    await expect(client().getWallets({ page: 1, entries: 40 }, ctrl.signal)).rejects.toBeInstanceOf(
      RequestAbortedError,
    )
    expect(server.requests).toHaveLength(0)
  })

  it('"Unauthorized: origin not allowed" from the gateway shows the invalid app configuration alert', async () => {
    const alerts: Alert[] = []
    server.on('GET /v1/project/config', {
      status: 403,
      body: { code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' },
    })
    await expect(client((a) => alerts.push(a)).getProjectConfig()).rejects.toBeInstanceOf(HttpRequestError)
    expect(alerts).toEqual([ALERTS.INVALID_APP_CONFIGURATION])
  })

  it('"JWT validation error: JWT Token is not yet valid" shows session expired', async () => {
    const alerts: Alert[] = []
    server.on('GET /v1/project/allowed-origins', {
      status: 401,
      body: { code: 'jwt', message: 'JWT validation error: JWT Token is not yet valid' },
    })
    await expect(client((a) => alerts.push(a)).getAllowedOrigins()).rejects.toThrow('HTTP status code: 401')
    expect(alerts).toEqual([ALERTS.SESSION_EXPIRED])
  })
})
