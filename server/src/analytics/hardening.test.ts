import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import type { StoredEvent } from './writer.js'

const SECRET = 'shop-secret-0123456789'
const event = (id: string, extra: Record<string, unknown> = {}) => ({
  eventId: id,
  url: 'https://shop.example/pay',
  domain: 'shop.example',
  timestamp: Date.now(),
  props: { event: 'MODAL_OPEN', ...extra },
})

describe.each(ENGINES)('analytics hardening (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      // Behind one proxy hop: X-Forwarded-For names the client, so anyone can claim 127.0.0.1 there.
      trustProxy: 1,
      projects: [
        { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET },
        { id: 'nosecret', name: 'No secret', allowedOrigins: [] },
      ],
    })
  })
  afterAll(() => t?.close())

  const count = async (like = '%') =>
    Number(
      (
        await t.gateway.db.query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM analytics_events WHERE event_id LIKE ?',
          [like],
        )
      )[0]!.n,
    )

  it('reading events needs the project secret: a loopback peer or X-Forwarded-For 127.0.0.1 is not enough', async () => {
    const url = `${t.url}/v1/analytics/events?projectId=shop`
    expect((await call(url)).status).toBe(401)
    expect((await call(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401)
    expect((await call(url, { headers: { authorization: 'Bearer wrong-secret-000000000' } })).status).toBe(
      401,
    )
    expect((await call(url, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(200)
    // A project without a secret cannot be read at all outside dev mode.
    const none = await call(`${t.url}/v1/analytics/events?projectId=nosecret`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect([none.status, none.body.code]).toEqual([403, 'forbidden'])
  })

  it('control characters (NUL included) in an event are refused with 400 and store nothing', async () => {
    const before = await count()
    const bad = [
      { ...event('c1'), url: 'https://shop.example/\u0000' },
      { ...event('c2'), domain: 'shop\u0007.example' },
      event('c3', { label: 'a\u0000b' }),
      event('c4', { 'key\u0000': 'v' }),
      { ...event('c5'), props: { event: 'MODAL\u001bOPEN' } },
    ]
    for (const json of bad) {
      const r = await call(`${t.url}/e?projectId=shop`, { json })
      expect([r.status, r.body.code], JSON.stringify(json)).toEqual([400, 'control_character'])
    }
    expect(await count()).toBe(before)
    // A stack trace keeps its line breaks and tabs.
    const stack = await call(`${t.url}/e?projectId=shop`, {
      json: event(`stack-${kind}`, { stackTrace: 'Error: x\n\tat f (a.js:1:1)' }),
    })
    expect(stack.status).toBe(204)
  })

  it('a poisoned event in a group commit loses nothing else: the group is retried row by row', async () => {
    const base = (id: string): StoredEvent => ({
      projectId: 'shop',
      eventId: id,
      event: 'E',
      url: 'u',
      domain: 'd',
      timestamp: 1,
      address: null,
      st: null,
      sv: null,
      props: '{}',
    })
    const w = t.gateway.analytics
    // PostgreSQL refuses NUL in text; both engines refuse a NULL props (NOT NULL).
    const poison: StoredEvent =
      kind === 'postgres'
        ? { ...base('poison'), url: 'bad\u0000url' }
        : { ...base('poison'), props: null as unknown as string }
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) => w.write(base(`batch-${i}`))),
      w.write(poison),
      ...Array.from({ length: 20 }, (_, i) => w.write(base(`batch-${20 + i}`))),
    ])
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(results[20]!.status).toBe('rejected')
    expect(await count('batch-%')).toBe(40)
    expect(await count('poison')).toBe(0)
  })
})
