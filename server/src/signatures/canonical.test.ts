import { parseSignature, serializeSignature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { canonicalSignature, NonCanonicalSignatureError } from './canonical.js'

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

describe('canonical signatures', () => {
  it('v 0/1 and 27/28 encode the same signature: both canonicalise to the 27/28 form', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const sig = await account.signMessage({ message: 'x' })
    const { r, s, yParity } = parseSignature(sig)
    const v01 = `${sig.slice(0, 130)}${(yParity === 0 ? 0 : 1).toString(16).padStart(2, '0')}`
    expect(canonicalSignature(v01)).toBe(canonicalSignature(sig))
    expect(canonicalSignature(sig)).toBe(serializeSignature({ r, s, yParity: yParity! }))
  })

  it('the high-s twin of a valid signature is refused (EIP-2)', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const sig = await account.signMessage({ message: 'y' })
    const { r, s, yParity } = parseSignature(sig)
    const high = serializeSignature({
      r,
      s: `0x${(N - BigInt(s)).toString(16).padStart(64, '0')}`,
      yParity: yParity === 0 ? 1 : 0,
    })
    expect(() => canonicalSignature(high)).toThrow(NonCanonicalSignatureError)
    expect(() => canonicalSignature(high)).toThrow(/high/)
  })

  it('refuses other v values, zero r/s and wrong lengths', () => {
    const body = `${'1'.repeat(64)}${'2'.repeat(64)}`
    expect(() => canonicalSignature(`0x${body}1d`)).toThrow(/v must be/)
    expect(() => canonicalSignature(`0x${'0'.repeat(64)}${'2'.repeat(64)}1b`)).toThrow(/out of range/)
    expect(() => canonicalSignature(`0x${body}`)).toThrow(/65 bytes/)
    expect(() => canonicalSignature(`0x${body}1b00`)).toThrow(/65 bytes/)
  })
})
