/**
 * The few SCALE encodings a signing payload needs (SCALE is the Polkadot-SDK's
 * binary codec): little-endian fixed integers, compact integers, options.
 */

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Bytes of an even-length hex string with or without 0x (the caller has checked the characters). */
export function fromHex(hex: string): Uint8Array {
  const h = hex.startsWith('0x') ? hex.slice(2) : hex
  const out = new Uint8Array(h.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(2 * i, 2 * i + 2), 16)
  return out
}

/** u32, little-endian. */
export function u32(n: bigint): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, Number(n), true)
  return out
}

/**
 * Compact (variable-length) encoding of an unsigned integer: one, two or four
 * bytes with the mode in the two low bits for values below 2^30, else a
 * length byte then the value's little-endian bytes.
 */
export function compact(n: bigint): Uint8Array {
  if (n < 0n) throw new RangeError('compact integers are unsigned')
  if (n < 1n << 6n) return Uint8Array.of(Number(n << 2n))
  if (n < 1n << 14n) {
    const v = Number((n << 2n) | 1n)
    return Uint8Array.of(v & 0xff, v >> 8)
  }
  if (n < 1n << 30n) {
    const out = new Uint8Array(4)
    new DataView(out.buffer).setUint32(0, Number((n << 2n) | 2n), true)
    return out
  }
  const bytes: number[] = []
  for (let v = n; v > 0n; v >>= 8n) bytes.push(Number(v & 0xffn))
  return Uint8Array.from([((bytes.length - 4) << 2) | 3, ...bytes])
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
