import { PorticoError } from '../errors/base.js'
import type { CatalogueErrorOptions } from '../errors/catalogue.js'

/**
 * A `portico.pay(...)` request that cannot be paid as given: a field is
 * missing or malformed (`field` names it). Nothing was shown to the visitor.
 *
 * @example
 * catch (e) { if (e instanceof InvalidPaymentRequestError) console.error(e.field, e.details) }
 */
export class InvalidPaymentRequestError extends PorticoError {
  override name = 'InvalidPaymentRequestError'
  override readonly code = 'INVALID_PAYMENT_REQUEST' as const
  /** The request field at fault: `recipient`, `amount`, `asset`, `network` or `reference`. */
  readonly field: string
  constructor(field: string, options: CatalogueErrorOptions = {}) {
    super(`The payment request is invalid: ${field}`, options)
    this.field = field
  }
}

/**
 * The visitor declined the payment: closed the Pay view or cancelled, or
 * refused in the wallet and then closed. `cause` holds the wallet's refusal
 * when there was one. Nothing was paid.
 *
 * @example
 * catch (e) { if (e instanceof PaymentDeclinedError) showMessage('Payment cancelled') }
 */
export class PaymentDeclinedError extends PorticoError {
  override name = 'PaymentDeclinedError'
  override readonly code = 'PAYMENT_DECLINED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('The payment was declined', options)
  }
}

/**
 * The paying account holds less than the payment needs (the amount, plus the
 * fee when it is paid in the same currency). `shortfall` is what is missing,
 * in integer units of `symbol` (`decimals`); `formatted` is its exact decimal text.
 *
 * @example
 * catch (e) { if (e instanceof InsufficientFundsError) console.log(`${e.formatted} ${e.symbol} short`) }
 */
export class InsufficientFundsError extends PorticoError {
  override name = 'InsufficientFundsError'
  override readonly code = 'INSUFFICIENT_FUNDS' as const
  readonly shortfall: bigint
  readonly symbol: string
  readonly decimals: number
  readonly formatted: string
  constructor(
    shortfall: { value: bigint; symbol: string; decimals: number; formatted: string },
    options: CatalogueErrorOptions = {},
  ) {
    super(`Insufficient funds: ${shortfall.formatted} ${shortfall.symbol} short`, options)
    this.shortfall = shortfall.value
    this.symbol = shortfall.symbol
    this.decimals = shortfall.decimals
    this.formatted = shortfall.formatted
  }
}

/**
 * The wallet is on another network than the payment asks for. The Pay view
 * offers the switch (`portico.switchNetwork(expected)`); a host that gets
 * this rejection can offer it too.
 *
 * @example
 * catch (e) { if (e instanceof PaymentWrongNetworkError) await portico.switchNetwork(e.expected) }
 */
export class PaymentWrongNetworkError extends PorticoError {
  override name = 'PaymentWrongNetworkError'
  override readonly code = 'PAYMENT_WRONG_NETWORK' as const
  /** The network the payment is on (CAIP-2). */
  readonly expected: string
  /** The network the wallet is on (CAIP-2), when known. */
  readonly actual: string | undefined
  constructor(expected: string, actual: string | undefined, options: CatalogueErrorOptions = {}) {
    super(`The payment is on ${expected}: switch the wallet to it`, options)
    this.expected = expected
    this.actual = actual
  }
}

/**
 * The payment's transaction was included and failed, or was dropped: the
 * chain's `reason` says why (a failed one still paid its fee). `hash` is the
 * transaction that did not pay.
 *
 * @example
 * catch (e) { if (e instanceof PaymentFailedError) console.warn(e.hash, e.reason) }
 */
export class PaymentFailedError extends PorticoError {
  override name = 'PaymentFailedError'
  override readonly code = 'PAYMENT_FAILED' as const
  readonly hash: string
  readonly reason: string | undefined
  constructor(hash: string, reason: string | undefined, options: CatalogueErrorOptions = {}) {
    super(reason ? `The payment failed: ${reason}` : 'The payment failed', options)
    this.hash = hash
    this.reason = reason
  }
}

/**
 * `portico.pay(...)` was called while another payment is still shown: one
 * payment at a time. The earlier one is left as it was.
 */
export class PaymentInProgressError extends PorticoError {
  override name = 'PaymentInProgressError'
  override readonly code = 'PAYMENT_IN_PROGRESS' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Another payment is in progress', options)
  }
}
