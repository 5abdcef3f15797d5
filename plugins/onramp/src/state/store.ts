import {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  type OnrampOptionsResponse,
  type OnrampPaymentCurrency,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  type TransactionOutcome,
} from '@portico/core'

/** A provider the gateway offers, with its quote for the current amount. */
export interface OnrampProviderState {
  id: string
  name: string
  quote?: OnrampQuote
  /** The quote is the SPEC §8 mock (the call failed): an estimate, not a price. */
  estimate?: boolean
  error?: string
}

/** A buy that was started: followed until the gateway says completed or failed. */
export interface OnrampOrderState {
  orderId: string
  provider: string
  url: string
  status: 'opening' | 'pending' | 'completed' | 'failed'
  /** The checkout could not be opened in a new window (popup blocked): show a link. */
  blocked?: boolean
  purchaseAmount?: string
  purchaseCurrency?: string
  paymentAmount?: string
  txHash?: string
  /**
   * The chain's outcome of the delivery transaction (`txHash`) of a completed
   * order: pending while it is followed, then succeeded, failed with the
   * chain's reason, or dropped.
   */
  receive?: TransactionOutcome
  /** Following the delivery transaction broke (the node could not be asked): why. */
  receiveError?: string
  failureReason?: string
  /** Following the order failed (network): the last error, shown while polling retries. */
  pollError?: string
}

/**
 * SPEC §3 onramp state (providers, selectedProvider, error, purchaseCurrency,
 * paymentCurrency, purchaseAmount, paymentAmount, quotesLoading) plus what the
 * views need to show it honestly (options, whether they are the built-in
 * defaults, the payment method, the order being followed).
 */
export interface OnrampState {
  providers: OnrampProviderState[]
  selectedProvider: OnrampProviderState | null
  error: string | null
  purchaseCurrency: OnrampPurchaseCurrency | string
  paymentCurrency: OnrampPaymentCurrency | string
  purchaseAmount: string | undefined
  paymentAmount: string | undefined
  quotesLoading: boolean
  paymentMethod: 'card' | 'ach_bank_account'
  options: OnrampOptionsResponse | undefined
  optionsLoading: boolean
  /** The options are core's built-in defaults because the options call failed (SPEC §8). */
  optionsFallback: boolean
  order: OnrampOrderState | undefined
}

/** SPEC §4: onramp state resets to no provider, USDC purchase currency, USD payment currency. */
export function initialOnrampState(): OnrampState {
  return {
    providers: [],
    selectedProvider: null,
    error: null,
    purchaseCurrency: DEFAULT_PURCHASE_CURRENCY,
    paymentCurrency: DEFAULT_PAYMENT_CURRENCY,
    purchaseAmount: undefined,
    paymentAmount: undefined,
    quotesLoading: false,
    paymentMethod: 'card',
    options: undefined,
    optionsLoading: false,
    optionsFallback: false,
    order: undefined,
  }
}

/** One immutable snapshot with get / set / subscribe (one store per Portico instance). */
export class OnrampStore {
  #state = initialOnrampState()
  readonly #listeners = new Set<() => void>()

  getState = (): OnrampState => this.#state

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  set(patch: Partial<OnrampState> | ((s: OnrampState) => Partial<OnrampState>)): void {
    const next = typeof patch === 'function' ? patch(this.#state) : patch
    this.#state = { ...this.#state, ...next }
    for (const l of [...this.#listeners]) l()
  }

  reset(): void {
    this.set(initialOnrampState())
  }
}

/** The symbol / id of a currency held either as an object or as its code. */
export const purchaseSymbol = (c: OnrampPurchaseCurrency | string) => (typeof c === 'string' ? c : c.symbol)
export const paymentId = (c: OnrampPaymentCurrency | string) => (typeof c === 'string' ? c : c.id)
