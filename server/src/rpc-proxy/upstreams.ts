import type { FastifyBaseLogger } from 'fastify'
import { EgressError, postJson } from '../egress/index.js'
import type { RpcNamespace } from './allowlist.js'

/** One configured upstream. `label` is what logs and metrics name it by (never the URL: it may hold a key). */
export interface UpstreamConfig {
  url: string
  headers?: Readonly<Record<string, string>>
  label: string
}

export interface PoolOptions {
  timeoutMs: number
  maxResponseBytes: number
  /** Samples kept per upstream (SPEC §9: 10). */
  samples: number
  pingTimeoutMs: number
  /** Ranking interval (SPEC §9: 4 s); 0 = no background pings. */
  intervalMs: number
  log: FastifyBaseLogger
}

interface Sample {
  ok: boolean
  /** Only pings measure latency: a real call's time depends on what it asked for. */
  latencyMs?: number
}

/** SPEC §9 ranking weights. */
export const STABILITY_WEIGHT = 0.7
export const LATENCY_WEIGHT = 0.3

/** Every upstream of a chain failed; `reasons` are egress codes per label, safe to log. */
export class UpstreamsFailed extends Error {
  override name = 'UpstreamsFailed'
  constructor(readonly reasons: Record<string, string>) {
    super('no upstream answered')
  }
}

const PING: Record<RpcNamespace, string> = { eip155: 'eth_chainId', solana: 'getSlot' }

/**
 * The upstreams of one chain, tried in rank order: a transport failure,
 * time-out, HTTP 429/5xx or an answer that is not JSON-RPC moves on to the
 * next one. Rank = 0.7 × stability (share of the last samples that
 * succeeded) + 0.3 × latency score (1 − mean ping latency / the slowest
 * upstream's); an upstream without samples counts as perfect, so the
 * configured order holds until there is evidence against it.
 */
export class UpstreamPool {
  readonly #samples: Sample[][]
  #timer: NodeJS.Timeout | undefined

  constructor(
    readonly chainId: string,
    readonly namespace: RpcNamespace,
    readonly upstreams: readonly UpstreamConfig[],
    private readonly options: PoolOptions,
  ) {
    this.#samples = upstreams.map(() => [])
  }

  /** Starts the background ranking pings (only useful with two or more upstreams). */
  start(): void {
    if (this.upstreams.length < 2 || this.options.intervalMs === 0 || this.#timer) return
    this.#timer = setInterval(() => void this.rank(), this.options.intervalMs)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }

  /** Scores per upstream, in configured order (tests, metrics). */
  scores(): number[] {
    const means = this.#samples.map((s) => {
      const timed = s.filter((x) => x.latencyMs !== undefined)
      return timed.length === 0 ? undefined : timed.reduce((a, x) => a + x.latencyMs!, 0) / timed.length
    })
    const slowest = Math.max(0, ...means.map((m) => m ?? 0))
    return this.#samples.map((s, i) => {
      const stability = s.length === 0 ? 1 : s.filter((x) => x.ok).length / s.length
      const mean = means[i]
      const latency = mean === undefined || slowest === 0 ? 1 : 1 - mean / slowest
      return STABILITY_WEIGHT * stability + LATENCY_WEIGHT * latency
    })
  }

  /** Upstream indexes, best first (ties keep the configured order). */
  order(): number[] {
    const scores = this.scores()
    return scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b)
  }

  /** One ranking round: pings every upstream at once with a cheap read (SPEC §9: 1 s time-out). */
  async rank(): Promise<void> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: PING[this.namespace], params: [] })
    await Promise.all(
      this.upstreams.map(async (u, i) => {
        const started = performance.now()
        try {
          await this.#call(u, body, this.options.pingTimeoutMs)
          this.#record(i, { ok: true, latencyMs: performance.now() - started })
        } catch {
          this.#record(i, { ok: false, latencyMs: this.options.pingTimeoutMs })
        }
      }),
    )
  }

  /**
   * Sends a JSON-RPC payload (one call or a batch) to the best upstream
   * that answers; returns the parsed JSON answer and which upstream gave it.
   */
  async send(payload: string): Promise<{ answer: unknown; upstream: string }> {
    const reasons: Record<string, string> = {}
    for (const i of this.order()) {
      const u = this.upstreams[i]!
      try {
        const answer = await this.#call(u, payload, this.options.timeoutMs)
        this.#record(i, { ok: true })
        return { answer, upstream: u.label }
      } catch (error) {
        this.#record(i, { ok: false })
        const reason = error instanceof EgressError ? error.code : 'bad_answer'
        reasons[u.label] = reason
        this.options.log.warn(
          { chainId: this.chainId, upstream: u.label, reason },
          'RPC upstream failed; next one',
        )
      }
    }
    throw new UpstreamsFailed(reasons)
  }

  async #call(u: UpstreamConfig, payload: string, timeoutMs: number): Promise<unknown> {
    const { status, body } = await postJson(u.url, payload, {
      maxBytes: this.options.maxResponseBytes,
      timeoutMs,
      ...(u.headers ? { headers: u.headers } : {}),
    })
    if (status === 429 || status >= 500) throw new EgressError('bad_status', `answered HTTP ${status}`)
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      throw new EgressError('bad_content_type', 'answer is not JSON')
    }
    // Some nodes answer a refused call with HTTP 400 and a JSON-RPC error: that is an answer. Anything else is not.
    const looksRpc = (x: unknown) => x !== null && typeof x === 'object' && 'jsonrpc' in x
    if (!(Array.isArray(parsed) ? parsed.every(looksRpc) : looksRpc(parsed)))
      throw new EgressError('bad_status', `answered HTTP ${status} without JSON-RPC`)
    return parsed
  }

  #record(i: number, sample: Sample): void {
    const list = this.#samples[i]!
    list.push(sample)
    if (list.length > this.options.samples) list.splice(0, list.length - this.options.samples)
  }
}
