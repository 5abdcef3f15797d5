import {
  MethodNotSupportedError,
  PorticoError,
  toPorticoError,
  UserRejectedRequestError,
} from '@portico/core'

/** An SS58 address that does not decode, fails its checksum, or carries another network's prefix. */
export class InvalidPolkadotAddressError extends PorticoError {
  override name = 'InvalidPolkadotAddressError'
  constructor(value: unknown, reason: string) {
    super('Invalid address', {
      code: 'INVALID_ADDRESS',
      details: `${typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : typeof value}: ${reason}`,
    })
  }
}

/**
 * The extension answered with something that is not what the injectedWeb3
 * protocol promises (an account list that is not a list, an address that is
 * not SS58, a signature that is not hex…). When the adapter knows the
 * extension, the message names it: "Talisman returned an invalid response".
 *
 * @example
 * catch (e) { if (e instanceof InvalidExtensionResponseError) console.warn(e.wallet, e.details) }
 */
export class InvalidExtensionResponseError extends PorticoError {
  override name = 'InvalidExtensionResponseError'
  /** The extension's name (its connector's), when known. */
  readonly wallet: string | undefined
  constructor(details: string, options: { wallet?: string; cause?: unknown } = {}) {
    super(
      options.wallet
        ? `${options.wallet} returned an invalid response`
        : 'The wallet returned an invalid response',
      {
        code: 'INVALID_WALLET_RESPONSE',
        details,
        cause: options.cause,
      },
    )
    this.wallet = options.wallet
  }
}

/**
 * The same error naming the extension that answered, for errors raised where
 * the answer was parsed (which does not know the extension). Anything else,
 * or an error already naming one, is returned as it is.
 */
export function namingExtension<E>(error: E, wallet: string): E | InvalidExtensionResponseError {
  if (!(error instanceof InvalidExtensionResponseError) || error.wallet) return error
  return new InvalidExtensionResponseError(error.details ?? '', {
    wallet,
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  })
}

/**
 * A transaction was included but its dispatch failed (e.g. `balances.InsufficientBalance`):
 * `pallet` and `error` name the runtime's error, `module` is `pallet.error`.
 */
export class PolkadotDispatchError extends PorticoError {
  override name = 'PolkadotDispatchError'
  readonly pallet: string | undefined
  readonly error: string
  constructor(params: { pallet?: string; error: string; docs?: string; blockHash?: string }) {
    const module = params.pallet ? `${params.pallet}.${params.error}` : params.error
    super('The transaction failed on chain', {
      code: 'DISPATCH_ERROR',
      details: params.docs ? `${module}: ${params.docs}` : module,
      metaMessages: params.blockHash ? [`Block: ${params.blockHash}`] : undefined,
    })
    this.pallet = params.pallet
    this.error = params.error
  }
}

/** The node refused the transaction before inclusion (bad nonce, can't pay fees, invalid signature…). */
export class PolkadotTransactionInvalidError extends PorticoError {
  override name = 'PolkadotTransactionInvalidError'
  constructor(cause: unknown) {
    super('The transaction was refused by the node', { code: 'TRANSACTION_INVALID', cause })
  }
}

/** WalletConnect's `USER_REJECTED` SDK error code. */
const WALLETCONNECT_USER_REJECTED = 5000

/** What extensions throw when the user presses Cancel / Reject: they have no codes, only these messages. */
const REJECTION = /^(cancelled|canceled|rejected|user rejected|rejected by user|request rejected)\b/i

/**
 * Converts what an injected Polkadot extension throws into a typed Portico
 * error. The injectedWeb3 protocol defines no error codes: polkadot-js,
 * SubWallet and Talisman reject with `Error('Cancelled')` / `'Rejected by
 * user'`, so those messages (whole-word, at the start) map to
 * `UserRejectedRequestError`. A numeric EIP-1193 code (4001…) wins when present.
 *
 * @example
 * try { await signer.signRaw(payload) } catch (e) { throw toPolkadotPorticoError(e) }
 */
export function toPolkadotPorticoError(err: unknown): PorticoError {
  if (err instanceof PorticoError) return err
  // WalletConnect's USER_REJECTED (5000): a session peer's "no" (core's mapper would call it unknown).
  if ((err as { code?: unknown } | null)?.code === WALLETCONNECT_USER_REJECTED)
    return new UserRejectedRequestError({ cause: err })
  const mapped = toPorticoError(err)
  if (!(mapped.name === 'UnknownError')) return mapped
  const message =
    err instanceof Error
      ? err.message
      : typeof err === 'string'
        ? err
        : (err as { message?: unknown })?.message
  if (typeof message === 'string' && REJECTION.test(message.trim()))
    return new UserRejectedRequestError({ cause: err })
  if (typeof message === 'string' && /not (supported|implemented)/i.test(message))
    return new MethodNotSupportedError({ cause: err })
  return mapped
}
