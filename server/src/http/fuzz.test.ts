// The HTTP fuzzer, as a standing test: requests derived from every route's
// schema (valid values, then mutated ones) against the real gateway on both
// stores. Never a 5xx, never a hang, a JSON { code, message } body on every
// refusal, and nothing stored by a refused request.
// PORTICO_FUZZ_RUNS=<n> runs more cases per engine (default 150).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import {
  type FuzzRequest,
  fillPath,
  hostile,
  hostileSegment,
  mutated,
  queryText,
  valid,
} from '../test-helpers/fuzz.js'
import { startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type RouteEntry, routeCatalog } from './catalog.js'

const RUNS = Number(process.env.PORTICO_FUZZ_RUNS ?? 150)
/** A request that takes longer than this is a hang. */
const HANG_MS = 10_000
const TABLES = [
  'analytics_events',
  'names',
  'name_addresses',
  'name_owner_clock',
  'used_signatures',
  'sessions',
  'txs',
  'transfers',
  'account_txs',
  'token_meta',
]

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects
type Schema = Record<string, any>

function requestFor(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const schema = (route.schema ?? {}) as Record<string, Schema | undefined>
  const params = schema.params ?? { type: 'object', properties: {} }
  const query = schema.querystring ?? { type: 'object', properties: {} }
  const body = schema.body
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)
  // Which part is mutated: none (valid request), params, query, body, headers.
  const part = fc.constantFrom('none', 'params', 'query', 'body', 'body', 'encoding')
  return part.chain((which) =>
    fc
      .record({
        params: which === 'params' ? fc.oneof(mutated(params), valid(params)) : valid(params),
        rawParam:
          which === 'params'
            ? fc.option(
                fc.tuple(fc.constantFrom(...(paramNames.length ? paramNames : ['x'])), hostileSegment),
              )
            : fc.constant(null),
        query: which === 'query' ? mutated(query) : valid(query),
        body: body ? (which === 'body' ? mutated(body) : valid(body)) : fc.option(hostile),
        projectId: fc.oneof(
          { weight: 9, arbitrary: fc.constant('fuzz') },
          { weight: 1, arbitrary: fc.constantFrom('', 'nope', 'fuzz\u0000', 'x'.repeat(500)) },
        ),
        contentType:
          which === 'encoding'
            ? fc.constantFrom(
                'text/plain',
                'application/x-www-form-urlencoded',
                'application/json; charset=latin1',
                'multipart/form-data; boundary=x',
                '',
              )
            : fc.constant('application/json'),
        bodyText:
          which === 'encoding'
            ? fc.option(
                fc.constantFrom('{', '{"a":', '\u0000', '[1,2', '{"__proto__":{"x":1}}', 'null', '1e309'),
              )
            : fc.constant(null),
        origin: fc.oneof(
          { weight: 6, arbitrary: fc.constant(null) },
          { weight: 3, arbitrary: fc.constant('https://fuzz.example') },
          { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') },
        ),
      })
      .map((r) => {
        const p = (typeof r.params === 'object' && r.params !== null ? r.params : {}) as Record<
          string,
          unknown
        >
        const raw = new Set<string>()
        if (r.rawParam) {
          p[r.rawParam[0]] = r.rawParam[1]
          raw.add(r.rawParam[0])
        }
        const q = (typeof r.query === 'object' && r.query !== null ? { ...r.query } : {}) as Record<
          string,
          unknown
        >
        q.projectId = r.projectId
        const path = `${fillPath(route.url === '/*' ? '/v1/anything' : route.url, p, raw)}?${queryText(q)}`
        const headers: Record<string, string> = {}
        if (r.origin) headers.origin = r.origin
        const req: FuzzRequest = { method: route.method, path, headers }
        if (route.method === 'POST' || route.method === 'PUT') {
          if (r.contentType) headers['content-type'] = r.contentType
          req.body = r.bodyText ?? JSON.stringify(r.body ?? null)
        }
        return req
      }),
  )
}

describe.each(ENGINES)('HTTP fuzzer over every route schema (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        {
          id: 'fuzz',
          name: 'Fuzz',
          allowedOrigins: ['https://fuzz.example'],
          secret: 'fuzz-secret-0123456789',
          features: { analytics: true },
          rateLimit: { max: 1_000_000, windowMs: 60_000 },
        },
      ],
    })
  })
  afterAll(() => t?.close())

  // Row counts of every table, in one statement (table names are constants above).
  const countSql = `SELECT ${TABLES.map((x) => `(SELECT COUNT(*) FROM ${x}) AS ${x}`).join(', ')}`
  const counts = async () => {
    const row = (await t.gateway.db.query<Record<string, number | string>>(countSql))[0]!
    return Object.fromEntries(TABLES.map((x) => [x, Number(row[x])]))
  }

  it('never answers 5xx, never hangs, refuses with JSON { code, message } and stores nothing it refused', async () => {
    const routes = routeCatalog(t.gateway.app).filter((r) => r.method !== 'HEAD')
    expect(routes.length).toBeGreaterThan(15)
    const arbitrary = fc.oneof(...routes.map(requestFor))
    let tried = 0
    const statuses = new Map<number, number>()
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        tried++
        const before = await counts()
        let res: Response
        try {
          res = await fetch(`${t.url}${req.path}`, {
            method: req.method,
            headers: req.headers,
            ...(req.body !== undefined ? { body: req.body } : {}),
            signal: AbortSignal.timeout(HANG_MS),
          })
        } catch (error) {
          throw new Error(
            `${req.method} ${req.path.slice(0, 200)} did not answer: ${(error as Error).message}`,
          )
        }
        const text = await res.text()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        const where = `${req.method} ${req.path.slice(0, 300)} body=${req.body?.slice(0, 300)}`
        expect(res.status, `${where} → ${text.slice(0, 300)}`).toBeLessThan(500)
        if (res.status >= 400) {
          expect(res.headers.get('content-type'), where).toMatch(/^application\/json/)
          const parsed = JSON.parse(text)
          // The RPC proxy (POST /v1?chainId=…) refuses the JSON-RPC 2.0 way: { jsonrpc, id, error: { code, message } }.
          const refusal = /^\/v1(\?|$)/.test(req.path) && req.method === 'POST' ? parsed.error : parsed
          expect(typeof refusal?.code, where).toBe(refusal === parsed ? 'string' : 'number')
          expect(typeof refusal?.message, where).toBe('string')
          expect(await counts(), `refused request stored something: ${where}`).toEqual(before)
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
    const ms = Date.now() - started
    console.log(
      `[fuzz ${kind}] ${tried} requests over ${routes.length} routes in ${ms} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    )
    expect(tried).toBe(RUNS)
  }, 300_000)
})
