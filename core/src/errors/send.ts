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

/**
 * A name typed as Send's receiver is not one a name could be: SPEC §5 asks at
 * least 4 letters, digits or hyphens in its first label. Refused before any
 * lookup; `name` is what was given.
 */
export class InvalidNameError extends PorticoError {
  override name = 'InvalidNameError'
  override readonly code = 'INVALID_NAME' as const
  readonly input: string
  constructor(input: string, options: CatalogueErrorOptions = {}) {
    super('A name needs at least 4 characters of letters, digits or hyphens', options)
    this.input = input
  }
}

/** No resolver knows an address for this name on the namespace (the registry answered "not found"). */
export class NameNotFoundError extends PorticoError {
  override name = 'NameNotFoundError'
  override readonly code = 'NAME_NOT_FOUND' as const
  readonly input: string
  constructor(input: string, options: CatalogueErrorOptions = {}) {
    super('No address is registered for this name', options)
    this.input = input
  }
}

/** No plugin resolves names (e.g. the names plugin is not installed): a name cannot be sent to. */
export class NameResolutionUnavailableError extends PorticoError {
  override name = 'NameResolutionUnavailableError'
  override readonly code = 'NAME_RESOLUTION_UNAVAILABLE' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Names cannot be resolved here: enter an address', options)
  }
}

/**
 * A send would leave an account below what the chain requires it to hold:
 * the receiver is new and the amount is under the chain's minimum (a Solana
 * account's rent-exempt minimum, Polkadot's existential deposit, Bitcoin's
 * dust limit), or the sender would keep less than its reserve. Refused before
 * signing; `minimum` is the amount in display units with its symbol.
 */
export class BelowMinimumBalanceError extends PorticoError {
  override name = 'BelowMinimumBalanceError'
  override readonly code = 'BELOW_MINIMUM_BALANCE' as const
  readonly minimum: string
  readonly account: 'receiver' | 'sender'
  constructor(
    params: { minimum: string; account: 'receiver' | 'sender' },
    options: CatalogueErrorOptions = {},
  ) {
    // Built from untyped code too (a catalogue walk, a plain-JS adapter): missing params read as the sender's rule.
    const account = params?.account === 'receiver' ? 'receiver' : 'sender'
    const minimum = typeof params?.minimum === 'string' ? params.minimum : 'the minimum'
    super(
      account === 'receiver'
        ? `The receiver's account would hold less than the network's minimum of ${minimum}`
        : `Your account must keep at least ${minimum} on this network`,
      options,
    )
    this.minimum = minimum
    this.account = account
  }
}

/**
 * The connected account cannot send on this network through this adapter
 * (e.g. a Cosmos `ethsecp256k1` account that CosmJS cannot sign for), said
 * before anything is signed; `details` names why.
 */
export class AccountCannotSendError extends PorticoError {
  override name = 'AccountCannotSendError'
  override readonly code = 'ACCOUNT_CANNOT_SEND' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('This account cannot send on this network from here', options)
  }
}

/**
 * An adapter's `waitForTransaction` answered something that is not a
 * `TransactionOutcome` (an adapter written for the old contract, which
 * resolved whatever the chain said): nothing is claimed about the
 * transaction. `details` says what was wrong.
 */
export class InvalidTransactionOutcomeError extends PorticoError {
  override name = 'InvalidTransactionOutcomeError'
  override readonly code = 'INVALID_TRANSACTION_OUTCOME' as const
  constructor(details: string, options: CatalogueErrorOptions = {}) {
    super('The outcome of the transaction could not be read', { ...options, details })
  }
}
