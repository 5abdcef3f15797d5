import { bech32, bech32m } from '@scure/base'

/**
 * bech32 / bech32m (BIP-173 / BIP-350) checks for `isAddress` (bip122 segwit
 * and cosmos addresses), on `@scure/base`'s audited codec: checksum, prefix,
 * padding and, for segwit, the witness version and program rules.
 */

export interface Bech32Options {
  /** Allowed human-readable prefixes; any lowercase-letter prefix when omitted. */
  hrps?: readonly string[]
  /** Check BIP-173/350 segwit rules (witness version, program length, bech32 vs bech32m). */
  segwit?: boolean
  /** Allowed decoded payload lengths in bytes (non-segwit). */
  payloadBytes?: readonly number[]
}

type Bech32String = `${string}1${string}`

/** True when `value` is a valid bech32 (or, for segwit v1+, bech32m) string meeting `options`. */
export function isBech32(value: string, options: Bech32Options = {}): boolean {
  if (value.length < 8 || value.length > 90) return false
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false
  const lower = value.toLowerCase() as Bech32String
  const hrp = lower.slice(0, lower.lastIndexOf('1'))
  if (options.hrps ? !options.hrps.includes(hrp) : !/^[a-z]{1,83}$/.test(hrp)) return false
  if (options.segwit) {
    // Version 0 is checksummed bech32, versions 1–16 bech32m (BIP-350).
    const v0 = bech32.decodeUnsafe(lower, 90)
    const decoded = v0?.words[0] === 0 ? v0 : bech32m.decodeUnsafe(lower, 90)
    const version = decoded?.words[0]
    if (!decoded || version === undefined || version > 16 || (version === 0) !== (decoded === v0))
      return false
    const program = bech32.fromWordsUnsafe(decoded.words.slice(1))
    if (!program || program.length < 2 || program.length > 40) return false
    return version !== 0 || program.length === 20 || program.length === 32
  }
  const decoded = bech32.decodeUnsafe(lower, 90)
  const bytes = decoded && bech32.fromWordsUnsafe(decoded.words)
  if (!bytes) return false
  return options.payloadBytes ? options.payloadBytes.includes(bytes.length) : true
}
