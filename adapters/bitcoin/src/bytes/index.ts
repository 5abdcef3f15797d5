// Hex and base64 without Node's Buffer: the adapter and the dev wallet run in
// browsers (the demo, every dApp), where Buffer does not exist.

const HEX = /^(?:[0-9a-fA-F]{2})*$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

/** Bytes of an even-length hex string; throws `TypeError` on anything else. */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== 'string' || !HEX.test(hex)) throw new TypeError('not a hex string')
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** Standard (padded) base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** Bytes of a standard base64 string; throws `TypeError` on anything else. */
export function fromBase64(text: string): Uint8Array {
  if (typeof text !== 'string' || !BASE64.test(text) || text.length % 4 === 1)
    throw new TypeError('not a base64 string')
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}
