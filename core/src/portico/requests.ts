import type { Portico, PorticoState } from '../contracts/index.js'
import type { Store } from '../state/index.js'
import type { RequestsDeps } from './requests-runtime.js'

/** The `Portico` methods served by the request runtime: every one returns a promise. */
export type LazyRequestApi = Pick<
  Portico,
  | 'signMessage'
  | 'signMessageDetailed'
  | 'sendTransaction'
  | 'signTransaction'
  | 'signTypedData'
  | 'waitForTransaction'
  | 'prepareSend'
  | 'send'
  | 'getMaxSendAmount'
  | 'getSendReserve'
  | 'listSessions'
  | 'revokeSession'
>

const LAZY_METHODS = [
  'signMessage',
  'signMessageDetailed',
  'sendTransaction',
  'signTransaction',
  'signTypedData',
  'waitForTransaction',
  'prepareSend',
  'send',
  'getMaxSendAmount',
  'getSendReserve',
  'listSessions',
  'revokeSession',
] as const satisfies ReadonlyArray<keyof LazyRequestApi>

/**
 * Wallet requests, Send, transaction outcomes and smart sessions, loaded with
 * the first call: none of them draws the button or the Connect view, so they
 * are a lazy chunk (issue 31). Each method awaits the runtime, then runs as
 * before; a failed load rejects that call and the next call tries again.
 * `clearRequest` (synchronous) works on the state directly. The instance
 * preloads the runtime when an account connects, so by the time a visitor
 * asks for a signature it is there.
 */
export function createLazyRequests(deps: RequestsDeps): LazyRequests {
  let loaded: LazyRequestApi | undefined
  let runtime: Promise<LazyRequestApi> | undefined
  const load = () => {
    runtime ??= import('./requests-runtime.js').then(
      (m) => {
        loaded ??= m.createRequests(deps)
        return loaded
      },
      (error: unknown) => {
        runtime = undefined
        throw error
      },
    )
    return runtime
  }
  type Method = (...args: unknown[]) => Promise<unknown>
  const api = {} as Record<string, Method>
  // Once loaded, a call runs synchronously up to its first await, as it always did: a tracked
  // request's pending entry is in `state.requests` as soon as the call returns.
  for (const method of LAZY_METHODS)
    api[method] = (...args) =>
      loaded ? (loaded[method] as Method)(...args) : load().then((r) => (r[method] as Method)(...args))
  return {
    ...(api as unknown as LazyRequestApi),
    clearRequest: (id) => clearRequest(deps.store, id),
    preload: () => load().then(() => undefined),
  }
}

/** The lazy request methods, `clearRequest`, and `preload` (the instance calls it on connect). */
export type LazyRequests = LazyRequestApi &
  Pick<Portico, 'clearRequest'> & {
    /** Loads the runtime now (an account connected: requests come next); rejects when the chunk fails to load. */
    preload(): Promise<void>
  }

function clearRequest(store: Store<PorticoState>, id: string): void {
  store.setState((s) => {
    if (!(id in s.requests)) return s
    const { [id]: _removed, ...rest } = s.requests
    return { ...s, requests: rest }
  })
}
