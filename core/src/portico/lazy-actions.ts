import type { Portico, PorticoState } from '../contracts/index.js'
import type { PaymentActions } from '../contracts/pay.js'
import type { Store } from '../state/index.js'
import type { Actions, ActionsDeps } from './actions.js'

/** The public methods `createPortico` hands to the lazily loaded actions (see `actions.ts`). */
export type LazyActionMethods = Pick<
  Portico,
  | 'signMessage'
  | 'signMessageDetailed'
  | 'sendTransaction'
  | 'signTransaction'
  | 'signTypedData'
  | 'clearRequest'
  | 'waitForTransaction'
  | 'getCallsCapabilities'
  | 'sendCalls'
  | 'getCallsStatus'
  | 'waitForCalls'
  | 'showCallsStatus'
  | 'prepareSend'
  | 'send'
  | 'getMaxSendAmount'
  | 'getSendReserve'
  | 'pay'
  | 'payment'
  | 'listSessions'
  | 'revokeSession'
>

// biome-ignore lint/suspicious/noExplicitAny: a method of any shape, forwarded as is
type AnyMethod = (...args: any[]) => Promise<unknown>

/**
 * The instance's actions (wallet requests, outcomes, calls, Send, Pay, smart
 * sessions) behind the same public methods, loaded with `import()` on the
 * first call of any of them: drawing the button and the Connect view never
 * loads them. Each method returns the promise it always did (a call made
 * while the module loads waits for it); the typed errors are the actions'
 * own. A failed load is not remembered: the next call tries again.
 *
 * Two methods stay synchronous without the module: `clearRequest` (a store
 * write) and `payment`'s `exchanges` / `cancel`, which only act on a payment
 * `pay()` started, and `pay()` loads the module first.
 */
export function createLazyActions(deps: ActionsDeps): {
  methods: LazyActionMethods
  /** The actions once loaded (tests, teardown). */
  loaded(): Actions | undefined
  /** Loads the actions now (e.g. when a flow that needs them is about to start). */
  load(): Promise<Actions>
  dispose(): void
} {
  let actions: Actions | undefined
  let loading: Promise<Actions> | undefined
  let disposed = false

  const load = (): Promise<Actions> => {
    if (actions) return Promise.resolve(actions)
    loading ??= import('./actions.js').then(
      (m) => {
        actions ??= m.createActions(deps)
        // Destroyed while the module loaded: the payment listener it just added goes at once.
        if (disposed) actions.pay.dispose()
        return actions
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }

  /** `name` of the loaded actions' `part`, called with the caller's arguments once they are there. */
  const forward =
    <M extends AnyMethod>(pick: (a: Actions) => M) =>
    (...args: Parameters<M>): ReturnType<M> =>
      (actions ? pick(actions)(...args) : load().then((a) => pick(a)(...args))) as ReturnType<M>

  const payment: PaymentActions = {
    confirm: forward((a) => a.pay.payment.confirm),
    payWithExchange: forward((a) => a.pay.payment.payWithExchange),
    exchanges: () => actions?.pay.payment.exchanges() ?? [],
    cancel: () => actions?.pay.payment.cancel(),
  }

  const store: Store<PorticoState> = deps.store
  const methods: LazyActionMethods = {
    signMessage: forward((a) => a.walletRequests.signMessage),
    signMessageDetailed: forward((a) => a.walletRequests.signMessageDetailed),
    sendTransaction: forward((a) => a.walletRequests.sendTransaction),
    signTransaction: forward((a) => a.walletRequests.signTransaction) as Portico['signTransaction'],
    signTypedData: forward((a) => a.walletRequests.signTypedData),
    // The same store write the loaded module does: forgetting a request needs no module.
    clearRequest: (id) =>
      store.setState((s) => {
        if (!(id in s.requests)) return s
        const { [id]: _removed, ...rest } = s.requests
        return { ...s, requests: rest }
      }),
    waitForTransaction: forward((a) => a.outcomes.follow),
    getCallsCapabilities: forward((a) => a.calls.getCallsCapabilities),
    sendCalls: forward((a) => a.calls.sendCalls),
    getCallsStatus: forward((a) => a.calls.getCallsStatus),
    waitForCalls: forward((a) => a.calls.waitForCalls),
    showCallsStatus: forward((a) => a.calls.showCallsStatus),
    prepareSend: forward((a) => a.send.prepareSend),
    send: forward((a) => a.send.send),
    getMaxSendAmount: forward((a) => a.send.getMaxSendAmount),
    getSendReserve: forward((a) => a.send.getSendReserve),
    pay: forward((a) => a.pay.pay),
    payment,
    listSessions: forward((a) => a.sessions.listSessions),
    revokeSession: forward((a) => a.sessions.revokeSession),
  }

  return {
    methods,
    loaded: () => actions,
    load,
    dispose() {
      disposed = true
      actions?.pay.dispose()
    },
  }
}
