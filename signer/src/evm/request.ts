import {
  type Address,
  getAddress,
  type Hex,
  hexToBytes,
  isAddress,
  type TransactionSerializableEIP1559,
} from 'viem'

/**
 * An EVM request parsed strictly, once. The Approve card renders this object
 * and the signer signs this object: a field the card could not show exactly
 * (a `to` that is not an address, a quantity that is not hex) is refused here,
 * never shown one way and signed another.
 */
export type EvmRequest =
  | { method: 'personal_sign'; from: Address; message: string | { raw: Uint8Array }; text: string }
  | { method: 'eth_signTypedData_v4'; from: Address; typedData: TypedDataRequest }
  | { method: 'eth_signTransaction'; tx: TransactionSerializableEIP1559 & { chainId: number } }

export interface TypedDataRequest {
  domain: Record<string, unknown>
  types: Record<string, Array<{ name: string; type: string }>>
  primaryType: string
  message: Record<string, unknown>
}

export class EvmWireError extends Error {
  override name = 'EvmWireError'
}

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
const BYTES = /^0x([0-9a-fA-F]{2})*$/

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value) || !isAddress(value, { strict: false }))
    throw new EvmWireError(`${field} is not an address`)
  // Checksummed, so the card shows the form wallets and explorers show.
  return getAddress(value)
}

function quantity(value: unknown, field: string, fallback: bigint): bigint {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw new EvmWireError(`${field} is not a hex quantity`)
  return BigInt(value)
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Printable UTF-8 shows as text; anything else as the hex it came in. */
function messageText(message: string): string {
  if (!BYTES.test(message)) return message
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message as Hex))
    return /^[\P{Cc}\n\t]*$/u.test(decoded) ? decoded : message
  } catch {
    return message
  }
}

/** Parses an EVM signing request; throws `EvmWireError` for anything not exactly representable. */
export function parseEvmRequest(method: string, params: unknown[], chainId: number): EvmRequest {
  if (method === 'personal_sign') {
    const [message, from] = params
    if (typeof message !== 'string') throw new EvmWireError('message is not a string')
    return {
      method,
      from: address(from, 'from'),
      message: BYTES.test(message) ? { raw: hexToBytes(message as Hex) } : message,
      text: messageText(message),
    }
  }
  if (method === 'eth_signTypedData_v4') {
    const [from, json] = params
    if (typeof json !== 'string') throw new EvmWireError('typed data is not a string')
    let data: unknown
    try {
      data = JSON.parse(json)
    } catch {
      throw new EvmWireError('typed data is not JSON')
    }
    if (
      !isRecord(data) ||
      !isRecord(data.types) ||
      typeof data.primaryType !== 'string' ||
      !isRecord(data.message) ||
      !(data.domain === undefined || isRecord(data.domain))
    )
      throw new EvmWireError('typed data lacks types, primaryType or message')
    return {
      method,
      from: address(from, 'from'),
      typedData: {
        domain: (data.domain ?? {}) as Record<string, unknown>,
        types: data.types as TypedDataRequest['types'],
        primaryType: data.primaryType,
        message: data.message,
      },
    }
  }
  if (method === 'eth_signTransaction') {
    const t = params[0]
    if (!isRecord(t)) throw new EvmWireError('transaction is not an object')
    const data = t.data ?? t.input
    if (data !== undefined && data !== null && (typeof data !== 'string' || !BYTES.test(data)))
      throw new EvmWireError('data is not hex bytes')
    const nonce = quantity(t.nonce, 'nonce', 0n)
    if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw new EvmWireError('nonce is too large')
    const tx: TransactionSerializableEIP1559 & { chainId: number } = {
      type: 'eip1559',
      chainId,
      // Absent or null is a contract creation, shown as such; anything else must be an address.
      ...(t.to === undefined || t.to === null ? {} : { to: address(t.to, 'to') }),
      value: quantity(t.value, 'value', 0n),
      ...(typeof data === 'string' && data !== '0x' ? { data: data as Hex } : {}),
      nonce: Number(nonce),
      gas: quantity(t.gas, 'gas', 21_000n),
      maxFeePerGas: quantity(t.maxFeePerGas, 'maxFeePerGas', 0n),
      maxPriorityFeePerGas: quantity(t.maxPriorityFeePerGas, 'maxPriorityFeePerGas', 0n),
    }
    return { method, tx }
  }
  throw new EvmWireError(`${method} is not a signing method`)
}
