/**
 * Address and CAIP validation (SPEC §5). Pure functions: any input in, a
 * boolean (or a typed error from the `parse*` functions) out, never a crash.
 */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../contracts/network.js'
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/catalogue.js'
import { isBech32 } from './bech32.js'

const KNOWN_NAMESPACES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
])

/** True for the five chain namespaces of SPEC §3. */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && KNOWN_NAMESPACES.has(value)
}

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const SOLANA_ADDRESS = /* @__PURE__ */ new RegExp(`^${BASE58}{32,44}$`)
/** SS58: base58 of prefix (1–2 bytes) + 32-byte account id + 2-byte checksum → 47–49 characters. */
const SS58_ADDRESS = /* @__PURE__ */ new RegExp(`^${BASE58}{47,49}$`)
/** Legacy Bitcoin P2PKH / P2SH (mainnet 1…/3…, testnet/regtest m…/n…/2…), 26–35 characters. */
const BTC_BASE58_ADDRESS = /* @__PURE__ */ new RegExp(`^[13mn2]${BASE58}{25,34}$`)

/**
 * Is `value` an address of `namespace` (default `eip155`)? The rules:
 * - eip155 (SPEC §5): optional `0x` prefix then 40 hex digits. Mixed case is
 *   accepted; the EIP-55 checksum is not verified.
 * - solana (SPEC §5): 32 to 44 base58 characters.
 * - polkadot: an SS58 string of 47–49 base58 characters (format only; the
 *   blake2 checksum is not verified).
 * - bip122: a bech32/bech32m segwit address with hrp `bc`, `tb` or `bcrt`
 *   (checksum verified), or a legacy base58 address starting 1/3/m/n/2 of 26–35
 *   characters (format only; the base58check checksum is not verified).
 * - cosmos: a bech32 address with any lowercase prefix and a 20- or 32-byte
 *   payload (checksum verified).
 * Unknown namespaces give false.
 *
 * @example
 * isAddress('0x' + 'ab'.repeat(20))                            // true
 * isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana') // true
 */
export function isAddress(value: unknown, namespace: ChainNamespace | (string & {}) = 'eip155'): boolean {
  if (typeof value !== 'string') return false
  switch (namespace) {
    case 'eip155':
      return EVM_ADDRESS.test(value)
    case 'solana':
      return SOLANA_ADDRESS.test(value)
    case 'polkadot':
      return SS58_ADDRESS.test(value)
    case 'bip122':
      return BTC_BASE58_ADDRESS.test(value) || isBech32(value, { hrps: ['bc', 'tb', 'bcrt'], segwit: true })
    case 'cosmos':
      return isBech32(value, { payloadBytes: [20, 32] })
    default:
      return false
  }
}

/** A parsed CAIP-2 network id. `id` is a number for eip155, else the reference string (as `Network.id`). */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
  id: number | string
  caipNetworkId: CaipNetworkId
}

/** A parsed CAIP-10 account id. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
  caipAddress: CaipAddress
}

/** CAIP-2 reference: 1–32 of `[-_a-zA-Z0-9]`. */
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/**
 * SPEC §5: a CAIP address has 3 non-empty colon-separated parts and a known
 * namespace. Only that is checked (the address part is not validated — use
 * `isAddress` on `parseCaipAddress(v).address` for that).
 *
 * @example
 * isCaipAddress('eip155:1:0xab…') // true
 * isCaipAddress('foo:1:0xab…')    // false (unknown namespace)
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 3 && parts.every((p) => p.length > 0) && isChainNamespace(parts[0])
}

/**
 * True for a CAIP-2 network id with a known namespace and a valid reference.
 *
 * @example
 * isCaipNetworkId('eip155:31337') // true
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 2 && isChainNamespace(parts[0]) && CAIP2_REFERENCE.test(parts[1] ?? '')
}

/**
 * Parses a CAIP-2 network id; throws `InvalidCaipNetworkIdError` on anything
 * else. eip155 references must be decimal chain ids and give a numeric `id`.
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { namespace: 'eip155', reference: '1', id: 1, caipNetworkId: 'eip155:1' }
 */
export function parseCaipNetworkId(value: unknown): ParsedCaipNetworkId {
  if (!isCaipNetworkId(value)) throw new InvalidCaipNetworkIdError(value)
  const [namespace, reference] = value.split(':') as [ChainNamespace, string]
  if (namespace === 'eip155') {
    if (!/^(0|[1-9]\d{0,15})$/.test(reference) || !Number.isSafeInteger(Number(reference))) {
      throw new InvalidCaipNetworkIdError(value)
    }
    return { namespace, reference, id: Number(reference), caipNetworkId: value }
  }
  return { namespace, reference, id: reference, caipNetworkId: value }
}

/** CAIP-10 account_address: 1–128 of `[-.%a-zA-Z0-9]` (no markup, no spaces, no controls). */
const CAIP10_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * Parses a CAIP-10 account id (`namespace:reference:address`); throws
 * `InvalidCaipAddressError` unless it passes `isCaipAddress`, its network
 * part passes `parseCaipNetworkId` and its address part is a CAIP-10
 * account_address (1–128 of `[-.%a-zA-Z0-9]`): the parsed address is shown
 * and put in links, so a wallet cannot slip markup or a URL through it.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab…').address // '0xab…'
 */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new InvalidCaipAddressError(value)
  const [namespace, reference, address] = value.split(':') as [string, string, string]
  if (!CAIP10_ADDRESS.test(address)) throw new InvalidCaipAddressError(value)
  let network: ParsedCaipNetworkId
  try {
    network = parseCaipNetworkId(`${namespace}:${reference}`)
  } catch (cause) {
    throw new InvalidCaipAddressError(value, { cause })
  }
  return { ...network, address, caipAddress: value }
}

// A bech32/bech32m address (Cosmos `cosmos1…`, Bitcoin `bc1…`): its human-readable part and separator.
const BECH32_PREFIX = /^[a-z]{1,20}1(?=[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$)/

/**
 * Shortens an address for display: the first `chars` characters (after a
 * prefix that is kept: `0x`, or a bech32 address's human-readable part and
 * `1`, so `cosmos1…` still says which chain) and the last `chars`, joined by
 * an ellipsis. Short values come back unchanged.
 *
 * @example
 * shortenAddress('0x1234567890abcdef1234567890abcdef12345678') // '0x1234…5678'
 * shortenAddress('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu') // 'cosmos1qypq…v7xu'
 */
export function shortenAddress(address: string, chars = 4): string {
  if (typeof address !== 'string') return ''
  const n = Math.max(1, Math.floor(chars))
  const prefix = address.startsWith('0x') ? '0x' : (BECH32_PREFIX.exec(address)?.[0] ?? '')
  const body = address.slice(prefix.length)
  if (body.length <= n * 2 + 1) return address
  return `${prefix}${body.slice(0, n)}…${body.slice(-n)}`
}
