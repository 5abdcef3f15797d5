import { PorticoError } from './base.js'
import type { CatalogueErrorOptions } from './catalogue.js'

/**
 * Send's receiver is not an address of the network it would go to (the
 * adapter's own check: format, checksum, bech32 prefix, SS58 prefix…).
 * Nothing was sent; `address` is what was given.
 */
export class InvalidReceiverAddressError extends PorticoError {
  override name = 'InvalidReceiverAddressError'
  override readonly code = 'INVALID_RECEIVER_ADDRESS' as const
  readonly address: string
  constructor(address: string, options: CatalogueErrorOptions = {}) {
    super('Not a valid receiver address for this network', options)
    this.address = address
  }
}

/** Send's amount (plus the fee, on the native currency) is more than the account holds. Nothing was sent. */
export class AmountExceedsBalanceError extends PorticoError {
  override name = 'AmountExceedsBalanceError'
  override readonly code = 'AMOUNT_EXCEEDS_BALANCE' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('The amount is more than the balance', options)
  }
}

/**
 * `PENDING_TRANSACTIONS_LIMIT` (99, SPEC §9) sends are still waiting to be
 * included: a further one is refused until one settles.
 */
export class PendingTransactionsLimitError extends PorticoError {
  override name = 'PendingTransactionsLimitError'
  override readonly code = 'PENDING_TRANSACTIONS_LIMIT' as const
  readonly limit: number
  constructor(limit: number, options: CatalogueErrorOptions = {}) {
    super(`Too many pending transactions (${limit}): wait for one to complete`, options)
    this.limit = limit
  }
}
