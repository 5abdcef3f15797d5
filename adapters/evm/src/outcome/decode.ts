import type { TransactionFailureReason } from '@portico/core'
import { type Abi, decodeErrorResult, type Hex, isHex, parseAbi, size, slice } from 'viem'

/** Solidity's `Panic(uint256)` codes (the compiler's own list), in words. */
const PANIC_REASONS: Record<number, string> = {
  0: 'generic compiler panic',
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'invalid storage byte array',
  49: 'pop on an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an uninitialised function',
}

/**
 * The custom errors of the contracts the adapter itself talks to (the
 * ERC-20 / ERC-721 / ERC-1155 errors of OpenZeppelin 5, ERC-6093), so a
 * token transfer that reverts with one reads by name.
 */
export const KNOWN_ERROR_ABI: Abi = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721InvalidOwner(address owner)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InvalidSender(address sender)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId)',
  'error ERC1155InvalidReceiver(address receiver)',
  'error ERC1155MissingApprovalForAll(address operator, address owner)',
])

const show = (v: unknown): string =>
  typeof v === 'bigint' ? v.toString() : Array.isArray(v) ? `[${v.map(show).join(', ')}]` : String(v)

/**
 * Revert data in the visitor's words: `Error(string)` → its text,
 * `Panic(uint256)` → what the code means, a custom error of `abi` (plus the
 * token standards' errors) → `Name(arg, …)`, anything else → its selector.
 * `code` is the 4-byte selector, `raw` the data as it came.
 *
 * @example
 * decodeRevert('0x08c379a0…') // { message: 'GATE: transfers are paused', code: '0x08c379a0', raw: '0x08c3…' }
 */
export function decodeRevert(data: Hex | undefined, abi: Abi = []): TransactionFailureReason {
  if (!data || !isHex(data) || size(data) < 4)
    return { message: 'The transaction reverted without a reason', ...(data ? { raw: data } : {}) }
  const selector = slice(data, 0, 4)
  try {
    const decoded = decodeErrorResult({ abi: [...abi, ...KNOWN_ERROR_ABI], data })
    const args = decoded.args ?? []
    if (decoded.errorName === 'Error')
      return { message: String(args[0] ?? '') || 'The transaction reverted', code: selector, raw: data }
    if (decoded.errorName === 'Panic') {
      const code = Number(args[0] as bigint)
      const why = PANIC_REASONS[code] ?? 'unknown panic code'
      return { message: `Panic 0x${code.toString(16).padStart(2, '0')}: ${why}`, code: selector, raw: data }
    }
    return { message: `${decoded.errorName}(${args.map(show).join(', ')})`, code: selector, raw: data }
  } catch {
    // A custom error whose ABI nobody here knows: the selector is all there is to say.
    return { message: `Reverted with custom error ${selector}`, code: selector, raw: data }
  }
}

/** The revert data in a failed `eth_call`'s error, however the node and viem nest it. */
export function revertDataOf(error: unknown): Hex | undefined {
  const seen = new Set<unknown>()
  let e: unknown = error
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e)
    const data = (e as { data?: unknown }).data
    if (typeof data === 'string' && isHex(data)) return data
    if (data && typeof data === 'object') {
      const inner = (data as { data?: unknown }).data
      if (typeof inner === 'string' && isHex(inner)) return inner
    }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
