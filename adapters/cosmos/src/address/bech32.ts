// A dependency-free bech32 (BIP-173) decoder, synchronous so addresses can be
// validated before CosmJS is loaded. Core's `isAddress(…, 'cosmos')` accepts
// letter-only prefixes; Cosmos chains also use digits (`c4e`), hence this one.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let chk = 1
  for (const v of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!
  }
  return chk >>> 0
}

/** Decodes a lowercase bech32 string (checksum verified) into its prefix and payload bytes; undefined when invalid. */
export function decodeBech32(
  value: string,
  maxLength = 90,
): { prefix: string; data: Uint8Array } | undefined {
  if (value.length < 8 || value.length > maxLength || value !== value.toLowerCase()) return undefined
  const sep = value.lastIndexOf('1')
  if (sep < 1 || sep + 7 > value.length) return undefined
  const prefix = value.slice(0, sep)
  const values: number[] = []
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i)
    if (c < 33 || c > 126) return undefined
    values.push(c >> 5)
  }
  values.push(0)
  for (let i = 0; i < prefix.length; i++) values.push(prefix.charCodeAt(i) & 31)
  const words: number[] = []
  for (const ch of value.slice(sep + 1)) {
    const w = CHARSET.indexOf(ch)
    if (w < 0) return undefined
    words.push(w)
  }
  if (polymod([...values, ...words]) !== 1) return undefined
  let acc = 0
  let bits = 0
  const out: number[] = []
  for (const w of words.slice(0, -6)) {
    acc = (acc << 5) | w
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
    acc &= (1 << bits) - 1
  }
  if (bits >= 5 || acc !== 0) return undefined
  return { prefix, data: Uint8Array.from(out) }
}
