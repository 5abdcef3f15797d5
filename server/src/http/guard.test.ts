import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const SIG = `0x${'1'.repeat(130)}`
/** Every project-scoped route, with a body that would otherwise be accepted by its schema. */
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/v1/supported-chains'],
  ['GET', `/v1/account/${A}/balance`],
  ['POST', '/v1/fungible/price', { currency: 'usd', addresses: [] }],
  ['GET', `/v1/account/${A}/history`],
  ['GET', '/v1/profile/account/alice.portico.id'],
  ['GET', `/v1/profile/reverse/${A}`],
  ['GET', '/v1/ens/resolve/alice.eth'],
  ['GET', '/v1/profile/suggestions/alice'],
  ['POST', '/v1/profile/account', { coin_type: 60, address: A, message: '{}', signature: SIG }],
  ['GET', `/v1/identity/${A}`],
  ['POST', '/v1/sessions', { address: A, pci: 'p', chainId: 'eip155:1', expiry: 1, signature: SIG }],
  ['GET', '/v1/sessions/00000000-0000-4000-8000-000000000000'],
  ['POST', '/v1/sessions/00000000-0000-4000-8000-000000000000/revoke', { pci: 'p', signature: SIG }],
  ['GET', '/v1/wallets'],
  ['GET', '/v1/project/config'],
  ['GET', '/v1/project/allowed-origins'],
  ['GET', '/v1/project/analytics-config'],
  ['POST', '/e', { eventId: 'x', url: '', domain: '', timestamp: 1, props: { event: 'E' } }],
  ['GET', '/v1/analytics/events'],
]

describe.each(ENGINES)('every endpoint enforces projectId and the origin allowlist (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] }],
    })
  })
  afterAll(() => t.close())

  const rowCounts = async () => {
    const out: Record<string, number> = {}
    for (const table of ['analytics_events', 'names', 'name_addresses', 'used_signatures', 'sessions']) {
      out[table] = Number(
        (await t.gateway.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n,
      )
    }
    return out
  }

  it('unknown projectId → 401 "Unauthorized: invalid key"; wrong origin → 403 "Unauthorized: origin not allowed"; nothing stored', async () => {
    const before = await rowCounts()
    for (const [method, path, json] of ROUTES) {
      const init = json === undefined ? { method } : { method, json }
      const unknown = await call(`${t.url}${path}?projectId=ghost&st=t&sv=1`, init)
      expect([unknown.status, unknown.body.message], `${method} ${path}`).toEqual([
        401,
        'Unauthorized: invalid key',
      ])
      const wrong = await call(`${t.url}${path}?projectId=shop&st=t&sv=1`, {
        ...init,
        headers: { origin: 'https://evil.example' },
      })
      expect([wrong.status, wrong.body.message], `${method} ${path}`).toEqual([
        403,
        'Unauthorized: origin not allowed',
      ])
    }
    expect(await rowCounts()).toEqual(before)
  })

  it('POST endpoints refuse wrong JSON types and non-JSON media with 4xx, never 500', async () => {
    for (const [method, path] of ROUTES.filter(([m]) => m === 'POST')) {
      for (const body of [
        '"text"',
        '[]',
        '{"a":',
        'null',
        '{"currency":1,"coin_type":"60","pci":5,"eventId":[]}',
      ]) {
        const r = await call(`${t.url}${path}?projectId=shop`, {
          method,
          body,
          headers: { 'content-type': 'application/json' },
        })
        expect(r.status, `${path} ${body}`).toBeGreaterThanOrEqual(400)
        expect(r.status, `${path} ${body}`).toBeLessThan(500)
        expect(typeof r.body.code).toBe('string')
      }
      const xml = await call(`${t.url}${path}?projectId=shop`, {
        method,
        body: '<x/>',
        headers: { 'content-type': 'application/xml' },
      })
      expect(xml.status).toBe(415)
    }
  })
})
