import { base58 } from '@scure/base'

/**
 * Solana wire formats read inside the signer frame, written for it (no
 * Solana SDK in the frame): base58 / base64, and the transaction layout
 * (signatures, then a legacy or v0 message). Whatever the parent sends is
 * parsed here before anything is shown or signed; a malformed one throws
 * `SolanaWireError`.
 */
export class SolanaWireError extends Error {
  override name = 'SolanaWireError'
}

/** Bitcoin-alphabet base58 (Solana keys and signatures). */
export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes)
}

/** A base58 string's bytes; throws `SolanaWireError` for a foreign character. */
export function fromBase58(text: string): Uint8Array {
  try {
    return base58.decode(text)
  } catch (error) {
    throw new SolanaWireError('not base58', { cause: error })
  }
}

export function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}

export function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new SolanaWireError('not base64')
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/** The System Program's id (32 zero bytes). */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** A Solana packet's limit: no wire transaction is longer. */
export const MAX_TRANSACTION_BYTES = 1232

export interface SolanaInstruction {
  /** The program's address, or undefined when it comes from an address lookup table. */
  programId: string | undefined
  accounts: number[]
  data: Uint8Array
}

export interface SolanaTransaction {
  version: 'legacy' | 0
  /** Signature slots, in the order of the first `requiredSignatures` static keys. */
  signatures: Uint8Array[]
  /** Offset of the message in the wire bytes: what every signer signs is `wire.subarray(messageOffset)`. */
  messageOffset: number
  requiredSignatures: number
  /** Static account keys (base58); the first is the fee payer. */
  keys: string[]
  instructions: SolanaInstruction[]
  /** Number of address lookup tables (v0), whose accounts are not listed in `keys`. */
  lookupTables: number
}

class Reader {
  offset = 0
  constructor(private readonly bytes: Uint8Array) {}
  get done(): boolean {
    return this.offset === this.bytes.length
  }
  u8(): number {
    const v = this.bytes[this.offset]
    if (v === undefined) throw new SolanaWireError('the transaction ends early')
    this.offset++
    return v
  }
  /** Solana's compact-u16 (1 to 3 bytes, 7 bits each). */
  short(): number {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const b = this.u8()
      value |= (b & 0x7f) << (7 * i)
      if ((b & 0x80) === 0) return value
    }
    throw new SolanaWireError('a length is malformed')
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new SolanaWireError('the transaction ends early')
    const out = this.bytes.subarray(this.offset, this.offset + n)
    this.offset += n
    return out
  }
}

/** A message (what is signed) from `reader`'s position: header, keys, blockhash, instructions, lookups. */
function readMessage(r: Reader) {
  const first = r.u8()
  let version: 'legacy' | 0 = 'legacy'
  let requiredSignatures = first
  if (first & 0x80) {
    if ((first & 0x7f) !== 0)
      throw new SolanaWireError(`transaction version ${first & 0x7f} is not supported`)
    version = 0
    requiredSignatures = r.u8()
  }
  r.u8() // read-only signed
  r.u8() // read-only unsigned
  const keys: string[] = []
  const keyCount = r.short()
  for (let i = 0; i < keyCount; i++) keys.push(base58Encode(r.take(32)))
  if (requiredSignatures === 0 || requiredSignatures > keys.length)
    throw new SolanaWireError('the signer count does not fit the account keys')
  r.take(32) // recent blockhash
  const instructions: SolanaInstruction[] = []
  const count = r.short()
  for (let i = 0; i < count; i++) {
    const program = r.u8()
    const accounts = Array.from(r.take(r.short()))
    const data = r.take(r.short())
    instructions.push({ programId: keys[program], accounts, data })
  }
  let lookupTables = 0
  if (version === 0) {
    lookupTables = r.short()
    for (let i = 0; i < lookupTables; i++) {
      r.take(32)
      r.take(r.short())
      r.take(r.short())
    }
  }
  return { version, requiredSignatures, keys, instructions, lookupTables }
}

/** Parses a wire transaction (legacy or v0); throws `SolanaWireError` when it is not one, whole. */
export function parseTransaction(wire: Uint8Array): SolanaTransaction {
  if (wire.length > MAX_TRANSACTION_BYTES) throw new SolanaWireError('the transaction is too large')
  const r = new Reader(wire)
  const signatures: Uint8Array[] = []
  const count = r.short()
  for (let i = 0; i < count; i++) signatures.push(r.take(64))
  const messageOffset = r.offset
  const message = readMessage(r)
  if (!r.done) throw new SolanaWireError('bytes follow the transaction')
  if (count !== message.requiredSignatures)
    throw new SolanaWireError('the signature slots do not match the signers')
  return { ...message, signatures, messageOffset }
}

/**
 * True when `bytes` read whole as a transaction message: a "message" to sign
 * that is one would be a blind transaction signature, so the frame refuses it.
 */
export function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const r = new Reader(bytes)
    readMessage(r)
    return r.done
  } catch {
    return false
  }
}

/** Lamports as SOL text, exact (9 decimals, trailing zeros dropped). */
export function formatSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const frac = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}
