import {
  MethodNotSupportedError,
  PorticoError,
  toPorticoError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'

/** `@wallet-standard/errors` codes (WalletStandardError keeps its code in `context.__code`). */
export const WALLET_STANDARD_ERROR_CODES = {
  userRequestRejected: 4001000,
  accountChainUnsupported: 6160000,
  accountFeatureUnimplemented: 6160001,
  walletFeatureUnimplemented: 6160002,
} as const

/** WalletConnect's `USER_REJECTED` SDK error code: a session peer's "no". */
const WALLETCONNECT_USER_REJECTED = 5000

/** True when the error or one it wraps (`cause`, `error`) carries the numeric `code`. */
function hasCode(err: unknown, wanted: number): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    if (e instanceof PorticoError) return false
    if ((e as { code?: unknown }).code === wanted) return true
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error
  }
  return false
}

function standardCode(err: unknown): number | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    // Only WalletStandardError: @solana/kit's SolanaError uses `context.__code` for its own codes.
    const { name, context } = e as { name?: unknown; context?: { __code?: unknown } }
    if (name === 'WalletStandardError' && typeof context?.__code === 'number') return context.__code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Converts an error thrown by a Wallet Standard wallet or the Solana RPC into
 * a typed Portico error, by code: EIP-1193-style `code: 4001` (Phantom,
 * Solflare, the dev wallet, also nested as `error` / `cause`),
 * `WalletStandardError` 4001000 and WalletConnect's 5000 (a session peer's
 * rejection) become `UserRejectedRequestError`; the
 * Wallet Standard "feature unimplemented" codes `MethodNotSupportedError`;
 * everything else goes through the core's `toPorticoError`.
 *
 * @example
 * try { await feature.signMessage(input) } catch (e) { throw toSolanaPorticoError(e) }
 */
export function toSolanaPorticoError(err: unknown): PorticoError {
  if (hasCode(err, WALLETCONNECT_USER_REJECTED)) return new UserRejectedRequestError({ cause: err })
  switch (standardCode(err)) {
    case WALLET_STANDARD_ERROR_CODES.userRequestRejected:
      return new UserRejectedRequestError({ cause: err })
    case WALLET_STANDARD_ERROR_CODES.accountFeatureUnimplemented:
    case WALLET_STANDARD_ERROR_CODES.walletFeatureUnimplemented:
      return new MethodNotSupportedError({ cause: err })
    case WALLET_STANDARD_ERROR_CODES.accountChainUnsupported:
      return new UnsupportedChainError({ cause: err })
  }
  return toPorticoError(err)
}

/**
 * A wallet's answer the adapter refuses: an account that is not a Solana
 * address, a signature that is not 64 bytes, no signature at all. `details`
 * names the wallet (when known), the wallet method and what was wrong;
 * nothing of the answer is used.
 *
 * @example
 * catch (e) { if (e instanceof InvalidWalletAnswerError) showWalletProblem(e.wallet, e.details) }
 */
export class InvalidWalletAnswerError extends PorticoError {
  override name = 'InvalidWalletAnswerError'
  /** The wallet's name as it announced itself (Wallet Standard `name`), when known. */
  readonly wallet: string | undefined
  readonly method: string
  constructor(method: string, details: string, wallet?: string) {
    super(wallet ? `${wallet} returned an invalid response.` : 'The wallet returned an invalid response.', {
      code: 'INVALID_WALLET_RESPONSE',
      details: `${method}: ${details}`,
    })
    this.wallet = wallet
    this.method = method
  }
}
