import type {
  BlockchainApi,
  HistoryItem,
  OnrampPaymentCurrency,
  OnrampPurchaseCurrency,
  Portico,
  PorticoState,
} from '@portico/core'
import { type AmountProblem, checkAmount } from '../limits/index.js'
import { type OnrampOrderState, OnrampStore, paymentId, purchaseSymbol } from '../state/index.js'
import { buyTarget } from './wallet.js'

type OnrampApi = Pick<BlockchainApi, 'getTransactionHistory'> &
  Required<Pick<BlockchainApi, 'getOnrampOptions' | 'getOnrampQuote' | 'generateOnrampUrl'>>

/** The window the checkout opens in: a popup / new tab the view opened on the click. */
export interface CheckoutWindow {
  location: { href: string }
  close(): void
  closed?: boolean
}

export interface OnrampControllerOptions {
  api: OnrampApi
  getState: () => PorticoState
  /** Origin of the gateway: an http (not https) checkout URL is opened only on this origin. */
  gatewayOrigin?: string
  /** Re-reads balances after a completed buy. */
  refreshBalance?: () => Promise<void>
  /**
   * Follows the delivery transaction of a completed buy to the chain's
   * outcome (`portico.waitForTransaction`); absent: the provider's word stands.
   */
  waitForTransaction?: Portico['waitForTransaction']
  /** How often a buy in progress is polled (ms). */
  pollIntervalMs?: number
  /** Identifies the visitor to providers (never the address); default a random id per instance. */
  partnerUserId?: string
  logger?: { warn(...args: unknown[]): void }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * The onramp flow of one Portico instance: options, amount checks (before
 * any request), one quote per provider, opening the checkout and following
 * the order through the gateway's history until it completes or fails.
 */
export class OnrampController {
  readonly store = new OnrampStore()
  readonly #o: OnrampControllerOptions
  #quoteSeq = 0
  #poll: ReturnType<typeof setTimeout> | undefined
  readonly #partnerUserId: string

  constructor(options: OnrampControllerOptions) {
    this.#o = options
    this.#partnerUserId =
      options.partnerUserId ?? `portico-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`
  }

  /** SPEC §4: back to no provider, USDC, USD (and no order followed). */
  reset(): void {
    this.#stopPolling()
    this.#quoteSeq++
    this.store.reset()
  }

  async loadOptions(): Promise<void> {
    this.store.set({ optionsLoading: true, error: null })
    const options = await this.#o.api.getOnrampOptions()
    const fallback = options.fallback === true
    this.store.set((s) => ({
      options,
      optionsLoading: false,
      optionsFallback: fallback,
      providers: (options.providers ?? []).map((p) => ({ id: String(p.id), name: String(p.name) })),
      purchaseCurrency:
        this.#findPurchase(options.purchaseCurrencies, purchaseSymbol(s.purchaseCurrency)) ??
        s.purchaseCurrency,
      paymentCurrency:
        options.paymentCurrencies.find((c) => c.id === paymentId(s.paymentCurrency)) ?? s.paymentCurrency,
      error: fallback
        ? 'Onramp options could not be loaded: showing the default currencies and limits'
        : null,
    }))
  }

  #findPurchase(list: OnrampPurchaseCurrency[], symbol: string) {
    return list.find((c) => c.symbol.toUpperCase() === symbol.toUpperCase())
  }

  setPaymentAmount(amount: string): void {
    this.#quoteSeq++
    this.store.set((s) => ({
      paymentAmount: amount,
      purchaseAmount: undefined,
      selectedProvider: null,
      quotesLoading: false,
      providers: s.providers.map(({ id, name }) => ({ id, name })),
    }))
  }

  setPurchaseCurrency(symbol: string): void {
    const found = this.#findPurchase(this.store.getState().options?.purchaseCurrencies ?? [], symbol)
    this.store.set({ purchaseCurrency: found ?? symbol })
    this.setPaymentAmount(this.store.getState().paymentAmount ?? '')
  }

  setPaymentMethod(method: 'card' | 'ach_bank_account'): void {
    this.store.set({ paymentMethod: method })
    this.setPaymentAmount(this.store.getState().paymentAmount ?? '')
  }

  /** The problem with the current amount (SPEC §5 limits), checked before any request. */
  check(): AmountProblem | undefined {
    const s = this.store.getState()
    const currency: OnrampPaymentCurrency | undefined =
      typeof s.paymentCurrency === 'string' ? undefined : s.paymentCurrency
    return checkAmount(s.paymentAmount ?? '', currency, s.paymentMethod)
  }

  /** The purchase network matching the connected wallet's network, by chain id. */
  #network(): { name: string } | undefined {
    const s = this.store.getState()
    const target = buyTarget(this.#o.getState())
    if (!target?.chainReference || typeof s.purchaseCurrency === 'string') return undefined
    return s.purchaseCurrency.networks.find((n) => n.chain_id === target.chainReference)
  }

  /** One quote per provider for the current amount; nothing is asked while the amount is out of limits. */
  async fetchQuotes(): Promise<void> {
    const problem = this.check()
    if (problem) {
      this.store.set({ error: problem.message })
      return
    }
    const s = this.store.getState()
    if (typeof s.purchaseCurrency === 'string' || typeof s.paymentCurrency === 'string') {
      this.store.set({ error: `${purchaseSymbol(s.purchaseCurrency)} is not offered here` })
      return
    }
    if (s.providers.length === 0) {
      this.store.set({ error: 'No onramp provider is available right now' })
      return
    }
    const network = this.#network()
    const seq = ++this.#quoteSeq
    this.store.set({ quotesLoading: true, error: null })
    const purchaseCurrency = s.purchaseCurrency
    const paymentCurrency = s.paymentCurrency
    const results = await Promise.all(
      s.providers.map(async (p) => {
        try {
          const quote = await this.#o.api.getOnrampQuote({
            purchaseCurrency,
            paymentCurrency,
            amount: s.paymentAmount!.trim(),
            provider: p.id,
            paymentMethod: s.paymentMethod,
            ...(network ? { network: network.name } : {}),
          })
          return { id: p.id, name: p.name, quote, estimate: quote.fallback === true }
        } catch (error) {
          return { id: p.id, name: p.name, error: message(error) }
        }
      }),
    )
    if (seq !== this.#quoteSeq) return
    const best = results.find((r) => r.quote && !r.estimate)
    this.store.set({
      quotesLoading: false,
      providers: results,
      purchaseAmount: best?.quote?.purchaseAmount.amount,
    })
  }

  selectProvider(id: string): void {
    const p = this.store.getState().providers.find((x) => x.id === id) ?? null
    this.store.set({ selectedProvider: p })
  }

  /** True when a URL from the gateway may be opened: https, or the gateway's own origin. */
  allowedCheckout(url: string): boolean {
    try {
      const u = new URL(url)
      if (u.protocol === 'https:') return true
      return (
        u.protocol === 'http:' && this.#o.gatewayOrigin !== undefined && u.origin === this.#o.gatewayOrigin
      )
    } catch {
      return false
    }
  }

  /**
   * Starts the buy with a provider: asks the gateway for the checkout URL,
   * sends `win` (opened by the view on the click, so no popup blocker
   * intervenes) there, and follows the order. Without a window the order
   * keeps `blocked: true` and the view shows a link instead.
   */
  async buy(providerId: string, win: CheckoutWindow | null): Promise<void> {
    const problem = this.check()
    const target = buyTarget(this.#o.getState())
    const s = this.store.getState()
    const fail = (error: string) => {
      win?.close()
      this.store.set({ error, order: undefined })
    }
    if (problem) return fail(problem.message)
    if (!target) return fail('Connect a wallet to buy')
    this.selectProvider(providerId)
    this.store.set({ error: null, order: undefined })
    const network = this.#network()
    let answer: { url: string; orderId?: string }
    try {
      answer = await this.#o.api.generateOnrampUrl({
        destinationWallets: [
          {
            address: target.address,
            ...(network ? { blockchains: [network.name] } : {}),
            assets: [purchaseSymbol(s.purchaseCurrency)],
          },
        ],
        ...(network ? { defaultNetwork: network.name } : {}),
        partnerUserId: this.#partnerUserId,
        presetFiatAmount: Number(s.paymentAmount),
        provider: providerId,
        paymentCurrency: paymentId(s.paymentCurrency),
        paymentMethod: s.paymentMethod,
      })
    } catch (error) {
      return fail(message(error))
    }
    if (typeof answer?.url !== 'string' || !this.allowedCheckout(answer.url)) {
      return fail('The gateway sent a checkout address that is not allowed')
    }
    const quote = s.providers.find((p) => p.id === providerId)?.quote
    const order: OnrampOrderState = {
      orderId: typeof answer.orderId === 'string' ? answer.orderId : '',
      provider: providerId,
      url: answer.url,
      status: 'pending',
      purchaseCurrency: purchaseSymbol(s.purchaseCurrency),
      ...(s.paymentAmount ? { paymentAmount: s.paymentAmount } : {}),
      ...(quote && !quote.fallback ? { purchaseAmount: quote.purchaseAmount.amount } : {}),
      ...(win ? {} : { blocked: true }),
    }
    this.store.set({ order })
    if (win) win.location.href = answer.url
    if (order.orderId) this.#schedule(target.address, 0)
  }

  #schedule(address: string, delay: number): void {
    this.#stopPolling()
    this.#poll = setTimeout(() => void this.#check(address), delay)
  }

  #stopPolling(): void {
    if (this.#poll) clearTimeout(this.#poll)
    this.#poll = undefined
  }

  /** Stops following the current order (the view left). */
  stop(): void {
    this.#stopPolling()
  }

  /** Resumes following a pending order (the view came back). */
  resume(): void {
    const order = this.store.getState().order
    const target = buyTarget(this.#o.getState())
    if (order?.status === 'pending' && order.orderId && target) this.#schedule(target.address, 0)
  }

  async #check(address: string): Promise<void> {
    const order = this.store.getState().order
    if (order?.status !== 'pending') return
    let item: HistoryItem | undefined
    try {
      const page = await this.#o.api.getTransactionHistory({ account: address, onramp: order.provider })
      item = page.data.find((i) => i.id === `onramp:${order.orderId}`)
    } catch (error) {
      this.#update(order.orderId, { pollError: message(error) })
      this.#schedule(address, this.#o.pollIntervalMs ?? 2000)
      return
    }
    const info = item?.metadata.onramp
    if (info && (info.status === 'completed' || info.status === 'failed')) {
      this.#update(order.orderId, {
        status: info.status,
        pollError: undefined,
        ...(info.purchaseAmount ? { purchaseAmount: info.purchaseAmount } : {}),
        ...(item?.metadata.hash ? { txHash: item.metadata.hash } : {}),
        ...(info.failureReason ? { failureReason: info.failureReason } : {}),
      })
      const hash = item?.metadata.hash
      if (info.status === 'completed' && hash && this.#o.waitForTransaction) {
        await this.#followReceive(order.orderId, hash)
      } else if (info.status === 'completed') {
        await this.#refresh()
      }
      return
    }
    this.#update(order.orderId, { pollError: undefined })
    this.#schedule(address, this.#o.pollIntervalMs ?? 2000)
  }

  /**
   * The provider says it delivered: the delivery transaction is followed to
   * the chain's outcome (a failed or dropped one is not an arrival), and
   * balances are read again whatever it is.
   */
  async #followReceive(orderId: string, hash: string): Promise<void> {
    const target = buyTarget(this.#o.getState())
    this.#update(orderId, { receive: { status: 'pending', hash } })
    try {
      const outcome = await this.#o.waitForTransaction!({
        hash,
        ...(target ? { namespace: target.namespace } : {}),
        ...(target?.caipNetworkId ? { caipNetworkId: target.caipNetworkId } : {}),
        onUpdate: (update) => this.#update(orderId, { receive: update }),
      })
      this.#update(orderId, { receive: outcome })
    } catch (error) {
      this.#o.logger?.warn('onramp: following the delivery transaction failed', error)
      this.#update(orderId, { receiveError: message(error) })
    }
    await this.#refresh()
  }

  async #refresh(): Promise<void> {
    await this.#o
      .refreshBalance?.()
      .catch((e: unknown) => this.#o.logger?.warn('onramp: balance refresh failed', e))
  }

  #update(orderId: string, patch: Partial<OnrampOrderState>): void {
    this.store.set((s) => (s.order?.orderId === orderId ? { order: { ...s.order, ...patch } } : {}))
  }

  destroy(): void {
    this.#stopPolling()
  }
}
