import type { CaipNetworkId } from '@portico/core'
import type { EvmTransactionRequest } from '../contract/index.js'

/** `transfer(address,uint256)` of ERC-20. */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb'

const HEX_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const UINT256_MAX = (1n << 256n) - 1n

const word = (hex: string) => hex.padStart(64, '0')

/**
 * True for an EVM address Send may pay: optional 0x then 40 hex digits (SPEC
 * §5), and when the letters are mixed case, a matching EIP-55 checksum (a
 * mistyped character in a checksummed address is caught, as wallets do).
 * `checksum` is viem's `getAddress`, loaded lazily by the adapter.
 */
export async function isValidEvmAddress(
  address: string,
  checksum: () => Promise<(address: string) => string>,
): Promise<boolean> {
  if (typeof address !== 'string' || !HEX_ADDRESS.test(address)) return false
  const body = address.replace(/^0x/, '')
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true
  return (await checksum())(`0x${body.toLowerCase()}`) === `0x${body}`
}

/**
 * The transaction that moves `amount` wei (no `token`) or `amount` units of
 * the ERC-20 at `token` to `to`: a plain value transfer, or a call of
 * `transfer(to, amount)` on the token contract.
 */
export function evmTransferRequest(params: {
  from: string
  to: string
  caipNetworkId: CaipNetworkId
  token?: string
  amount: bigint
}): EvmTransactionRequest {
  const to = `0x${params.to.replace(/^0x/, '').toLowerCase()}`
  if (!HEX_ADDRESS.test(to)) throw new TypeError(`not an EVM address: ${params.to}`)
  if (params.amount < 0n || params.amount > UINT256_MAX) throw new RangeError('amount out of uint256 range')
  const base = { from: params.from, caipNetworkId: params.caipNetworkId }
  if (params.token === undefined) return { ...base, to, value: params.amount }
  if (!HEX_ADDRESS.test(params.token)) throw new TypeError(`not a token address: ${params.token}`)
  const data = `${ERC20_TRANSFER_SELECTOR}${word(to.slice(2))}${word(params.amount.toString(16))}`
  return { ...base, to: params.token, data }
}
