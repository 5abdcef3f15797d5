import {
  type PorticoError,
  PorticoError as PorticoErrorClass,
  toPorticoError,
  UserRejectedRequestError,
} from '@portico/core'
import { KEPLR_REJECTED_MESSAGE } from '../keplr/index.js'

/** Cosmos SDK error codes (codespace `sdk`) the adapter names. */
export const COSMOS_SDK_CODES = {
  unauthorized: 4,
  insufficientFunds: 5,
  invalidAddress: 7,
  outOfGas: 11,
  insufficientFee: 13,
  wrongSequence: 32,
} as const

const SHORT_MESSAGES: Record<number, string> = {
  [COSMOS_SDK_CODES.unauthorized]: 'Signature verification failed',
  [COSMOS_SDK_CODES.insufficientFunds]: 'Insufficient funds',
  [COSMOS_SDK_CODES.invalidAddress]: 'Invalid address',
  [COSMOS_SDK_CODES.outOfGas]: 'Out of gas',
  [COSMOS_SDK_CODES.insufficientFee]: 'Insufficient fee',
  [COSMOS_SDK_CODES.wrongSequence]: 'Account sequence mismatch',
}

/**
 * The chain refused a transaction (CheckTx, DeliverTx or simulation) with an
 * ABCI code: `chainCode` + `codespace` say why (5 insufficient funds, 32
 * sequence mismatch, 4 bad signature, 13 fee too low…), `log` is the chain's text.
 *
 * @example
 * catch (e) { if (e instanceof CosmosTransactionError && e.chainCode === 5) showNotEnoughFunds() }
 */
export class CosmosTransactionError extends PorticoErrorClass {
  override name = 'CosmosTransactionError'
  override readonly code = 'COSMOS_TRANSACTION_REFUSED' as const
  readonly chainCode: number
  readonly codespace: string
  readonly log: string
  constructor(chainCode: number, codespace: string, log: string, options: { cause?: unknown } = {}) {
    const known = codespace === 'sdk' || codespace === '' ? SHORT_MESSAGES[chainCode] : undefined
    super(known ?? 'Transaction refused by the chain', {
      details: `code ${chainCode} (${codespace || 'sdk'}): ${log}`.slice(0, 500),
      cause: options.cause,
    })
    this.chainCode = chainCode
    this.codespace = codespace
    this.log = log
  }
}

/**
 * A Keplr-style wallet answered something malformed (bad key, wrong-prefix
 * address, wrong-length signature). `wallet` names the wallet that answered
 * (the connector's name, e.g. "Leap") once the adapter knows which one it was.
 */
export class InvalidWalletResponseError extends PorticoErrorClass {
  override name = 'InvalidWalletResponseError'
  override readonly code = 'INVALID_WALLET_RESPONSE' as const
  readonly wallet: string | undefined
  constructor(details: string, wallet?: string, options: { cause?: unknown } = {}) {
    super(wallet ? `${wallet} returned an invalid response` : 'The wallet returned an invalid response', {
      details: details.slice(0, 300),
      cause: options.cause,
    })
    this.wallet = wallet
  }
}

/** `error` with the wallet's name when it is an unnamed `InvalidWalletResponseError`; anything else unchanged. */
export function namingWallet(error: unknown, wallet: string | undefined): unknown {
  if (!wallet || !(error instanceof InvalidWalletResponseError) || error.wallet) return error
  return new InvalidWalletResponseError(error.details ?? '', wallet, { cause: error })
}

function chainCode(e: object): { code: number; codespace: string; log: string } | undefined {
  const { code, codespace, log } = e as { code?: unknown; codespace?: unknown; log?: unknown }
  // CosmJS BroadcastTxError: numeric ABCI code + codespace + log.
  if (typeof code === 'number' && typeof codespace === 'string' && typeof log === 'string') {
    return { code, codespace, log }
  }
  // CosmJS query errors carry the ABCI code only in their fixed prefix: "Query failed with (5): …".
  const message = (e as { message?: unknown }).message
  if (typeof message === 'string') {
    const m = /^Query failed with \((\d+)\): ([\s\S]*)$/.exec(message)
    if (m) return { code: Number(m[1]), codespace: 'sdk', log: m[2]! }
  }
  return undefined
}

/** WalletConnect's `USER_REJECTED` SDK error code. */
const WALLETCONNECT_USER_REJECTED = 5000

/**
 * Converts what a Keplr-style wallet or CosmJS throws into a typed Portico
 * error: Keplr's rejection (an `Error` whose whole message is
 * `Request rejected` — Keplr sets no code, so the exact text is the only
 * signal), EIP-1193-style `code: 4001` (Cosmostation) and WalletConnect's
 * `code: 5000` (a session peer's rejection) →
 * `UserRejectedRequestError`; a chain refusal (CosmJS `BroadcastTxError`, a
 * failed query or simulation) → `CosmosTransactionError` with the chain's
 * code; anything else through core's `toPorticoError`.
 *
 * @example
 * try { await keplr.signArbitrary(chainId, signer, data) } catch (e) { throw toCosmosPorticoError(e) }
 */
export function toCosmosPorticoError(err: unknown): PorticoError {
  if (err instanceof PorticoErrorClass) return err
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    if ((e as { message?: unknown }).message === KEPLR_REJECTED_MESSAGE)
      return new UserRejectedRequestError({ cause: err })
    // WalletConnect's USER_REJECTED (5000): a session peer's "no" (core's mapper would call it unknown).
    const { code, codespace } = e as { code?: unknown; codespace?: unknown }
    if (code === WALLETCONNECT_USER_REJECTED && codespace === undefined)
      return new UserRejectedRequestError({ cause: err })
    const chain = chainCode(e)
    if (chain && chain.code !== 0)
      return new CosmosTransactionError(chain.code, chain.codespace, chain.log, { cause: err })
    e = (e as { cause?: unknown }).cause
  }
  return toPorticoError(err)
}
