import type { AccountsService } from '../accounts/index.js'
import type {
  ChainAdapter,
  EventBus,
  OpenOptions,
  Portico,
  PorticoState,
  TransactionOutcome,
} from '../contracts/index.js'
import type {
  PayExchangeProvider,
  PaymentActions,
  PaymentSession,
  PaymentsGateway,
  PayParams,
} from '../contracts/pay.js'
import { PorticoError } from '../errors/base.js'
import {
  MethodNotSupportedError,
  toPorticoError,
  UserRejectedRequestError,
  WalletNotConnectedError,
} from '../errors/index.js'
import { type AdapterRegistry, explorerUrl } from '../networks/index.js'
import type { Store } from '../state/index.js'
import type { Outcomes } from '../transactions/index.js'
import { checkPayParams } from './check.js'
import {
  InsufficientFundsError,
  PaymentDeclinedError,
  PaymentFailedError,
  PaymentInProgressError,
  PaymentWrongNetworkError,
} from './errors.js'
import { shortfallOf } from './shortfall.js'

export interface PayDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  adapters: AdapterRegistry
  send: Pick<Portico, 'prepareSend' | 'send'>
  outcomes: Outcomes
  events: EventBus
  open(options: OpenOptions): Promise<void>
  close(): void
  /** Who asks: the page's origin and the site's own name. */
  requester(): PaymentSession['requester']
  gateway?: PaymentsGateway
  exchanges?: readonly PayExchangeProvider[]
  logger: { warn(message: string, error?: unknown): void }
}

interface Waiting {
  id: string
  resolve(hash: string): void
  reject(error: PorticoError): void
}

/**
 * Pay (issue 34): a site asks the visitor to pay (`portico.pay`). The request
 * is checked, shown in the modal's Pay view (`state.payment`), paid through
 * Send's machinery from the connected wallet, and followed on the chain: the
 * call resolves with the transaction id once the chain says it succeeded, or
 * rejects with the last attempt's typed error when the visitor gives up.
 */
export function createPay(deps: PayDeps): { pay: Portico['pay']; payment: PaymentActions; dispose(): void } {
  let waiting: Waiting | undefined
  let counter = 0

  const session = () => deps.store.getState().payment
  const patch = (id: string, update: Partial<PaymentSession>) =>
    deps.store.setState((s) => (s.payment?.id === id ? { ...s, payment: { ...s.payment, ...update } } : s))
  const clear = (id: string) =>
    deps.store.setState((s) => (s.payment?.id === id ? { ...s, payment: undefined } : s))

  function settle(id: string, result: { hash: string } | { error: PorticoError }) {
    if (waiting?.id !== id) return
    const w = waiting
    waiting = undefined
    if ('hash' in result) w.resolve(result.hash)
    else w.reject(result.error)
  }

  /** What the call rejects with when the visitor gives up: the last attempt's typed reason, or "declined". */
  function givingUp(s: PaymentSession): PorticoError {
    const e = s.error
    if (
      e instanceof InsufficientFundsError ||
      e instanceof PaymentWrongNetworkError ||
      e instanceof PaymentFailedError ||
      e instanceof PaymentDeclinedError
    )
      return e
    return new PaymentDeclinedError(e ? { cause: e } : {})
  }

  // Closing the modal gives up, unless a transaction is already out: then the chain decides.
  const onClose = () => {
    const s = session()
    if (!s) return
    if (s.status === 'succeeded') return clear(s.id)
    if (s.status === 'following' || s.status === 'sending') return
    settle(s.id, { error: givingUp(s) })
    clear(s.id)
  }
  deps.events.on('MODAL_CLOSE', onClose)

  async function balances(s: PaymentSession, adapter: ChainAdapter, address: string) {
    const caipNetworkId = s.request.network
    const native = await adapter.getBalance({ address, caipNetworkId })
    if (s.asset.token === undefined) return { native, asset: native.value }
    // Without a chain read of the token, its balance is not known here: the wallet and the chain decide.
    if (!adapter.getTokenBalances) return { native, asset: undefined }
    const holdings = await adapter.getTokenBalances({ address, caipNetworkId, tokens: [s.asset.token] })
    const held = holdings.find((h) => h.token?.toLowerCase() === s.asset.token?.toLowerCase())
    return { native, asset: held?.value ?? 0n }
  }

  async function attempt(s: PaymentSession): Promise<string> {
    const account = deps.accounts.get(s.namespace)
    if (account?.status !== 'connected' || !account.address)
      throw new WalletNotConnectedError({ namespace: s.namespace })
    const active = deps.store.getState().networks.active[s.namespace]
    if (active !== s.request.network) throw new PaymentWrongNetworkError(s.request.network, active)
    const adapter = deps.adapters.find(s.namespace)
    if (!adapter) throw new MethodNotSupportedError({ method: 'transferRequest' })
    const token = {
      symbol: s.asset.symbol,
      decimals: s.asset.decimals,
      ...(s.asset.token ? { token: s.asset.token } : {}),
    }
    const prepared = await deps.send.prepareSend({
      token,
      amount: s.request.amount.trim(),
      to: s.request.recipient.trim(),
      namespace: s.namespace,
    })
    const held = await balances(s, adapter, account.address)
    const short = shortfallOf({ units: s.units, asset: s.asset, fee: prepared.fee, held })
    if (short) throw new InsufficientFundsError(short)
    patch(s.id, { status: 'sending' })
    if (deps.gateway) await deps.gateway.create({ ...s.request, payer: account.address })
    return deps.send.send({
      token,
      amount: s.request.amount.trim(),
      to: s.request.recipient.trim(),
      namespace: s.namespace,
    })
  }

  function outcomeError(hash: string, outcome: TransactionOutcome): PorticoError | undefined {
    if (outcome.status === 'failed') return new PaymentFailedError(hash, outcome.reason.message)
    if (outcome.status === 'dropped') return new PaymentFailedError(hash, outcome.reason)
    return undefined
  }

  async function follow(s: PaymentSession, hash: string) {
    try {
      const outcome = await deps.outcomes.follow({
        hash,
        namespace: s.namespace,
        caipNetworkId: s.request.network,
      })
      if (outcome.status === 'succeeded') {
        patch(s.id, { status: 'succeeded' })
        settle(s.id, { hash })
        // Closed while it was on its way: nothing more to show.
        if (!deps.store.getState().modal.open) clear(s.id)
        return
      }
      const e = outcomeError(hash, outcome)
      // Still pending when the adapter stopped waiting: the view keeps saying so.
      if (!e) return
      patch(s.id, { status: 'failed', error: e })
      if (!deps.store.getState().modal.open) {
        settle(s.id, { error: e })
        clear(s.id)
      }
    } catch (error) {
      deps.logger.warn('Portico: following a payment failed', error)
      patch(s.id, { status: 'failed', error: toPorticoError(error) })
    }
  }

  /** A provider whose `supports` throws is not offered (and says why in the log). */
  function safeSupports(e: PayExchangeProvider, s: PaymentSession): boolean {
    try {
      return e.supports(s)
    } catch (error) {
      deps.logger.warn(`Portico: the ${e.id} exchange could not tell whether it supports this payment`, error)
      return false
    }
  }

  /** A transaction is out (the wallet's or an exchange's): shown as following, settled by the chain. */
  function sent(s: PaymentSession, hash: string) {
    const network = deps.store.getState().networks.all.find((n) => n.caipNetworkId === s.request.network)
    const url = explorerUrl(network, 'transaction', hash)
    patch(s.id, { status: 'following', hash, ...(url ? { explorerUrl: url } : {}) })
    // Followed apart: confirm() is done once the transaction is out; the chain settles the call.
    void follow(s, hash)
  }

  const payment: PaymentActions = {
    async confirm() {
      const s = session()
      if (!s || s.status === 'checking' || s.status === 'sending' || s.status === 'following') return
      if (s.status === 'succeeded') return
      const { error: _dropped, hash: _old, explorerUrl: _url, ...rest } = s
      deps.store.setState((st) =>
        st.payment?.id === s.id ? { ...st, payment: { ...rest, status: 'checking' } } : st,
      )
      let hash: string
      try {
        hash = await attempt(s)
      } catch (error) {
        const e =
          error instanceof PorticoError && error.walk((c) => c instanceof UserRejectedRequestError)
            ? new PaymentDeclinedError({ cause: error })
            : toPorticoError(error)
        patch(s.id, { status: 'failed', error: e })
        return
      }
      sent(s, hash)
    },
    exchanges() {
      const s = session()
      return s ? (deps.exchanges ?? []).filter((e) => safeSupports(e, s)) : []
    },
    async payWithExchange(id) {
      const s = session()
      if (!s || s.status === 'checking' || s.status === 'sending' || s.status === 'following') return
      if (s.status === 'succeeded') return
      const provider = payment.exchanges().find((e) => e.id === id)
      if (!provider) return
      const { error: _dropped, exchange: _old, ...rest } = s
      deps.store.setState((st) =>
        st.payment?.id === s.id ? { ...st, payment: { ...rest, status: 'sending' } } : st,
      )
      try {
        const started = await provider.start({ payment: s })
        if (started.kind === 'sent') return sent(s, started.hash)
        patch(s.id, {
          status: 'review',
          exchange: { id: provider.id, name: provider.name, url: started.url },
        })
      } catch (error) {
        patch(s.id, { status: 'failed', error: toPorticoError(error) })
      }
    },
    cancel() {
      if (!session()) return
      if (deps.store.getState().modal.open) deps.close()
      else onClose()
    },
  }

  return {
    async pay(params: PayParams) {
      const current = session()
      if (current && current.status !== 'succeeded') throw new PaymentInProgressError()
      const checked = await checkPayParams(params, {
        networks: deps.store.getState().networks.all,
        adapters: deps.adapters,
      })
      counter += 1
      const id = `pay-${Date.now().toString(36)}-${counter}`
      const next: PaymentSession = { id, ...checked, requester: deps.requester(), status: 'review' }
      const result = new Promise<string>((resolve, reject) => {
        waiting = { id, resolve, reject }
      })
      deps.store.setState((s) => ({ ...s, payment: next }))
      await deps.open({ view: 'Pay' })
      return result
    },
    payment,
    dispose() {
      deps.events.off('MODAL_CLOSE', onClose)
      const s = session()
      if (s) settle(s.id, { error: new PaymentDeclinedError({ details: 'the instance was destroyed' }) })
    },
  }
}
