const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Bitcoin-alphabet base58 (Solana keys and signatures, SS58 addresses) to bytes; undefined for a foreign character. */
export function base58Decode(value: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const ch of value) {
    let carry = BASE58.indexOf(ch)
    if (carry < 0) return undefined
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (let i = 0; i < value.length && value[i] === '1'; i++) bytes.push(0)
  return Uint8Array.from(bytes.reverse())
}
