/**
 * Wallet request responses and request-method lists (SPEC §4, §5).
 */
import type { RequestMethodLists } from '../contracts/index.js'

const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * SPEC §5: `0x` followed by exactly 64 hex characters.
 *
 * @example
 * isTransactionHash('0x' + 'a'.repeat(64)) // true
 */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TX_HASH.test(value)
}

/**
 * SPEC §5: `0x` followed by at least 62 hex characters.
 *
 * @example
 * isSignedMessage('0x' + 'f'.repeat(130)) // true (an ECDSA signature)
 */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

export type WalletResponseType = 'transaction' | 'object'

/**
 * SPEC §4: a wallet response is of transaction type when it is a transaction
 * hash or a signed message (a `0x` hex string of 62+ hex digits), of object type
 * otherwise (objects, numbers, other strings, nullish).
 *
 * @example
 * classifyWalletResponse('0x' + 'a'.repeat(64)) // 'transaction'
 * classifyWalletResponse({ accounts: [] })      // 'object'
 */
export function classifyWalletResponse(value: unknown): WalletResponseType {
  return isTransactionHash(value) || isSignedMessage(value) ? 'transaction' : 'object'
}

export type RequestMethodSafety = 'safe' | 'unsafe' | 'unknown'

/**
 * Which of a namespace's SPEC §4 lists a wallet request method is on
 * (`adapter.requestMethods`: the adapter owns its namespace's safe / not-safe
 * lists); `'unknown'` when on neither or without lists.
 *
 * @example
 * getRequestMethodSafety('eth_chainId', evm.requestMethods)   // 'safe'
 * getRequestMethodSafety('personal_sign', evm.requestMethods) // 'unsafe'
 */
export function getRequestMethodSafety(
  method: unknown,
  lists: RequestMethodLists | undefined,
): RequestMethodSafety {
  if (typeof method !== 'string' || !lists) return 'unknown'
  // A method on both lists counts as unsafe: approval is the careful answer.
  if (lists.unsafe.includes(method)) return 'unsafe'
  return lists.safe.includes(method) ? 'safe' : 'unknown'
}

/** SPEC §4: a request is known if its method is in the safe or the not-safe list. */
export function isKnownRequestMethod(method: unknown, lists: RequestMethodLists | undefined): boolean {
  return getRequestMethodSafety(method, lists) !== 'unknown'
}

/** True only for methods on the safe list. */
export function isSafeRequestMethod(method: unknown, lists: RequestMethodLists | undefined): boolean {
  return getRequestMethodSafety(method, lists) === 'safe'
}
