// The HTTP fuzzer, as a standing test: requests derived from every route's TypeBox schema
// (valid values — with the devnet's accounts, tokens and chain ids mixed in — then mutated
// ones) against the gateway configured as `portico-server --devnet` configures it, plus the
// signer listener with email, social and Farcaster login (test-helpers/fuzz-world.ts), on
// both stores. The route list is the gateway's own route table (http/catalog.ts), so a new
// route is fuzzed without anyone listing it, and a route no case reached fails the test.
// Never a 5xx, never a hang, a JSON refusal on every 4xx (what a browser navigates to may
// refuse with an HTML page, a script it loads with plain text), and every table of the database
// (from its catalog) unchanged, row for row, by a refused request.
// PORTICO_FUZZ_RUNS=<n> runs more cases per store (default 1,000: 2,000 per `npm test`).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allowedMethods } from '../rpc-proxy/index.js'
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
import {
  FUZZ_ORIGIN,
  FUZZ_PROJECT,
  type FuzzWorld,
  startFuzzWorld,
  tableDigester,
  tableNames,
} from '../test-helpers/fuzz-world.js'
import { type RouteEntry, routeCatalog } from './catalog.js'

const RUNS = Number(process.env.PORTICO_FUZZ_RUNS ?? 1000)
/** A request that takes longer than this is a hang. */
const HANG_MS = 10_000
/**
 * Refusals that come before a route's handler: no route, the project guard, schema
 * validation, body parsing and limits. A route whose every answer is one of these was
 * never reached.
 */
const BEFORE_HANDLER = new Set([
  'not_found',
  'invalid_key',
  'origin_not_allowed',
  'rate_limited',
  'invalid_request',
  'invalid_json',
  'unsupported_media_type',
  'body_too_large',
  'bad_request',
  'headers_too_large',
  'fst_err_ctp_invalid_json_body',
  'fst_err_ctp_empty_json_body',
])

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects
type Schema = Record<string, any>

interface Target {
  /** `gateway` or `signer` (the signer listener, its own origin). */
  app: string
  base: string
  route: RouteEntry
}

const key = (t: Target) => `${t.app} ${t.route.method} ${t.route.url}`

/** JSON-RPC calls for the schema-less RPC proxy route: allowed methods, refused ones, odd params, batches. */
function jsonRpc(examples: readonly string[]): fc.Arbitrary<unknown> {
  const methods = [
    ...allowedMethods('eip155'),
    ...allowedMethods('solana'),
    'eth_sendTransaction',
    'anvil_setBalance',
    'debug_traceTransaction',
    'evm_mine',
    '__proto__',
  ]
  const param = fc.oneof(
    fc.constantFrom(...examples, 'latest', 'finalized', '0x0', '0x1', {
      fromBlock: '0x0',
      toBlock: 'latest',
    }),
    hostile,
  )
  const call = fc.record({
    jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: hostile }),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...methods) },
      { weight: 1, arbitrary: hostile },
    ),
    params: fc.array(param, { maxLength: 3 }),
  })
  return fc.oneof(
    { weight: 6, arbitrary: call },
    { weight: 2, arbitrary: fc.array(call, { minLength: 0, maxLength: 4 }) },
    { weight: 1, arbitrary: hostile },
  )
}

function requestFor(target: Target, examples: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const { route } = target
  const schema = (route.schema ?? {}) as Record<string, Schema | undefined>
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!)
  // A route without a params schema still has its URL's parameters: any string, examples first.
  const params = schema.params ?? {
    type: 'object',
    properties: Object.fromEntries(paramNames.map((n) => [n, { type: 'string', minLength: 1 }])),
    required: paramNames,
  }
  // A route without a query schema reads its query by hand (the RPC proxy's chainId): offer one.
  const query = schema.querystring ?? {
    type: 'object',
    properties: { chainId: { type: 'string', pattern: '^[a-z0-9]+:[A-Za-z0-9]+$' } },
    required: ['chainId'],
  }
  const body = schema.body
  // Which part is mutated: none (valid request), params, query, body, headers. Each kind's
  // arbitrary is built once (building one parses every pattern of the route's schemas).
  const kind = (which: string) =>
    fc
      .record({
        params:
          which === 'params'
            ? fc.oneof(mutated(params, examples), valid(params, examples))
            : valid(params, examples, 0, which === 'none' ? 3 : 1),
        rawParam:
          which === 'params'
            ? fc.option(
                fc.tuple(fc.constantFrom(...(paramNames.length ? paramNames : ['x'])), hostileSegment),
              )
            : fc.constant(null),
        query:
          which === 'query' ? mutated(query, examples) : valid(query, examples, 0, which === 'none' ? 3 : 1),
        body: body
          ? which === 'body'
            ? mutated(body, examples)
            : valid(body, examples, 0, which === 'none' ? 3 : 1)
          : route.method === 'POST'
            ? // A POST without a body schema parses its own: the RPC proxy's JSON-RPC, a page's form.
              fc.oneof({ weight: 3, arbitrary: jsonRpc(examples) }, { weight: 1, arbitrary: hostile })
            : fc.option(hostile),
        projectId: fc.oneof(
          { weight: 18, arbitrary: fc.constant(FUZZ_PROJECT) },
          { weight: 1, arbitrary: fc.constantFrom('', 'nope', 'fuzz\u0000', 'x'.repeat(500)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
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
          { weight: 3, arbitrary: fc.constant(FUZZ_ORIGIN) },
          { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null') },
        ),
        bearer: fc.option(fc.constantFrom('x', 'a'.repeat(43), `${'A'.repeat(40)}.${'b'.repeat(20)}`), {
          freq: 4,
        }),
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
        if (r.projectId !== undefined) q.projectId = r.projectId
        const url = route.url.endsWith('*') ? `${route.url.slice(0, -1)}anything` : route.url
        const path = `${fillPath(url, p, raw)}?${queryText(q)}`
        const headers: Record<string, string> = {}
        if (r.origin) headers.origin = r.origin
        if (r.bearer) {
          headers.authorization = `Bearer ${r.bearer}`
          headers['x-portico-project'] = FUZZ_PROJECT
        }
        const req: FuzzRequest = { method: route.method, path, headers }
        if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
          if (r.contentType) headers['content-type'] = r.contentType
          req.body = r.bodyText ?? JSON.stringify(r.body ?? null)
        }
        return req
      })
  const weights = { none: 2, params: 1, query: 1, body: 2, encoding: 1 }
  return fc.oneof(...Object.entries(weights).map(([which, weight]) => ({ weight, arbitrary: kind(which) })))
}

/**
 * What a refusal says: the gateway's `{ code }`; the RPC proxy's guard code in `error.data.code`,
 * else its JSON-RPC code (parse errors and malformed requests come before the handler).
 */
function refusalCode(parsed: Record<string, unknown> | null): string | undefined {
  if (!parsed) return undefined
  if (typeof parsed.code === 'string') return parsed.code
  const e = parsed.error as { code?: unknown; data?: { code?: unknown } } | undefined
  if (typeof e?.data?.code === 'string') return e.data.code
  if (e?.code === -32700 || e?.code === -32600) return 'invalid_json'
  return typeof e?.code === 'number' ? `rpc ${e.code}` : undefined
}

interface Seen {
  cases: number
  handler: number
  pageRefusals: number
  statuses: Map<number, number>
}

/** Extra cases a route gets when its share reached no handler, before the test calls it unreachable. */
const REACH_TRIES = 60

describe.each(ENGINES)('HTTP fuzzer over every route of the gateway on the devnet (%s)', (kind) => {
  let w: FuzzWorld
  beforeAll(async () => {
    w = await startFuzzWorld(kind)
  }, 240_000)
  afterAll(() => w?.close())

  it('reaches every route of the route table; never answers 5xx, never hangs, refuses with JSON and leaves every table unchanged when it refuses', async () => {
    const { t } = w
    const signer = t.gateway.signer
    expect(signer, 'embeddedWallet is configured: the signer listener exists').toBeDefined()
    const targets: Target[] = [
      ...routeCatalog(t.gateway.app).map((route) => ({ app: 'gateway', base: t.url, route })),
      ...routeCatalog(signer!.app).map((route) => ({ app: 'signer', base: w.signerUrl, route })),
    ].filter((x) => x.route.method !== 'HEAD' && x.route.method !== 'OPTIONS')
    expect(targets.length).toBeGreaterThan(40)

    const tables = await tableNames(t.gateway.db)
    expect(tables.length).toBeGreaterThan(20)
    const tableDigests = await tableDigester(t.gateway.db, tables)
    // Background writers are quiet while the fuzzer compares tables: the indexer has read
    // every block (startFuzzWorld waited) and stops; analytics are drained before each digest.
    await t.gateway.indexer.stop()
    let digestMs = 0
    let requestMs = 0
    const digest = async () => {
      const t0 = performance.now()
      await t.gateway.analytics.drain()
      const d = await tableDigests()
      digestMs += performance.now() - t0
      return d
    }

    const reached = new Map<string, Seen>()
    for (const x of targets)
      reached.set(key(x), { cases: 0, handler: 0, pageRefusals: 0, statuses: new Map() })
    let tried = 0
    let refused = 0
    let before = await digest()

    /** One case: the request, its answer checked, the tables compared when it was refused. */
    const check = async (target: Target, req: FuzzRequest) => {
      tried++
      let res: Response
      const t0 = performance.now()
      try {
        res = await fetch(`${target.base}${req.path}`, {
          method: req.method,
          headers: req.headers,
          ...(req.body !== undefined ? { body: req.body } : {}),
          signal: AbortSignal.timeout(HANG_MS),
        })
      } catch (error) {
        throw new Error(
          `${target.app} ${req.method} ${req.path.slice(0, 200)} did not answer in ${HANG_MS} ms: ${(error as Error).message}`,
        )
      }
      const text = await res.text()
      requestMs += performance.now() - t0
      const where = `${target.app} ${req.method} ${req.path.slice(0, 300)} body=${req.body?.slice(0, 300)}`
      const seen = reached.get(key(target))!
      seen.cases++
      seen.statuses.set(res.status, (seen.statuses.get(res.status) ?? 0) + 1)
      expect(res.status, `${where} → ${text.slice(0, 300)}`).toBeLessThan(500)
      let parsed: Record<string, unknown> | null = null
      if (res.status >= 400) {
        refused++
        const type = res.headers.get('content-type') ?? ''
        if (/^text\/html/.test(type) || (req.method === 'GET' && /^text\/plain/.test(type))) {
          // What a browser navigates to (the frame, the social-login callback, the device-approval
          // page and its form post, the checkout page) may refuse with a page saying why, and a
          // script or style it loads with plain text; the summary counts these per route.
          seen.pageRefusals++
        } else {
          expect(type, `${where} → ${text.slice(0, 200)}`).toMatch(/^application\/json/)
          parsed = JSON.parse(text)
          // The RPC proxy refuses the JSON-RPC 2.0 way: { jsonrpc, id, error: { code, message } }.
          const jsonRpcRefusal = parsed !== null && typeof parsed === 'object' && 'jsonrpc' in parsed
          const refusal = (jsonRpcRefusal ? parsed!.error : parsed) as Record<string, unknown> | undefined
          expect(typeof refusal?.code, where).toBe(jsonRpcRefusal ? 'number' : 'string')
          expect(typeof refusal?.message, where).toBe('string')
        }
      }
      // The router, the guard and schema validation answer JSON: a page's refusal is its handler's.
      const code = res.status >= 400 ? refusalCode(parsed) : undefined
      if (res.status < 400 || parsed === null || (code !== undefined && !BEFORE_HANDLER.has(code)))
        seen.handler++
      const after = await digest()
      if (res.status >= 400) {
        expect(after, `a refused request changed a table: ${where} → ${text.slice(0, 200)}`).toEqual(before)
      }
      before = after
    }

    // Every route gets its share of the cases (so none is left to chance), in a random order of cases.
    const share = Math.ceil(RUNS / targets.length)
    const started = Date.now()
    for (const target of targets) {
      const requests = requestFor(target, w.examples)
      await fc.assert(
        fc.asyncProperty(requests, (req) => check(target, req)),
        { numRuns: share, endOnFailure: true },
      )
      // A route whose share never got past the guard and validation gets more tries, then fails below.
      const seen = reached.get(key(target))!
      for (const req of seen.handler === 0 ? fc.sample(requests, REACH_TRIES) : []) {
        await check(target, req)
        if (seen.handler > 0) break
      }
    }
    const ms = Date.now() - started
    const rows = [...reached].map(
      ([k, v]) =>
        `  ${k}: ${v.cases} cases, ${v.handler} past validation, ${v.pageRefusals} refused as a page, ${JSON.stringify(Object.fromEntries([...v.statuses].sort()))}`,
    )
    console.log(
      `[fuzz ${kind}] ${tried} requests (${refused} refused) over ${targets.length} routes, ${tables.length} tables compared, in ${ms} ms (requests ${Math.round(requestMs)} ms, table digests ${Math.round(digestMs)} ms)\n${rows.join('\n')}`,
    )
    expect(tried).toBeGreaterThanOrEqual(RUNS)
    const unreached = [...reached].filter(([, v]) => v.handler === 0).map(([k]) => k)
    expect(unreached, 'routes no case reached past the guard and schema validation').toEqual([])
  }, 900_000)
})
