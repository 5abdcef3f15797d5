/**
 * Minimal bech32 / bech32m (BIP-173 / BIP-350) checker, used by `isAddress` for
 * bip122 segwit and cosmos addresses. Verifies the checksum; no dependencies.
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3
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

function hrpExpand(hrp: string): number[] {
  const out: number[] = []
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >> 5)
  out.push(0)
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31)
  return out
}

/** Regroups 5-bit words into bytes; undefined when the padding is invalid. */
function toBytes(words: number[]): number[] | undefined {
  let acc = 0
  let bits = 0
  const out: number[] = []
  for (const w of words) {
    acc = (acc << 5) | w
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
    acc &= (1 << bits) - 1
  }
  if (bits >= 5 || acc !== 0) return undefined
  return out
}

export interface Bech32Options {
  /** Allowed human-readable prefixes; any lowercase-letter prefix when omitted. */
  hrps?: readonly string[]
  /** Check BIP-173/350 segwit rules (witness version, program length, bech32 vs bech32m). */
  segwit?: boolean
  /** Allowed decoded payload lengths in bytes (non-segwit). */
  payloadBytes?: readonly number[]
}

/** True when `value` is a valid bech32 (or, for segwit v1+, bech32m) string meeting `options`. */
export function isBech32(value: string, options: Bech32Options = {}): boolean {
  if (value.length < 8 || value.length > 90) return false
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false
  const lower = value.toLowerCase()
  const sep = lower.lastIndexOf('1')
  if (sep < 1 || sep + 7 > lower.length) return false
  const hrp = lower.slice(0, sep)
  if (options.hrps ? !options.hrps.includes(hrp) : !/^[a-z]{1,83}$/.test(hrp)) return false
  const data: number[] = []
  for (const ch of lower.slice(sep + 1)) {
    const v = CHARSET.indexOf(ch)
    if (v === -1) return false
    data.push(v)
  }
  const check = polymod([...hrpExpand(hrp), ...data])
  const words = data.slice(0, -6)
  if (options.segwit) {
    const version = words[0]
    if (version === undefined || version > 16) return false
    if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return false
    const program = toBytes(words.slice(1))
    if (!program || program.length < 2 || program.length > 40) return false
    if (version === 0 && program.length !== 20 && program.length !== 32) return false
    return true
  }
  if (check !== BECH32_CONST) return false
  const bytes = toBytes(words)
  if (!bytes) return false
  return options.payloadBytes ? options.payloadBytes.includes(bytes.length) : true
}
