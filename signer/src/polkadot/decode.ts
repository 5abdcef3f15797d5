import { getDynamicBuilder, getLookupFn } from '@polkadot-api/metadata-builders'
import { decAnyMetadata, unifyMetadata } from '@polkadot-api/substrate-bindings'
import { toHex } from './scale.js'

/**
 * A call read with its chain's metadata: `pallet.method` and its arguments,
 * as text (account ids in the chain's SS58 form, integers in decimal,
 * bytes as 0x hex).
 */
export interface DecodedCall {
  pallet: string
  method: string
  /** The arguments, one `name: value` a line (nested values indented), whole. */
  args: string
}

/** Reads a call's SCALE bytes into a value tree; undefined when the bytes are not exactly one call. */
export type CallDecoder = (call: Uint8Array) => DecodedCall | undefined

/** A tagged enum value as `@polkadot-api/substrate-bindings` decodes it. */
interface EnumValue {
  type: string
  value: unknown
}

const isEnum = (v: unknown): v is EnumValue =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 2 &&
  typeof (v as EnumValue).type === 'string' &&
  'value' in v

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** A value of the decoded tree as text, nested values indented under their name (never cut). */
function shown(value: unknown, indent: string): string {
  if (value === undefined || value === null) return '()'
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString()
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return `0x${toHex(value)}`
  const inner = `${indent}  `
  if (isEnum(value)) {
    if (value.value === undefined) return value.type
    const body = shown(value.value, indent)
    return body.startsWith('\n') ? `${value.type}${body}` : `${value.type}(${body})`
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return value.map((v, i) => `\n${inner}[${i}] ${shown(v, inner)}`).join('')
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return '()'
    return entries.map(([k, v]) => `\n${inner}${k}: ${shown(v, inner)}`).join('')
  }
  return String(value)
}

/**
 * A decoder for calls of the runtime `metadata` describes (the bytes
 * `state_getMetadata` answers, metadata v14 to v16), built with
 * `@polkadot-api/metadata-builders`. A call is decoded only when it
 * re-encodes to exactly the bytes that are signed: trailing bytes, an
 * unknown pallet or method, or any other mismatch gives undefined (the card
 * then says "not decoded"). Throws when the metadata itself does not parse.
 *
 * @example
 * const decode = callDecoder(metadataBytes)
 * decode(callBytes) // { pallet: 'Balances', method: 'transfer_keep_alive', args: '\n  dest: Id(5F…)\n  value: 1000' }
 */
export function callDecoder(metadata: Uint8Array): CallDecoder {
  const lookup = getLookupFn(unifyMetadata(decAnyMetadata(metadata)))
  if (lookup.call === null) throw new Error('the metadata names no call type')
  const codec = getDynamicBuilder(lookup).buildDefinition(lookup.call)
  return (call) => {
    let value: unknown
    try {
      value = codec.dec(call)
      if (!sameBytes(codec.enc(value), call)) return undefined
    } catch {
      // Bytes that are not a call of this runtime: shown as bytes, named a blind signature.
      return undefined
    }
    if (!isEnum(value) || !isEnum(value.value)) return undefined
    // The arguments' own struct, one `name: value` a line at the left edge.
    const args = shown(value.value.value, '')
      .replace(/^\n/, '')
      .split('\n')
      .map((line) => line.replace(/^ {2}/, ''))
      .join('\n')
    return { pallet: value.type, method: value.value.type, args }
  }
}
