import type {
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  PorticoState,
  TransactionOutcome,
} from '../contracts/index.js'
import {
  MethodNotSupportedError,
  PorticoError,
  toPorticoError,
  WalletNotConnectedError,
} from '../errors/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'
import { readOutcome } from './validate.js'

/** `state.outcomes` keeps the newest this many hashes. */
export const OUTCOMES_KEPT = 50

export interface OutcomesDeps {
  store: Store<PorticoState>
  adapters: AdapterRegistry
  isDestroyed(): boolean
}

export interface FollowParams {
  hash: string
  namespace?: ChainNamespace
  caipNetworkId?: CaipNetworkId
  timeoutMs?: number
  signal?: AbortSignal
  onUpdate?: (outcome: TransactionOutcome) => void
}

/** One adapter wait, shared by everyone following the same hash on the same network. */
interface Watch {
  done: Promise<TransactionOutcome>
  listeners: Set<(outcome: TransactionOutcome) => void>
  latest?: TransactionOutcome
}

export interface Outcomes {
  /**
   * Whether `namespace`'s adapter can follow a transaction at all (has
   * `waitForTransaction`); callers without it fall back to reading later.
   */
  canFollow(namespace: ChainNamespace): boolean
  /** `portico.waitForTransaction`: see its contract. */
  follow(params: FollowParams): Promise<TransactionOutcome>
}

/**
 * Follows sent transactions to their outcome through the adapters'
 * `waitForTransaction`: one adapter wait per (network, hash) however many
 * callers ask (the send view, the balance re-read, the host), each report
 * written to `state.outcomes`. A caller's own `timeoutMs` and `signal` end
 * only its own wait: the shared one runs to the adapter's outcome.
 */
export function createOutcomes(deps: OutcomesDeps): Outcomes {
  const watches = new Map<string, Watch>()

  function publish(outcome: TransactionOutcome) {
    if (deps.isDestroyed()) return
    deps.store.setState((s) => {
      const previous = s.outcomes ?? {}
      if (previous[outcome.hash] === outcome) return s
      const { [outcome.hash]: _old, ...rest } = previous
      // Newest last in insertion order: drop from the front past the cap.
      const keys = Object.keys(rest)
      const kept =
        keys.length >= OUTCOMES_KEPT
          ? Object.fromEntries(keys.slice(keys.length - OUTCOMES_KEPT + 1).map((k) => [k, rest[k]!]))
          : rest
      return { ...s, outcomes: { ...kept, [outcome.hash]: outcome } }
    })
  }

  function target(params: FollowParams) {
    const state = deps.store.getState()
    const ns = params.namespace ?? state.activeNamespace
    if (!ns) throw new WalletNotConnectedError({})
    const adapter = deps.adapters.find(ns) as ChainAdapter | undefined
    if (!adapter?.waitForTransaction) throw new MethodNotSupportedError({ method: 'waitForTransaction' })
    const caipNetworkId = params.caipNetworkId ?? state.networks.active[ns]
    if (!caipNetworkId) throw new WalletNotConnectedError({ namespace: ns })
    return { adapter, caipNetworkId, wait: adapter.waitForTransaction.bind(adapter) }
  }

  function watch(hash: string, caipNetworkId: CaipNetworkId, wait: ReturnType<typeof target>['wait']): Watch {
    const key = `${caipNetworkId}|${hash}`
    const existing = watches.get(key)
    if (existing) return existing
    const w: Watch = { done: Promise.resolve(undefined as never), listeners: new Set() }
    const report = (outcome: TransactionOutcome, final = false) => {
      w.latest = outcome
      publish(outcome)
      // onUpdate is for the way there; the outcome itself is what the promise resolves.
      if (!final) for (const listener of w.listeners) listener(outcome)
    }
    publish({ status: 'pending', hash, stage: 'submitted' })
    w.done = (async () => {
      let answer: unknown
      try {
        answer = await wait({
          hash,
          caipNetworkId,
          onUpdate: (update) => {
            // An adapter's intermediate report is checked like its answer; a malformed one is skipped.
            try {
              const read = readOutcome(update, hash)
              if (read.status === 'pending') report(read)
            } catch {
              /* the final answer is what counts; it is checked below and rejects when malformed */
            }
          },
        })
      } catch (error) {
        throw toPorticoError(error)
      }
      const outcome = readOutcome(answer, hash)
      report(outcome, true)
      return outcome
    })().finally(() => {
      watches.delete(key)
    })
    watches.set(key, w)
    return w
  }

  return {
    canFollow: (namespace) => Boolean(deps.adapters.find(namespace)?.waitForTransaction),

    follow(params) {
      let t: ReturnType<typeof target>
      try {
        if (typeof params?.hash !== 'string' || params.hash.trim() === '')
          throw new PorticoError('A transaction hash is required', { code: 'TRANSACTION_HASH_REQUIRED' })
        t = target(params)
      } catch (error) {
        return Promise.reject(error)
      }
      // Settled already (the send view, then the host, ask about the same hash): the answer stands.
      const known = deps.store.getState().outcomes?.[params.hash]
      if (known && known.status !== 'pending' && !watches.has(`${t.caipNetworkId}|${params.hash}`))
        return Promise.resolve(known)
      const w = watch(params.hash, t.caipNetworkId, t.wait)
      const { onUpdate, signal, timeoutMs } = params
      if (onUpdate && w.latest) onUpdate(w.latest)
      if (onUpdate) w.listeners.add(onUpdate)
      const mine = new Promise<TransactionOutcome>((resolve, reject) => {
        const cleanup: (() => void)[] = []
        const finish = (settle: () => void) => {
          for (const c of cleanup.splice(0)) c()
          settle()
        }
        if (signal) {
          const abort = () => finish(() => reject(signal.reason ?? new Error('aborted')))
          if (signal.aborted) return abort()
          signal.addEventListener('abort', abort, { once: true })
          cleanup.push(() => signal.removeEventListener('abort', abort))
        }
        if (timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs >= 0) {
          const timer = setTimeout(
            () =>
              finish(() =>
                resolve(
                  w.latest?.status === 'pending'
                    ? w.latest
                    : { status: 'pending', hash: params.hash, stage: 'submitted' },
                ),
              ),
            timeoutMs,
          )
          cleanup.push(() => clearTimeout(timer))
        }
        w.done.then(
          (outcome) => finish(() => resolve(outcome)),
          (error: unknown) => finish(() => reject(error)),
        )
      })
      return mine.finally(() => {
        if (onUpdate) w.listeners.delete(onUpdate)
      })
    },
  }
}
