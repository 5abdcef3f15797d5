/** A JSON-RPC / WalletConnect error as the wallet answers it: numeric `code` and `message`. */
export class WalletError extends Error {
  override name = 'WalletError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Marks the "user pressed Cancel" error: answered as 5000 for a proposal and,
 * for a request, as `requestCode` — 4001 (EIP-1193) by default, or 5000, the
 * WalletConnect SDK's "User rejected." that many wallets answer requests with.
 */
export class UserCancelled extends WalletError {
  constructor(readonly requestCode: 4001 | 5000 = 4001) {
    super(requestCode, 'User rejected the request.')
  }
}

/**
 * A user rejection answered with WalletConnect's code 5000 (`rejectNext(userRejection(5000))`),
 * or 4001 (the default).
 *
 * @example
 * wallet.rejectNext(userRejection(5000)) // the next request fails with { code: 5000, message: 'User rejected.' }
 */
export function userRejection(code: 4001 | 5000 = 4001): UserCancelled {
  return new UserCancelled(code)
}

const SESSION_ERRORS = {
  5001: 'User rejected chains.',
  5002: 'User rejected methods.',
  5003: 'User rejected events.',
} as const

/**
 * A WalletConnect session error (5001 chains, 5002 methods, 5003 events) for
 * `wallet.rejectNext(sessionError(5002))`: the answer a wallet gives when the
 * user refuses a chain, method or event rather than the request itself, which
 * apps must not show as a user rejection.
 *
 * @example
 * wallet.rejectNext(sessionError(5001)) // the next proposal or request fails with 5001
 */
export function sessionError(code: keyof typeof SESSION_ERRORS): WalletError {
  return new WalletError(code, SESSION_ERRORS[code])
}

export const unsupported = (method: string) => new WalletError(4200, `Method not supported: ${method}`)
export const unauthorized = (why: string) => new WalletError(4100, why)
export const invalidParams = (why: string) => new WalletError(-32602, `Invalid params: ${why}`)
export const unrecognizedChain = (chainId: string) =>
  new WalletError(
    4902,
    `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`,
  )
