/**
 * Amino JSON sign docs (`StdSignDoc`), frame side. The doc comes from another
 * origin through postMessage (a structured clone: it may hold values JSON
 * cannot, cycles, or be huge), so it is copied into plain JSON under caps
 * before anything reads it, and the copy is what is shown, signed and answered.
 */
export interface AminoCoin {
  denom: string
  amount: string
}
export interface AminoMsg {
  type: string
  value: Record<string, unknown>
}
export interface AminoSignDoc {
  chain_id: string
  account_number: string
  sequence: string
  fee: { amount: AminoCoin[]; gas: string; payer?: string; granter?: string }
  msgs: AminoMsg[]
  memo: string
  timeout_height?: string
}

/** At most this many UTF-16 units of canonical JSON (the bytes signed). */
export const MAX_AMINO_JSON = 64 * 1024
/** Nesting depth of the doc (a contract message nests, but not without bound). */
const MAX_DEPTH = 24
/** Values in the doc, counted before any serialization. */
const MAX_NODES = 8192
export const MAX_MSGS = 64
/** The Cosmos SDK's default memo limit (256 characters), with room for chains that raise it. */
export const MAX_MEMO = 512

const UINT = /^\d{1,20}$/
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/
const AMOUNT = /^\d{1,78}$/
const TYPE = /^[\x21-\x7e]{1,128}$/
const DOC_KEYS = new Set(['chain_id', 'account_number', 'sequence', 'fee', 'msgs', 'memo', 'timeout_height'])
const FEE_KEYS = new Set(['amount', 'gas', 'payer', 'granter'])

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A plain-JSON copy of `value`, or undefined when it is not JSON or exceeds the caps. */
function jsonCopy(value: unknown): unknown {
  let nodes = 0
  const copy = (v: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) throw new RangeError('too large')
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new TypeError('not JSON')
      return v
    }
    if (Array.isArray(v)) return v.map((x) => copy(x, depth + 1))
    const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined
    if (proto !== Object.prototype && proto !== null) throw new TypeError('not JSON')
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v as object)) {
      // An own "__proto__" key would set the copy's prototype instead of a property.
      if (k === '__proto__') throw new TypeError('not JSON')
      out[k] = copy(x, depth + 1)
    }
    return out
  }
  try {
    return copy(value, 0)
  } catch {
    return undefined
  }
}

const isCoin = (c: unknown): c is AminoCoin =>
  isObj(c) &&
  Object.keys(c).length === 2 &&
  typeof c.denom === 'string' &&
  DENOM.test(c.denom) &&
  typeof c.amount === 'string' &&
  AMOUNT.test(c.amount)

const optionalAddress = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= 128)

/** The doc as checked plain JSON, or undefined when it is not a well-formed `StdSignDoc` within the caps. */
export function parseAminoSignDoc(value: unknown): AminoSignDoc | undefined {
  const doc = jsonCopy(value)
  if (!isObj(doc) || !Object.keys(doc).every((k) => DOC_KEYS.has(k))) return undefined
  const { chain_id, account_number, sequence, fee, msgs, memo, timeout_height } = doc
  if (typeof chain_id !== 'string' || !/^[-_a-zA-Z0-9]{0,32}$/.test(chain_id)) return undefined
  if (typeof account_number !== 'string' || !UINT.test(account_number)) return undefined
  if (typeof sequence !== 'string' || !UINT.test(sequence)) return undefined
  if (timeout_height !== undefined && (typeof timeout_height !== 'string' || !UINT.test(timeout_height)))
    return undefined
  if (typeof memo !== 'string' || memo.length > MAX_MEMO) return undefined
  if (!isObj(fee) || !Object.keys(fee).every((k) => FEE_KEYS.has(k))) return undefined
  if (!Array.isArray(fee.amount) || fee.amount.length > 16 || !fee.amount.every(isCoin)) return undefined
  if (typeof fee.gas !== 'string' || !UINT.test(fee.gas)) return undefined
  if (!optionalAddress(fee.payer) || !optionalAddress(fee.granter)) return undefined
  if (!Array.isArray(msgs) || msgs.length < 1 || msgs.length > MAX_MSGS) return undefined
  for (const m of msgs)
    if (!isObj(m) || typeof m.type !== 'string' || !TYPE.test(m.type) || !isObj(m.value)) return undefined
  if (serializeAminoSignDoc(doc as unknown as AminoSignDoc).length > MAX_AMINO_JSON) return undefined
  return doc as unknown as AminoSignDoc
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted)
  if (!isObj(value)) return value
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(value).sort()) out[k] = sorted(value[k])
  return out
}

/**
 * The canonical amino JSON of a sign doc, as CosmJS's `serializeSignDoc`
 * makes it (and so as the chain checks it): keys sorted, no spaces, and `&`,
 * `<`, `>` escaped as `\u0026`, `\u003c`, `\u003e`. Its UTF-8 is what is hashed.
 */
export function serializeAminoSignDoc(doc: AminoSignDoc): string {
  return JSON.stringify(sorted(doc))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

/** True when `doc` is an ADR-036 arbitrary-data doc (a single `sign/MsgSignData`, Keplr's `signArbitrary`). */
export const isAdr036 = (doc: AminoSignDoc): boolean => doc.msgs.some((m) => m.type === 'sign/MsgSignData')
