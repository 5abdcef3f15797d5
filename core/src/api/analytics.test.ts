import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SDK_VERSION } from '../constants/index.js'
import { ALERTS, type Alert } from '../errors/index.js'
import { AnalyticsClient, type AnalyticsClientOptions } from './analytics.js'
import { startTestServer, type TestServer } from './test-helpers/server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  server.on('POST /e', { status: 204 })
})

function setup(extra: Partial<AnalyticsClientOptions> = {}) {
  let clock = 1_700_000_000_000
  let ids = 0
  const alerts: Alert[] = []
  const client = new AnalyticsClient({
    baseUrl: server.url,
    projectId: 'proj-1',
    enabled: true,
    getUrl: () => 'https://shop.example.com/checkout?x=1',
    getAddress: () => '0xabc',
    onAlert: (a) => alerts.push(a),
    now: () => clock,
    createId: () => `id-${++ids}`,
    ...extra,
  })
  return { client, alerts, tick: (ms: number) => (clock += ms) }
}

describe('AnalyticsClient (SPEC §7 analytics)', () => {
  it('POST /e with params projectId, st, sv and body eventId, url, domain, timestamp, props', async () => {
    const { client } = setup()
    await client.sendEvent('MODAL_OPEN', { connected: false })
    expect(server.requests).toHaveLength(1)
    const [req] = server.requests
    expect(req?.method).toBe('POST')
    expect(req?.path).toBe('/e')
    expect(req?.query).toEqual({ projectId: 'proj-1', st: 'portico', sv: SDK_VERSION })
    expect(req?.body).toEqual({
      eventId: 'id-1',
      url: 'https://shop.example.com/checkout',
      domain: 'shop.example.com',
      timestamp: 1_700_000_000_000,
      props: { connected: false, event: 'MODAL_OPEN', address: '0xabc' },
    })
  })

  it('the page URL is sent as origin + path only: no query or fragment (OAuth codes and tokens live there)', async () => {
    const { client } = setup({
      getUrl: () =>
        'https://app.example.com/auth/callback?code=SECRET-CODE&state=s#access_token=SECRET-TOKEN',
    })
    await client.sendEvent('MODAL_OPEN', { connected: false })
    const body = server.requests[0]?.body as { url: string; domain: string }
    expect(body.url).toBe('https://app.example.com/auth/callback')
    expect(body.domain).toBe('app.example.com')
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('SECRET')
  })

  it('MODAL_CREATED is never sent', async () => {
    const { client } = setup()
    await client.sendEvent('MODAL_CREATED')
    await client.sendEvent('MODAL_CLOSE')
    expect(server.requests.map((r) => (r.body as { props: { event: string } }).props.event)).toEqual([
      'MODAL_CLOSE',
    ])
  })

  it('events are sent only when the analytics feature is on (read on every send)', async () => {
    let on = false
    const { client } = setup({ enabled: () => on })
    await client.sendEvent('CONNECT_SUCCESS')
    await client.sendError(new Error('x'), 'CONNECT_ERROR')
    expect(server.requests).toHaveLength(0)
    on = true
    await client.sendEvent('CONNECT_SUCCESS')
    expect(server.requests).toHaveLength(1)
  })

  it('failures are ignored: a 500 or a dead host resolves quietly', async () => {
    server.on('POST /e', { status: 500 })
    const { client, alerts } = setup()
    await expect(client.sendEvent('MODAL_OPEN')).resolves.toBeUndefined()
    const dead = await startTestServer()
    await dead.close()
    const offline = new AnalyticsClient({
      baseUrl: dead.url,
      projectId: 'p',
      enabled: true,
      getUrl: () => undefined,
    })
    await expect(offline.sendEvent('MODAL_OPEN')).resolves.toBeUndefined()
    expect(alerts).toEqual([])
  })

  it('error reports carry type, event, errorType, errorMessage, stackTrace', async () => {
    const { client } = setup()
    const error = new TypeError('boom')
    await client.sendError(error, 'CONNECT_ERROR')
    expect((server.requests[0]?.body as { props: unknown } | undefined)?.props).toEqual({
      type: 'error',
      event: 'CONNECT_ERROR',
      errorType: 'TypeError',
      errorMessage: 'boom',
      stackTrace: error.stack,
      address: '0xabc',
    })
  })

  it('error reports are limited to 5 events per 60 s', async () => {
    const t = setup()
    for (let i = 0; i < 8; i++) await t.client.sendError(new Error(`e${i}`), 'ERR')
    expect(server.requests).toHaveLength(5)
    t.tick(59_999)
    await t.client.sendError(new Error('still limited'), 'ERR')
    expect(server.requests).toHaveLength(5)
    t.tick(1)
    await t.client.sendError(new Error('window passed'), 'ERR')
    expect(server.requests).toHaveLength(6)
    // plain events are not limited
    for (let i = 0; i < 7; i++) await t.client.sendEvent('MODAL_OPEN')
    expect(server.requests).toHaveLength(13)
  })

  it('an HTTP 403 shows the invalid app configuration alert once', async () => {
    server.on('POST /e', {
      status: 403,
      body: { code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' },
    })
    const { client, alerts } = setup()
    await client.sendEvent('MODAL_OPEN')
    await client.sendEvent('MODAL_CLOSE')
    await client.sendError(new Error('x'), 'ERR')
    expect(server.requests).toHaveLength(3)
    expect(alerts).toEqual([ALERTS.INVALID_APP_CONFIGURATION])
  })

  it('reads the page URL at send time, not at construction (SSR-safe)', async () => {
    const client = new AnalyticsClient({ baseUrl: server.url, projectId: 'p', enabled: true })
    await client.sendEvent('MODAL_OPEN')
    expect(server.requests[0]?.body).toMatchObject({ url: '', domain: '' })
  })
})
