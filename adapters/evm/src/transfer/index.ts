import type { CaipNetworkId } from '@portico/core'
import type { EvmTransactionRequest } from '../contract/index.js'

/** `transfer(address,uint256)` of ERC-20. */
export const ERC20_TRANSFER_SELECTOR = '0xa9059cbb'
/** `safeTransferFrom(address,address,uint256)` of ERC-721. */
export const ERC721_SAFE_TRANSFER_SELECTOR = '0x42842e0e'
/** `safeTransferFrom(address,address,uint256,uint256,bytes)` of ERC-1155. */
export const ERC1155_SAFE_TRANSFER_SELECTOR = '0xf242432a'

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
 * `transfer(to, amount)` on the token contract. With `nft`, `token` is the
 * collection: ERC-721 `safeTransferFrom(from, to, id)` (amount must be 1) or
 * ERC-1155 `safeTransferFrom(from, to, id, amount, "")`.
 */
export function evmTransferRequest(params: {
  from: string
  to: string
  caipNetworkId: CaipNetworkId
  token?: string
  amount: bigint
  nft?: { standard: 'erc721' | 'erc1155'; tokenId: bigint }
}): EvmTransactionRequest {
  const to = `0x${params.to.replace(/^0x/, '').toLowerCase()}`
  if (!HEX_ADDRESS.test(to)) throw new TypeError(`not an EVM address: ${params.to}`)
  if (params.amount < 0n || params.amount > UINT256_MAX) throw new RangeError('amount out of uint256 range')
  const base = { from: params.from, caipNetworkId: params.caipNetworkId }
  if (params.token === undefined) return { ...base, to, value: params.amount }
  if (!HEX_ADDRESS.test(params.token)) throw new TypeError(`not a token address: ${params.token}`)
  if (params.nft) return { ...base, to: params.token, data: nftTransferData(params, to) }
  const data = `${ERC20_TRANSFER_SELECTOR}${word(to.slice(2))}${word(params.amount.toString(16))}`
  return { ...base, to: params.token, data }
}

function nftTransferData(
  params: { from: string; amount: bigint; nft?: { standard: 'erc721' | 'erc1155'; tokenId: bigint } },
  to: string,
): string {
  const nft = params.nft!
  const from = params.from.replace(/^0x/, '').toLowerCase()
  if (!/^[0-9a-f]{40}$/.test(from)) throw new TypeError(`not an EVM address: ${params.from}`)
  if (nft.tokenId < 0n || nft.tokenId > UINT256_MAX) throw new RangeError('token id out of uint256 range')
  const id = word(nft.tokenId.toString(16))
  if (nft.standard === 'erc721') {
    if (params.amount !== 1n) throw new RangeError('an ERC-721 token moves whole: amount must be 1')
    return `${ERC721_SAFE_TRANSFER_SELECTOR}${word(from)}${word(to.slice(2))}${id}`
  }
  if (nft.standard !== 'erc1155') throw new TypeError(`not an NFT standard: ${String(nft.standard)}`)
  // The bytes argument: its offset (5 words in) and length 0.
  return `${ERC1155_SAFE_TRANSFER_SELECTOR}${word(from)}${word(to.slice(2))}${id}${word(params.amount.toString(16))}${word('a0')}${word('0')}`
}
