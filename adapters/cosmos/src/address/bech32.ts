import { bech32 } from '@scure/base'

// Synchronous so addresses can be validated before CosmJS is loaded. Core's
// `isAddress(…, 'cosmos')` accepts letter-only prefixes; Cosmos chains also
// use digits (`c4e`), hence this decoder on `@scure/base`'s bech32.

/** Decodes a lowercase bech32 string (checksum verified) into its prefix and payload bytes; undefined when invalid. */
export function decodeBech32(
  value: string,
  maxLength = 90,
): { prefix: string; data: Uint8Array } | undefined {
  if (value.length < 8 || value.length > maxLength || value !== value.toLowerCase()) return undefined
  const decoded = bech32.decodeUnsafe(value as `${string}1${string}`, maxLength)
  if (!decoded) return undefined
  const data = bech32.fromWordsUnsafe(decoded.words)
  return data ? { prefix: decoded.prefix, data: Uint8Array.from(data) } : undefined
}
