import {
  MethodNotSupportedError,
  type PorticoError,
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
 * Solflare, the dev wallet, also nested as `error` / `cause`) and
 * `WalletStandardError` 4001000 become `UserRejectedRequestError`; the
 * Wallet Standard "feature unimplemented" codes `MethodNotSupportedError`;
 * everything else goes through the core's `toPorticoError`.
 *
 * @example
 * try { await feature.signMessage(input) } catch (e) { throw toSolanaPorticoError(e) }
 */
export function toSolanaPorticoError(err: unknown): PorticoError {
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
