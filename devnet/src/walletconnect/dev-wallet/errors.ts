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

/** Marks the default "user pressed Cancel" error, answered as 5000 for a proposal and 4001 for a request. */
export class UserCancelled extends WalletError {
  constructor() {
    super(4001, 'User rejected the request.')
  }
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
