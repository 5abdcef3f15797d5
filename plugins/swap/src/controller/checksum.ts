/**
 * EIP-55: a mixed-case EVM address must spell its checksum (a letter is upper
 * case when the matching nibble of keccak256(lowercase hex) is 8 or more).
 * All-lowercase and all-uppercase addresses carry no checksum and pass. The
 * hash is imported on first use, so the picker's address lookup is the only
 * thing that loads it.
 */
export async function hasValidChecksum(address: string): Promise<boolean> {
  const hex = address.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  const { keccak_256 } = await import('@noble/hashes/sha3')
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()))
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!
    if (!/[a-fA-F]/.test(c)) continue
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f
    if (nibble >= 8 !== (c === c.toUpperCase())) return false
  }
  return true
}
