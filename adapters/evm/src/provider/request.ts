import { toPorticoError } from '@portico/core'
import { WalletRequestPendingError } from './errors.js'
import type { Eip1193Provider } from './types.js'

/**
 * Sends one EIP-1193 request and converts a failure to a typed Portico error
 * by its numeric code (4001 → UserRejectedRequestError, 4902 →
 * UnrecognizedChainError, -32002 → WalletRequestPendingError, …). A provider that throws synchronously or returns
 * a non-promise is handled the same way.
 */
export async function walletRequest(
  provider: Eip1193Provider,
  method: string,
  params?: unknown,
): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    // -32002: a request of this kind already waits for the user (core maps no such code).
    if (findErrorCode(error, -32002)) throw new WalletRequestPendingError(method, { cause: error })
    throw toPorticoError(error)
  }
}

/** Reads the EIP-1193 numeric code of an error, looking through `cause`, `error` and `data.originalError`. */
export function findErrorCode(error: unknown, code: number): boolean {
  const seen = new Set<unknown>()
  const queue = [error]
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift()
    if (!e || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    const c = (e as { code?: unknown }).code
    if (c === code || c === String(code)) return true
    const {
      cause,
      error: inner,
      data,
    } = e as { cause?: unknown; error?: unknown; data?: { originalError?: unknown } }
    queue.push(cause, inner, data && typeof data === 'object' ? data.originalError : undefined)
  }
  return false
}
