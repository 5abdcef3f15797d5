import {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  ProviderDisconnectedError,
  type RequestChannel,
  type RequestChannelEvent,
  UnsupportedChainError,
} from '@portico/core'
import type { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'

type UniversalProvider = InstanceType<typeof UniversalProviderClass>

// CAIP-2 / CAIP-10 shapes (the chain-specific address check is the adapter's).
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):[-.%a-zA-Z0-9]{1,128}$/

type Handler = (payload: unknown) => void

/** Per-namespace event fan-out, fed by the connector from the session's events. */
export class ChannelEvents {
  private readonly handlers = new Map<string, Set<Handler>>()

  on(namespace: ChainNamespace, event: RequestChannelEvent, handler: Handler): () => void {
    const key = `${namespace}/${event}`
    const set = this.handlers.get(key) ?? new Set<Handler>()
    this.handlers.set(key, set)
    set.add(handler)
    return () => set.delete(handler)
  }

  emit(namespace: ChainNamespace, event: RequestChannelEvent, payload: unknown): void {
    for (const h of [...(this.handlers.get(`${namespace}/${event}`) ?? [])]) {
      try {
        h(payload)
      } catch {
        // An adapter's failing listener must not stop the others; adapters log their own errors.
      }
    }
  }

  /** Every namespace's `disconnect` (the session ended). */
  emitAll(event: RequestChannelEvent, payload: unknown): void {
    for (const key of this.handlers.keys()) {
      const [namespace, name] = key.split('/') as [ChainNamespace, RequestChannelEvent]
      if (name === event) this.emit(namespace, event, payload)
    }
  }
}

/** The session's namespace entries for `namespace` (keyed `eip155` or `eip155:1`). */
function entriesOf(p: UniversalProvider | undefined, namespace: ChainNamespace) {
  return Object.entries(p?.session?.namespaces ?? {})
    .filter(([key]) => key === namespace || key.startsWith(`${namespace}:`))
    .map(([, ns]) => ns as { chains?: unknown; accounts?: unknown })
}

/** CAIP-2 chains the session covers in `namespace`: well-formed ids of that namespace only. */
export function sessionChains(p: UniversalProvider | undefined, namespace: ChainNamespace): CaipNetworkId[] {
  const out = new Set<CaipNetworkId>()
  for (const ns of entriesOf(p, namespace)) {
    const listed = Array.isArray(ns.chains) ? ns.chains : []
    const fromAccounts = (Array.isArray(ns.accounts) ? ns.accounts : []).map((a) =>
      typeof a === 'string' ? CAIP10.exec(a)?.[1] : undefined,
    )
    for (const c of [...listed, ...fromAccounts]) {
      if (typeof c === 'string' && CAIP2.test(c) && c.startsWith(`${namespace}:`)) out.add(c as CaipNetworkId)
    }
  }
  return [...out]
}

/** CAIP-10 accounts the session grants in `namespace`: well-formed, on a chain of the session. */
export function sessionAccounts(p: UniversalProvider | undefined, namespace: ChainNamespace): CaipAddress[] {
  const chains = sessionChains(p, namespace)
  const out = new Set<CaipAddress>()
  for (const ns of entriesOf(p, namespace)) {
    for (const a of Array.isArray(ns.accounts) ? ns.accounts : []) {
      if (typeof a !== 'string') continue
      const chain = CAIP10.exec(a)?.[1]
      if (chain && chains.includes(chain as CaipNetworkId)) out.add(a as CaipAddress)
    }
  }
  return [...out]
}

/** A wallet's error as a thrown Error that keeps its numeric `code` (adapters map by code). */
function walletError(error: unknown): unknown {
  if (error instanceof Error || !error || typeof error !== 'object') return error
  const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
  return Object.assign(new Error(typeof message === 'string' ? message : 'The wallet refused the request.'), {
    ...(typeof code === 'number' ? { code } : {}),
    ...(data !== undefined ? { data } : {}),
  })
}

/**
 * The `RequestChannel` of one namespace of the WalletConnect session: the
 * namespace's adapter drives it with its own encoding. Requests go to a
 * chain of the session only; what comes back (results, accounts, chains,
 * event payloads) is untrusted and validated by the adapter, and a wallet's
 * error keeps its code (4001, 5001–5003 …) for the adapter to map.
 */
export function createSessionChannel(
  provider: () => UniversalProvider | undefined,
  namespace: ChainNamespace,
  events: ChannelEvents,
): RequestChannel {
  return {
    namespace,
    async request<T>({
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: CaipNetworkId
    }) {
      const p = provider()
      if (!p?.session) throw new ProviderDisconnectedError()
      if (!sessionChains(p, namespace).includes(chainId))
        throw new UnsupportedChainError({ caipNetworkId: chainId })
      try {
        return (await p.request<T>(
          { method, ...(params === undefined ? {} : { params }) } as never,
          chainId,
        )) as T
      } catch (error) {
        throw walletError(error)
      }
    },
    accounts: () => sessionAccounts(provider(), namespace),
    chains: () => sessionChains(provider(), namespace),
    on: (event, handler) => events.on(namespace, event, handler),
  }
}
