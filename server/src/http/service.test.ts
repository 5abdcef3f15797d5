import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const q = 'st=portico-test&sv=0.1.0&projectId=local'

describe('gateway service skeleton (SQLite)', () => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway('sqlite', {
      projects: [
        { id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'], features: { analytics: true } },
        {
          id: 'tiny',
          name: 'Tiny',
          allowedOrigins: ['https://app.example'],
          rateLimit: { max: 3, windowMs: 60_000 },
        },
      ],
    })
  })
  afterAll(() => t.close())

  it('GET /healthz answers ok with the database engine', async () => {
    const r = await call(`${t.url}/healthz`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ status: 'ok', database: 'sqlite' })
  })

  it('GET /metrics is Prometheus text with request counters and latency histograms', async () => {
    await call(`${t.url}/v1/supported-chains?${q}`)
    const r = await fetch(`${t.url}/metrics`)
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await r.text()
    expect(text).toMatch(/^# TYPE portico_http_requests_total counter$/m)
    expect(text).toMatch(
      /portico_http_requests_total\{method="GET",route="\/v1\/supported-chains",status="200"\} \d+/,
    )
    expect(text).toMatch(
      /portico_http_request_duration_seconds_bucket\{method="GET",route="\/v1\/supported-chains",le="\+Inf"\} \d+/,
    )
  })

  it('an unknown projectId gets 401 "Unauthorized: invalid key" (SPEC §8 → Invalid Project ID)', async () => {
    const r = await call(`${t.url}/v1/supported-chains?st=a&sv=b&projectId=nope`)
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ code: 'invalid_key', message: 'Unauthorized: invalid key' })
    const missing = await call(`${t.url}/v1/supported-chains?st=a&sv=b`)
    expect(missing.status).toBe(401)
    expect(missing.body.message).toBe('Unauthorized: invalid key')
  })

  it('an origin off the allowlist gets 403 "Unauthorized: origin not allowed" that the browser can read', async () => {
    const r = await call(`${t.url}/v1/supported-chains?${q}`, { headers: { origin: 'https://evil.example' } })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' })
    expect(r.headers.get('access-control-allow-origin')).toBe('https://evil.example')
  })

  it('CORS follows the allowlist: allowed origins get ACAO on answers and preflights, others do not', async () => {
    const ok = await call(`${t.url}/v1/supported-chains?${q}`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(ok.headers.get('vary')).toMatch(/Origin/)

    const pre = await fetch(`${t.url}/v1/fungible/price?${q}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST')

    const denied = await fetch(`${t.url}/v1/fungible/price?${q}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(denied.status).toBe(403)
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('rate limiting per project and client: over the limit → 429 with Retry-After', async () => {
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof call>> | undefined
    for (let i = 0; i < 5; i++) {
      last = await call(`${t.url}/v1/supported-chains?st=a&sv=b&projectId=tiny`)
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect(last!.body.code).toBe('rate_limited')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another project's budget is separate.
    expect((await call(`${t.url}/v1/supported-chains?${q}`)).status).toBe(200)
  })

  it('bad input → 400 { code, message }, never 500', async () => {
    const r = await call(`${t.url}/v1/account/0x123/balance?${q}`)
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('invalid_request')
    expect(r.body.message).toMatch(/params\/address/)
    const wrongType = await call(`${t.url}/v1/fungible/price?${q}`, {
      json: { currency: 'usd', addresses: 'x' },
    })
    expect(wrongType.status).toBe(400)
    const notJson = await call(`${t.url}/v1/fungible/price?${q}`, {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expect(notJson.status).toBe(400)
    expect(notJson.body).toHaveProperty('code')
  })

  it('a body over the limit → 413', async () => {
    const big = 'x'.repeat(70 * 1024)
    const r = await call(`${t.url}/v1/fungible/price?${q}`, { json: { currency: 'usd', addresses: [big] } })
    expect(r.status).toBe(413)
    expect(r.body.code).toBe('body_too_large')
  })

  it('an unknown route → 404 JSON', async () => {
    const r = await call(`${t.url}/v2/nothing`)
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('not_found')
  })

  it('logs are JSON lines with level and time', async () => {
    expect(t.logs.length).toBeGreaterThan(0)
    const line = t.logs.find((l) => typeof l.msg === 'string' && String(l.msg).includes('listening'))
    expect(line).toMatchObject({ level: 30 })
    expect(typeof line?.time).toBe('number')
  })
})
