import {
  ERROR_CODE_CHAIN_DISCONNECTED,
  ERROR_CODE_DISCONNECTED,
  ERROR_CODE_INTERNAL_RPC,
  ERROR_CODE_INVALID_CHAIN_ID,
  ERROR_CODE_UNAUTHORIZED,
  ERROR_CODE_UNRECOGNIZED_CHAIN,
  ERROR_CODE_UNSUPPORTED_METHOD,
  ERROR_CODE_USER_REJECTED,
} from '../constants/index.js'
import { PorticoError } from './base.js'
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidChainIdError,
  MethodNotSupportedError,
  ProviderDisconnectedError,
  UnauthorizedError,
  UnknownError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from './wallet.js'

const BY_CODE: Record<number, (cause: unknown) => PorticoError> = {
  [ERROR_CODE_USER_REJECTED]: (cause) => new UserRejectedRequestError({ cause }),
  [ERROR_CODE_UNAUTHORIZED]: (cause) => new UnauthorizedError({ cause }),
  [ERROR_CODE_UNSUPPORTED_METHOD]: (cause) => new MethodNotSupportedError({ cause }),
  [ERROR_CODE_DISCONNECTED]: (cause) => new ProviderDisconnectedError({ cause }),
  [ERROR_CODE_CHAIN_DISCONNECTED]: (cause) => new ChainDisconnectedError({ cause }),
  [ERROR_CODE_UNRECOGNIZED_CHAIN]: (cause) => new UnrecognizedChainError({ cause }),
  [ERROR_CODE_INTERNAL_RPC]: (cause) => new InternalRpcError({ cause }),
  [ERROR_CODE_INVALID_CHAIN_ID]: (cause) => new InvalidChainIdError({ cause }),
}

/** Generic wrappers: a more specific code found deeper in the error wins over these. */
const WRAPPER_CODES = /* @__PURE__ */ new Set([ERROR_CODE_INTERNAL_RPC, ERROR_CODE_INVALID_CHAIN_ID])

/** Reads a numeric code (numbers or integer strings such as "4001"); ethers' `ACTION_REJECTED` counts as 4001. */
function readCode(value: unknown): number | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const code = (value as { code?: unknown }).code
  if (typeof code === 'number' && Number.isInteger(code)) return code
  if (typeof code === 'string') {
    if (/^-?\d{1,6}$/.test(code)) return Number(code)
    if (code === 'ACTION_REJECTED') return ERROR_CODE_USER_REJECTED
  }
  return undefined
}

/** Errors nested the ways wallets nest them: `cause`, `error`, `data.originalError`, `data.cause`. */
function nested(value: object): unknown[] {
  const v = value as { cause?: unknown; error?: unknown; data?: unknown }
  const data =
    v.data && typeof v.data === 'object' ? (v.data as { originalError?: unknown; cause?: unknown }) : {}
  return [v.cause, v.error, data.originalError, data.cause]
}

/**
 * Converts a foreign wallet error into a typed Portico error by its numeric
 * EIP-1193 / EIP-1474 `code` — never by message text. Codes are looked for on
 * the error and in its nested errors (`cause`, `error`, `data.originalError`);
 * a specific code (4001, 4100, 4200, 4900, 4901, 4902) found anywhere wins over
 * the generic wrappers -32603 / 32603. Portico errors pass through unchanged;
 * anything else becomes `UnknownError` (code 5000). The original error is `cause`.
 *
 * @example
 * try { await provider.request({ method: 'eth_requestAccounts' }) }
 * catch (e) { throw toPorticoError(e) } // { code: 4001 } → UserRejectedRequestError
 */
export function toPorticoError(err: unknown): PorticoError {
  if (err instanceof PorticoError) return err
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  let wrapper: number | undefined
  while (queue.length > 0 && seen.size < 32) {
    const current = queue.shift()
    if (current === null || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const code = readCode(current)
    if (code !== undefined && BY_CODE[code]) {
      if (!WRAPPER_CODES.has(code)) return BY_CODE[code](err)
      wrapper ??= code
    }
    queue.push(...nested(current))
  }
  if (wrapper !== undefined) return BY_CODE[wrapper]!(err)
  return new UnknownError({ cause: err })
}
