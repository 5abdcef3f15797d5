import { AnalyticsClient } from '@portico/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const LOCAL_AUTH = { authorization: 'Bearer local-secret-0123456789' }

describe.each(ENGINES)('analytics ingestion POST /e (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        {
          id: 'local',
          name: 'Local',
          allowedOrigins: ['http://localhost:*'],
          features: { analytics: true },
          secret: 'local-secret-0123456789',
        },
        {
          id: 'other',
          name: 'Other',
          allowedOrigins: ['https://other.example'],
          secret: 'other-secret-0123456789',
        },
      ],
    })
  })
  afterAll(() => t.close())

  const count = async () =>
    Number((await t.gateway.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM analytics_events'))[0]!.n)

  it('the core AnalyticsClient sends events that are committed and readable per project', async () => {
    let id = 0
    const client = new AnalyticsClient({
      baseUrl: t.url,
      projectId: 'local',
      enabled: true,
      getUrl: () => 'http://localhost:5173/shop',
      getAddress: () => '0xabc',
      createId: () => `evt-${kind}-${++id}`,
    })
    await client.sendEvent('MODAL_OPEN', { connected: false })
    await client.sendError(new TypeError('boom'), 'CONNECT_ERROR')
    await client.sendEvent('MODAL_CREATED') // never sent (SPEC §7)
    const r = await call(`${t.url}/v1/analytics/events?projectId=local`, { headers: LOCAL_AUTH })
    expect(r.status).toBe(200)
    expect(r.body.data.map((e: { props: { event: string } }) => e.props.event)).toEqual([
      'MODAL_OPEN',
      'CONNECT_ERROR',
    ])
    expect(r.body.data[0]).toMatchObject({
      eventId: `evt-${kind}-1`,
      url: 'http://localhost:5173/shop',
      domain: 'localhost',
      props: { event: 'MODAL_OPEN', connected: false, address: '0xabc' },
    })
    expect(r.body.data[1].props).toMatchObject({
      type: 'error',
      errorType: 'TypeError',
      errorMessage: 'boom',
    })
    // Another project sees none of them, and needs its secret.
    expect((await call(`${t.url}/v1/analytics/events?projectId=other`)).status).toBe(401)
    const other = await call(`${t.url}/v1/analytics/events?projectId=other`, {
      headers: { authorization: 'Bearer other-secret-0123456789' },
    })
    expect(other.body.data).toEqual([])
  })

  it('a retried eventId is stored once; text/plain JSON (sendBeacon) is accepted', async () => {
    const body = { eventId: `dup-${kind}`, url: '', domain: '', timestamp: Date.now(), props: { event: 'X' } }
    const before = await count()
    expect((await call(`${t.url}/e?projectId=local`, { json: body })).status).toBe(204)
    expect((await call(`${t.url}/e?projectId=local`, { json: body })).status).toBe(204)
    const beacon = await fetch(`${t.url}/e?projectId=local`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ ...body, eventId: `beacon-${kind}` }),
    })
    expect(beacon.status).toBe(204)
    expect(await count()).toBe(before + 2)
  })

  it('paging through events with the cursor', async () => {
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        call(`${t.url}/e?projectId=local`, {
          json: { eventId: `page-${kind}-${i}`, url: '', domain: '', timestamp: 1, props: { event: 'PAGE' } },
        }),
      ),
    )
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const r: Awaited<ReturnType<typeof call>> = await call(
        `${t.url}/v1/analytics/events?projectId=local&event=PAGE&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: LOCAL_AUTH },
      )
      ids.push(...r.body.data.map((e: { eventId: string }) => e.eventId))
      cursor = r.body.next
    } while (cursor)
    expect(ids.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `page-${kind}-${i}`))
  })

  it('bad events, unknown projects, wrong origins and huge bodies are refused and store nothing', async () => {
    const before = await count()
    const ok = { eventId: 'e1', url: 'u', domain: 'd', timestamp: 1, props: { event: 'E' } }
    const cases: [unknown, number, string?][] = [
      [{ ...ok, eventId: undefined }, 400],
      [{ ...ok, eventId: 'bad id!' }, 400],
      [{ ...ok, timestamp: '1' }, 400],
      [{ ...ok, props: {} }, 400],
      [{ ...ok, props: { event: 5 } }, 400],
      [[ok], 400],
      [{ ...ok, props: { event: 'E', big: 'x'.repeat(20_000) } }, 413],
    ]
    for (const [json, status] of cases) {
      const r = await call(`${t.url}/e?projectId=local`, { json })
      expect(r.status, JSON.stringify(json).slice(0, 80)).toBe(status)
      expect(typeof r.body.code).toBe('string')
    }
    expect((await call(`${t.url}/e?projectId=ghost`, { json: { ...ok, eventId: 'g1' } })).status).toBe(401)
    const wrongOrigin = await call(`${t.url}/e?projectId=local`, {
      json: { ...ok, eventId: 'o1' },
      headers: { origin: 'https://attacker.example' },
    })
    expect(wrongOrigin.status).toBe(403)
    expect(await count()).toBe(before)
  })
})
