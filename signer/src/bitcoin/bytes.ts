import { sha256 } from '@noble/hashes/sha2'
import { ChainWireError } from '../chain-keys.js'

/** Bytes as the frame reads them from a PSBT or a transaction: every read is bounds-checked. */
export class Reader {
  at = 0
  constructor(
    readonly bytes: Uint8Array,
    readonly what: string,
  ) {}
  get done(): boolean {
    return this.at >= this.bytes.length
  }
  take(n: number): Uint8Array {
    if (n < 0 || this.at + n > this.bytes.length) throw new ChainWireError(`${this.what} ends early`)
    const out = this.bytes.subarray(this.at, this.at + n)
    this.at += n
    return out
  }
  u8(): number {
    return this.take(1)[0] as number
  }
  u32(): number {
    const b = this.take(4)
    return (
      ((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16) | ((b[3] as number) << 24)) >>> 0
    )
  }
  u64(): bigint {
    const b = this.take(8)
    let v = 0n
    for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(b[i] as number)
    return v
  }
  /** A compact size; anything past `max` (a count or a length this frame would never need) is refused. */
  varint(max = 0x7fffffff): number {
    const first = this.u8()
    const n =
      first < 0xfd
        ? first
        : first === 0xfd
          ? this.u16()
          : first === 0xfe
            ? this.u32()
            : Number.POSITIVE_INFINITY
    if (n > max) throw new ChainWireError(`${this.what} has a length out of range`)
    return n
  }
  varbytes(max?: number): Uint8Array {
    return this.take(this.varint(max))
  }
  private u16(): number {
    const b = this.take(2)
    return (b[0] as number) | ((b[1] as number) << 8)
  }
}

export function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

export const u32le = (n: number) =>
  Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff)

export function u64le(v: bigint): Uint8Array {
  const out = new Uint8Array(8)
  for (let i = 0; i < 8; i++) out[i] = Number((v >> BigInt(8 * i)) & 0xffn)
  return out
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A length-prefixed byte string. */
export const withLength = (bytes: Uint8Array) => concat(varint(bytes.length), bytes)

export const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))

export const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}
