import {
  BelowMinimumBalanceError,
  formatUnits,
  MethodNotSupportedError,
  PorticoError,
  toPorticoError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'

/** An address that is malformed or belongs to another network than the one in use. */
export class InvalidBitcoinAddressError extends PorticoError {
  override name = 'InvalidBitcoinAddressError'
  constructor(value: unknown, reason: string) {
    super('Invalid address', {
      code: 'INVALID_ADDRESS',
      details: `${String(value).slice(0, 120)}: ${reason}`,
    })
  }
}

/**
 * A message signature was asked for an address kind the protocol cannot sign:
 * BIP-322 "simple" signs p2wpkh, p2sh-p2wpkh and p2tr (key path) only — not
 * p2wsh (a script needs the full format), nor p2pkh (the legacy format).
 */
export class UnsupportedMessageAddressError extends PorticoError {
  override name = 'UnsupportedMessageAddressError'
  constructor(address: string, kind: string) {
    super('This address cannot sign the message', {
      code: 'UNSUPPORTED_ADDRESS_TYPE',
      details: `${address.slice(0, 120)}: BIP-322 simple signs p2wpkh, p2sh-p2wpkh or p2tr, not ${kind}`,
    })
  }
}

/** The Esplora API answered something that is not what the API promises (shape, numbers, status). */
export class EsploraResponseError extends PorticoError {
  override name = 'EsploraResponseError'
  constructor(details: string, options: { cause?: unknown } = {}) {
    super('The Bitcoin API returned an invalid answer', { code: 'ESPLORA_RESPONSE', details, ...options })
  }
}

/** The wallet returned a PSBT that does not pay what Portico built (changed outputs, other inputs, extra recipients). */
export class PsbtMismatchError extends PorticoError {
  override name = 'PsbtMismatchError'
  constructor(details: string) {
    super('The wallet returned a transaction that differs from the request', {
      code: 'PSBT_MISMATCH',
      details,
    })
  }
}

/** Not enough spendable (confirmed or unconfirmed) payment UTXOs for amount + fee. */
export class InsufficientFundsError extends PorticoError {
  override name = 'InsufficientFundsError'
  constructor(details: string) {
    super('Insufficient funds', { code: 'INSUFFICIENT_FUNDS', details })
  }
}

/**
 * The amount is below the dust limit of the receiver's output type (the
 * network would refuse it): core's `BelowMinimumBalanceError` for the
 * receiver, `minimum` the limit in BTC (e.g. `0.00000294 BTC` for p2wpkh).
 */
export class DustAmountError extends BelowMinimumBalanceError {
  override name = 'DustAmountError'
  readonly dustLimit: bigint
  constructor(dustLimit: bigint, details: string) {
    super({ minimum: `${formatUnits(dustLimit, 8)} BTC`, account: 'receiver' }, { details })
    this.dustLimit = dustLimit
  }
}

/** A wallet answer that breaks its API (malformed address, signature that does not verify…). */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  constructor(details: string) {
    super('The wallet returned an invalid answer', { code: 'INVALID_WALLET_RESPONSE', details })
  }
}

/** `@wallet-standard/errors` code of a user rejection (WalletStandardError keeps it in `context.__code`). */
const WALLET_STANDARD_USER_REJECTED = 4001000
/** WalletConnect's `USER_REJECTED` (SDK error 5000): a peer's "no" over a session. */
export const WALLETCONNECT_USER_REJECTED = 5000
/** sats-connect / WBIP004 JSON-RPC error codes. */
export const WBIP_ERROR_CODES = {
  userRejection: -32000,
  methodNotSupported: -32001,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const

function codes(err: unknown): unknown[] {
  const out: unknown[] = []
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, context, error } = e as { code?: unknown; context?: { __code?: unknown }; error?: unknown }
    out.push(code, context?.__code)
    e = (e as { cause?: unknown }).cause ?? error
  }
  return out
}

/**
 * Converts an error from a Bitcoin wallet into a typed Portico error, by code:
 * EIP-1193-style 4001, Wallet Standard 4001000, WalletConnect 5000 (a
 * session peer's rejection) and sats-connect's -32000 (USER_REJECTION) become
 * `UserRejectedRequestError`; -32001 / -32601 (method
 * not supported / not found) `MethodNotSupportedError`; anything else goes
 * through core's `toPorticoError`.
 *
 * @example
 * try { await provider.request('signPsbt', params) } catch (e) { throw toBitcoinPorticoError(e) }
 */
export function toBitcoinPorticoError(err: unknown): PorticoError {
  if (err instanceof PorticoError) return err
  const found = codes(err)
  if (
    found.includes(4001) ||
    found.includes(WALLET_STANDARD_USER_REJECTED) ||
    found.includes(WALLETCONNECT_USER_REJECTED) ||
    found.includes(WBIP_ERROR_CODES.userRejection)
  )
    return new UserRejectedRequestError({ cause: err })
  if (found.includes(WBIP_ERROR_CODES.methodNotSupported) || found.includes(WBIP_ERROR_CODES.methodNotFound))
    return new MethodNotSupportedError({ cause: err })
  if (found.includes(6160000)) return new UnsupportedChainError({ cause: err })
  return toPorticoError(err)
}
