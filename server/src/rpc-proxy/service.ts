import type { FastifyBaseLogger } from 'fastify'
import type { Metrics } from '../http/metrics.js'
import { redactUrls } from '../http/redact.js'
import { methodAllowed, type RpcNamespace } from './allowlist.js'
import { AnswerCache, blockNumberParam, immutability } from './cache.js'
import type { RpcProxyConfig } from './config.js'
import { isRpcId, type RpcAnswer, RpcErrors, type RpcId, rpcError } from './errors.js'
import { type UpstreamConfig, UpstreamPool, UpstreamsFailed } from './upstreams.js'
import { logsRangeRefusal } from './weights.js'

/** A chain the proxy serves: its CAIP-2 id and its upstreams in preference order. */
export interface ProxiedChain {
  chainId: string
  upstreams: UpstreamConfig[]
}

/** What the route sends back: an HTTP status and a JSON-RPC body (undefined: only notifications, 204). */
export interface ProxyReply {
  status: number
  body: RpcAnswer | RpcAnswer[] | undefined
}

interface Pending {
  index: number
  id: RpcId
  method: string
  params: unknown
  notification: boolean
  cacheKey: string | undefined
}

const FINALITY_TTL_MS = 4_000

/**
 * Checks, answers from cache or forwards JSON-RPC calls for the configured
 * chains. Every call of a batch gets its own answer with its own id; the
 * calls that must reach a node go upstream together as one batch (with the
 * proxy's own ids, so duplicate or odd client ids cannot be mixed up).
 */
export class RpcProxyService {
  readonly #pools = new Map<string, UpstreamPool>()
  readonly #finality = new Map<string, { at: number; value: Promise<bigint | undefined> }>()
  readonly cache: AnswerCache
  /** Secret strings (URLs, header values) → label, cut from any upstream error text. */
  readonly #secrets: Map<string, string>

  constructor(
    chains: readonly ProxiedChain[],
    readonly config: RpcProxyConfig,
    log: FastifyBaseLogger,
    metrics?: Metrics,
  ) {
    this.cache = new AnswerCache(config.cacheEntries, config.cacheBytes, undefined, (stats) => {
      metrics?.setGauge(
        'portico_rpc_cache_bytes',
        'Bytes held by the RPC proxy immutable-answer cache',
        {},
        stats.bytes,
      )
      metrics?.setGauge(
        'portico_rpc_cache_entries',
        'Entries of the RPC proxy immutable-answer cache',
        {},
        stats.entries,
      )
    })
    metrics?.setGauge(
      'portico_rpc_cache_budget_bytes',
      'Configured byte budget of the RPC proxy answer cache',
      {},
      config.cacheBytes,
    )
    this.#secrets = new Map()
    for (const c of chains) {
      const namespace = c.chainId.split(':')[0] as RpcNamespace
      this.#pools.set(
        c.chainId,
        new UpstreamPool(c.chainId, namespace, c.upstreams, {
          timeoutMs: config.timeoutMs,
          maxResponseBytes: config.maxResponseBytes,
          samples: config.rankSamples,
          pingTimeoutMs: config.pingTimeoutMs,
          intervalMs: config.rankIntervalMs,
          log,
        }),
      )
      for (const u of c.upstreams) {
        this.#secrets.set(u.url, `<${u.label}>`)
        for (const v of Object.values(u.headers ?? {})) if (v.length >= 4) this.#secrets.set(v, '<key>')
      }
    }
  }

  /** The pool of a chain (tests read its ranking). */
  pool(chainId: string): UpstreamPool | undefined {
    return this.#pools.get(chainId)
  }

  start(): void {
    for (const p of this.#pools.values()) p.start()
  }

  stop(): void {
    for (const p of this.#pools.values()) p.stop()
  }

  /** Answers a parsed request body for `chainId`. */
  async handle(chainId: string, body: unknown): Promise<ProxyReply> {
    const pool = this.#pools.get(chainId)
    if (!pool) return { status: 400, body: rpcError(null, RpcErrors.unsupportedChain()) }
    const batch = Array.isArray(body)
    const calls: unknown[] = batch ? body : [body]
    if (batch && calls.length === 0)
      return { status: 400, body: rpcError(null, RpcErrors.invalidRequest('empty batch')) }
    if (calls.length > this.config.maxBatch) {
      const why = `a batch of ${calls.length} calls is over the limit of ${this.config.maxBatch}`
      return { status: 400, body: rpcError(null, RpcErrors.invalidRequest(why)) }
    }
    const answers: (RpcAnswer | undefined)[] = new Array(calls.length)
    const forward: Pending[] = []
    for (let index = 0; index < calls.length; index++) {
      const checked = await this.#check(pool, calls[index])
      if ('answer' in checked) answers[index] = checked.answer
      else forward.push({ ...checked.pending, index })
    }
    let status = 200
    if (forward.length > 0) {
      try {
        await this.#forward(pool, forward, answers)
      } catch (error) {
        if (!(error instanceof UpstreamsFailed)) throw error
        for (const p of forward) answers[p.index] = rpcError(p.id, RpcErrors.upstreamUnavailable())
        status = 502
      }
    }
    // Notifications get no answer (JSON-RPC 2.0); a request of notifications only gets an empty 204.
    const notification = new Set(forward.filter((p) => p.notification).map((p) => p.index))
    const out = answers.filter((a, i): a is RpcAnswer => a !== undefined && !notification.has(i))
    if (out.length === 0) return { status: 204, body: undefined }
    return { status, body: batch ? out : out[0] }
  }

  async #check(
    pool: UpstreamPool,
    raw: unknown,
  ): Promise<{ answer: RpcAnswer } | { pending: Omit<Pending, 'index'> }> {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      return { answer: rpcError(null, RpcErrors.invalidRequest('a call must be an object')) }
    const call = raw as Record<string, unknown>
    const hasId = Object.hasOwn(call, 'id')
    const id = hasId && isRpcId(call.id) ? call.id : null
    if (hasId && !isRpcId(call.id))
      return { answer: rpcError(null, RpcErrors.invalidRequest('id must be a string, a number or null')) }
    if (call.jsonrpc !== '2.0')
      return { answer: rpcError(id, RpcErrors.invalidRequest('jsonrpc must be "2.0"')) }
    const method = call.method
    if (typeof method !== 'string' || method.length === 0 || method.length > 128)
      return { answer: rpcError(id, RpcErrors.invalidRequest('method must be a short string')) }
    if (!methodAllowed(pool.namespace, method)) return { answer: rpcError(id, RpcErrors.notAllowed(method)) }
    const params = call.params
    if (params !== undefined && (params === null || typeof params !== 'object'))
      return { answer: rpcError(id, RpcErrors.invalidParams('params must be an array or an object')) }
    if (pool.namespace === 'eip155' && params !== undefined && !Array.isArray(params))
      return { answer: rpcError(id, RpcErrors.invalidParams('params of an EVM call must be an array')) }
    if (method === 'eth_getLogs') {
      const wide = logsRangeRefusal(params, this.config.maxLogsBlockRange)
      if (wide) return { answer: rpcError(id, RpcErrors.invalidParams(wide)) }
    }
    let cacheKey: string | undefined
    const rule = immutability(pool.namespace, method, params)
    if (rule === 'always' || rule === 'if-found') cacheKey = AnswerCache.key(pool.chainId, method, params)
    else if (rule === 'if-finalized-number') {
      const n = blockNumberParam(params)
      const finalized = n === undefined ? undefined : await this.#finalized(pool)
      if (n !== undefined && finalized !== undefined && n <= finalized)
        cacheKey = AnswerCache.key(pool.chainId, method, params)
    }
    if (cacheKey) {
      const hit = this.cache.get(cacheKey)
      if (hit) return { answer: { jsonrpc: '2.0', id, result: hit.result } }
    }
    return { pending: { id, method, params, notification: !hasId, cacheKey } }
  }

  async #forward(pool: UpstreamPool, forward: Pending[], answers: (RpcAnswer | undefined)[]) {
    const wire = forward.map((p, k) => ({
      jsonrpc: '2.0',
      id: k,
      method: p.method,
      ...(p.params === undefined ? {} : { params: p.params }),
    }))
    const { answer } = await pool.send(JSON.stringify(wire.length === 1 ? wire[0] : wire))
    const list = Array.isArray(answer) ? answer : [answer]
    const byId = new Map<number, Record<string, unknown>>()
    for (const a of list) {
      const entry = a as Record<string, unknown>
      if (typeof entry.id === 'number') byId.set(entry.id, entry)
    }
    // A single call answered with an id we cannot match (some nodes answer id null on errors): it is that call's.
    if (wire.length === 1 && byId.size === 0 && list.length === 1)
      byId.set(0, list[0] as Record<string, unknown>)
    forward.forEach((p, k) => {
      const got = byId.get(k)
      if (!got) answers[p.index] = rpcError(p.id, RpcErrors.noAnswer())
      else if (got.error !== undefined) answers[p.index] = rpcError(p.id, this.#cleanError(got.error))
      else {
        answers[p.index] = { jsonrpc: '2.0', id: p.id, result: got.result ?? null }
        if (p.cacheKey) this.cache.set(p.cacheKey, got.result)
      }
    })
  }

  /** An upstream's error passes through (a revert is an answer), with any URL or key cut out of its text. */
  #cleanError(raw: unknown): { code: number; message: string; data?: unknown } {
    const e = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
    const code = typeof e.code === 'number' && Number.isInteger(e.code) ? e.code : -32603
    const message = redactUrls(typeof e.message === 'string' ? e.message : 'Upstream error', this.#secrets)
    if (e.data === undefined) return { code, message }
    try {
      return { code, message, data: JSON.parse(redactUrls(JSON.stringify(e.data), this.#secrets)) }
    } catch {
      // Data that does not survive the cut is left out rather than passed on uncut.
      return { code, message }
    }
  }

  /** The upstream's finalized block number, asked again at most every 4 s; undefined when it has none. */
  #finalized(pool: UpstreamPool): Promise<bigint | undefined> {
    const now = Date.now()
    const known = this.#finality.get(pool.chainId)
    if (known && now - known.at < FINALITY_TTL_MS) return known.value
    const value = pool
      .send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'eth_getBlockByNumber',
          params: ['finalized', false],
        }),
      )
      .then(({ answer }) => {
        const n = (answer as { result?: { number?: unknown } }).result?.number
        return typeof n === 'string' && /^0x[0-9a-fA-F]+$/.test(n) ? BigInt(n) : undefined
      })
      .catch(() => undefined)
    this.#finality.set(pool.chainId, { at: now, value })
    return value
  }
}
