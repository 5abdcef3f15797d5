const HEX = '0123456789abcdef'
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** UTF-8 text → `0x…` hex, as `personal_sign` expects; a `0x` hex string passes through. */
export function toHexMessage(message: string): string {
  if (/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  let out = '0x'
  for (const byte of new TextEncoder().encode(message)) out += HEX[byte >> 4]! + HEX[byte & 15]!
  return out
}

/** Bytes → base58 (Solana message and signature encoding). */
export function toBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! * 256
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let out = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    out += '1'
  }
  for (let i = digits.length - 1; i >= 0; i--) out += BASE58[digits[i]!]
  return out
}
