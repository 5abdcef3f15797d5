import { type Address, getAddress, hexToBigInt, hexToBytes, isAddress, isHex } from 'viem'
import { InvalidProviderParamsError } from '../errors.js'

/** The params array of a request; `undefined` counts as `[]`. */
export function paramsArray(method: string, params: unknown): readonly unknown[] {
  if (params === undefined) return []
  if (!Array.isArray(params)) throw new InvalidProviderParamsError(method, 'params must be an array')
  return params
}

export function parseAddress(method: string, value: unknown, what = 'address'): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw new InvalidProviderParamsError(method, `${what} must be a 0x-address, got ${describe(value)}`)
  return getAddress(value)
}

/** A 0x quantity (`0x1a`) → bigint. */
export function parseQuantity(method: string, value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new InvalidProviderParamsError(method, `${what} must be a 0x-hex quantity, got ${describe(value)}`)
  return hexToBigInt(value as `0x${string}`)
}

/** A chain id as a 0x quantity or a decimal number, within the safe integer range. */
export function parseChainId(method: string, value: unknown): number {
  const id = typeof value === 'number' ? BigInt(value) : parseQuantity(method, value, 'chainId')
  if (id <= 0n || id > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InvalidProviderParamsError(method, `chainId out of range: ${describe(value)}`)
  return Number(id)
}

/**
 * `personal_sign`'s message: 0x-hex is signed as its bytes (what viem sends);
 * other text as its UTF-8 bytes, as browser wallets do.
 */
export function parseMessage(method: string, value: unknown): string | Uint8Array {
  if (typeof value !== 'string') throw new InvalidProviderParamsError(method, 'the message must be a string')
  return isHex(value, { strict: true }) ? hexToBytes(value) : value
}

/** EIP-712 typed data, as a JSON string (v4) or an object. */
export function parseTypedData(method: string, value: unknown): Record<string, unknown> {
  let data = value
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value)
    } catch {
      throw new InvalidProviderParamsError(method, 'typed data is not valid JSON')
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new InvalidProviderParamsError(method, 'typed data must be an object')
  const { types, primaryType, domain, message } = data as Record<string, unknown>
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string' || !message || !domain)
    throw new InvalidProviderParamsError(method, 'typed data needs types, primaryType, domain and message')
  return data as Record<string, unknown>
}

/** The eip155 request `portico.sendTransaction` takes (@portico/adapter-evm's shape). */
export interface EvmTransactionRequest {
  from?: string
  to?: string
  value?: bigint
  data?: string
  gas?: bigint
}

// What Portico forwards to the wallet; the wallet picks nonce and fees itself.
const FORWARDED = new Set(['from', 'to', 'value', 'data', 'input', 'gas', 'chainId', 'type'])
const ACCEPTED_TYPES = new Set(['0x0', '0x2'])

/**
 * An `eth_sendTransaction` object → Portico's EVM request. Fields Portico
 * cannot hand to the wallet (nonce, fee caps, access lists, blobs,
 * authorizations, chain-specific extras) are refused rather than dropped, so
 * an app never believes a fee it set was used.
 */
export function parseTransaction(
  method: string,
  value: unknown,
): { request: EvmTransactionRequest; chainId: number | undefined } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new InvalidProviderParamsError(method, 'the transaction must be an object')
  const tx = value as Record<string, unknown>
  for (const [key, field] of Object.entries(tx)) {
    if (field === undefined || field === null) continue
    if (key === 'accessList' && Array.isArray(field) && field.length === 0) continue
    if (!FORWARDED.has(key))
      throw new InvalidProviderParamsError(
        method,
        `"${key}" cannot be forwarded through Portico: the connected wallet sets nonce and fees itself`,
      )
  }
  if (tx.type != null && !ACCEPTED_TYPES.has(String(tx.type)))
    throw new InvalidProviderParamsError(method, `transaction type ${describe(tx.type)} is not supported`)
  if (tx.data != null && tx.input != null && tx.data !== tx.input)
    throw new InvalidProviderParamsError(method, 'data and input differ')
  const data = tx.data ?? tx.input
  if (data != null && (typeof data !== 'string' || !isHex(data, { strict: true })))
    throw new InvalidProviderParamsError(method, `data must be 0x-hex, got ${describe(data)}`)
  const request: EvmTransactionRequest = {
    ...(tx.from != null ? { from: parseAddress(method, tx.from, 'from') } : {}),
    ...(tx.to != null ? { to: parseAddress(method, tx.to, 'to') } : {}),
    ...(tx.value != null ? { value: parseQuantity(method, tx.value, 'value') } : {}),
    ...(data != null && data !== '0x' ? { data: data as string } : {}),
    ...(tx.gas != null ? { gas: parseQuantity(method, tx.gas, 'gas') } : {}),
  }
  if (!request.to && !request.data)
    throw new InvalidProviderParamsError(method, 'a transaction needs "to" or deployment "data"')
  return { request, chainId: tx.chainId != null ? parseChainId(method, tx.chainId) : undefined }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  return value === null ? 'null' : typeof value
}
