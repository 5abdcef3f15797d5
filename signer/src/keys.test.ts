import { privateKeyToAddress as viemAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { bytesToHex, privateKeyToAddress } from './keys.js'

// The frame's first load derives the wallet's address without viem (issue 29: viem is the EVM signer's chunk).
describe('signer frame: the EVM address of a key, without viem', () => {
  it('is viem’s privateKeyToAddress, EIP-55 checksummed, for random keys and the edges', () => {
    const keys = [
      `0x${'00'.repeat(31)}01`,
      '0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140', // n − 1
      ...Array.from({ length: 32 }, () => bytesToHex(crypto.getRandomValues(new Uint8Array(32)))),
    ] as `0x${string}`[]
    for (const key of keys) expect(privateKeyToAddress(key), key).toBe(viemAddress(key))
  })

  it('refuses a key that is not one (0, the group order)', () => {
    expect(() => privateKeyToAddress(`0x${'00'.repeat(32)}`)).toThrow()
    expect(() =>
      privateKeyToAddress('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'),
    ).toThrow()
  })
})
