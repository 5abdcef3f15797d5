import type { AccountsService, BalanceService } from '../accounts/index.js'
import type {
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  HostRequestKind,
  HostRequestState,
  Portico,
  PorticoState,
  SignedMessage,
  TransactionRequestOf,
} from '../contracts/index.js'
import {
  MethodNotSupportedError,
  toPorticoError,
  UserRejectedRequestError,
  WalletNotConnectedError,
} from '../errors/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'
import type { Outcomes } from '../transactions/index.js'
import { isCaipNetworkId } from '../utils/index.js'

export interface WalletRequestsDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  adapters: AdapterRegistry
  balance: BalanceService
  outcomes: Outcomes
  isDestroyed(): boolean
}

type WalletRequests = Pick<
  Portico,
  | 'signMessage'
  | 'signMessageDetailed'
  | 'sendTransaction'
  | 'signTransaction'
  | 'signTypedData'
  | 'clearRequest'
>

let sequence = 0
function nextRequestId(): string {
  sequence += 1
  return `req-${Date.now().toString(36)}-${sequence.toString(36)}`
}

function isUserRejection(error: unknown): boolean {
  return toPorticoError(error).walk((e) => e instanceof UserRejectedRequestError) !== null
}

/** A wallet's request as the instance tracks it in `state.requests`: the connected wallet, then pending → settled. */
export function createRequestTracking(
  deps: Pick<WalletRequestsDeps, 'store' | 'accounts' | 'adapters' | 'isDestroyed'>,
) {
  const { store } = deps

  const setEntry = (id: string, entry: HostRequestState | undefined) =>
    store.setState((s) => {
      if (entry === undefined) {
        if (!(id in s.requests)) return s
        const { [id]: _removed, ...rest } = s.requests
        return { ...s, requests: rest }
      }
      return { ...s, requests: { ...s.requests, [id]: entry } }
    })

  /** The wallet a namespace (default: active) is connected to; `WalletNotConnectedError` when none is. */
  const connected = (namespace?: ChainNamespace) => {
    const ns = namespace ?? store.getState().activeNamespace
    const account = deps.accounts.get(ns)
    if (!ns || account?.status !== 'connected' || !account.address || !account.connectorId) {
      throw new WalletNotConnectedError(ns ? { namespace: ns } : {})
    }
    return {
      ns,
      adapter: deps.adapters.get(ns) as ChainAdapter,
      address: account.address,
      connectorId: account.connectorId,
    }
  }

  /** Runs one wallet call as a tracked request: pending, then success / rejected / error. */
  async function track<T>(
    kind: HostRequestKind,
    params: { namespace?: ChainNamespace; requestId?: string },
    fields: Partial<Pick<HostRequestState, 'message' | 'request' | 'typedData'>>,
    run: (wallet: ReturnType<typeof connected>) => Promise<T>,
    summarize: (result: T) => string | undefined,
  ): Promise<T> {
    const id = params.requestId ?? nextRequestId()
    let wallet: ReturnType<typeof connected>
    try {
      wallet = connected(params.namespace)
    } catch (error) {
      // A request the modal tracks by id shows why it failed instead of waiting forever.
      const ns = params.namespace ?? store.getState().activeNamespace
      if (params.requestId !== undefined && ns && !deps.isDestroyed())
        setEntry(id, { id, kind, namespace: ns, ...fields, startedAt: Date.now(), status: 'error', error })
      throw error
    }
    const base = { id, kind, namespace: wallet.ns, ...fields, startedAt: Date.now() }
    setEntry(id, { ...base, status: 'pending' })
    try {
      const result = await run(wallet)
      const summary = summarize(result)
      if (!deps.isDestroyed())
        setEntry(id, { ...base, status: 'success', ...(summary !== undefined ? { result: summary } : {}) })
      return result
    } catch (cause) {
      const error = toPorticoError(cause)
      if (!deps.isDestroyed())
        setEntry(id, { ...base, status: isUserRejection(error) ? 'rejected' : 'error', error })
      throw error
    }
  }

  return { setEntry, connected, track }
}

/**
 * The instance's wallet requests (`portico.signMessage`, `sendTransaction`…):
 * each goes to the adapter of the connected namespace (which drives an
 * injected wallet or a plugin's request channel alike) and is tracked in
 * `state.requests`, one entry per request id, so the modal can show it and
 * concurrent requests never overwrite each other.
 */
export function createWalletRequests(deps: WalletRequestsDeps): WalletRequests {
  const { setEntry, track } = createRequestTracking(deps)

  const signDetailed: Portico['signMessageDetailed'] = (params) =>
    track(
      'signMessage',
      params,
      { message: params.message },
      ({ adapter, address, connectorId }) =>
        adapter.signMessage({
          connectorId,
          address,
          message: params.message,
          ...(params.options !== undefined ? { options: params.options } : {}),
        }),
      (signed: SignedMessage) => signed.signature,
    )

  return {
    signMessageDetailed: signDetailed,
    signMessage: async (params) => (await signDetailed(params)).signature,

    sendTransaction: async ({ request, namespace, caipNetworkId, requestId }) => {
      // The request's own network (a field every adapter's request may carry) picks the chain too.
      const own = (request as { caipNetworkId?: unknown }).caipNetworkId
      const network: CaipNetworkId | undefined =
        caipNetworkId ?? (isCaipNetworkId(own) ? (own as CaipNetworkId) : undefined)
      let sentOn: ChainNamespace | undefined
      const hash = await track(
        'sendTransaction',
        { ...(namespace ? { namespace } : {}), ...(requestId ? { requestId } : {}) },
        { request },
        ({ ns, adapter, address, connectorId }) => {
          sentOn = ns
          return adapter.sendTransaction({
            connectorId,
            address,
            ...(network ? { caipNetworkId: network } : {}),
            request: request as TransactionRequestOf,
          })
        },
        (h) => h,
      )
      // The transaction is followed to its outcome (state.outcomes), and the sender's balances
      // are re-read once it is known, whatever it is: a failed transaction paid its fee too.
      if (!deps.isDestroyed() && sentOn) {
        const settled = deps.outcomes.canFollow(sentOn)
          ? deps.outcomes.follow({ hash, namespace: sentOn, ...(network ? { caipNetworkId: network } : {}) })
          : undefined
        deps.balance.afterTransaction({
          namespace: sentOn,
          hash,
          ...(network ? { caipNetworkId: network } : {}),
          ...(settled ? { settled } : {}),
        })
      }
      return hash
    },

    signTransaction: (params) =>
      track(
        'signTransaction',
        params,
        { request: params.request },
        ({ adapter, address, connectorId }) => {
          if (!adapter.signTransaction) throw new MethodNotSupportedError({ method: 'signTransaction' })
          return adapter.signTransaction({ connectorId, address, request: params.request })
        },
        () => undefined,
      ) as never,

    signTypedData: (params) =>
      track(
        'signTypedData',
        params,
        { typedData: params.typedData },
        ({ adapter, address, connectorId }) => {
          if (!adapter.signTypedData) throw new MethodNotSupportedError({ method: 'signTypedData' })
          return adapter.signTypedData({ connectorId, address, typedData: params.typedData })
        },
        (sig) => sig,
      ),

    clearRequest: (id) => setEntry(id, undefined),
  }
}
