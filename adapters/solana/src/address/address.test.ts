import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './index.js'

describe('Solana address: 32 to 44 base58 characters (SPEC §5) that decode to 32 bytes', () => {
  it('accepts real addresses at both length bounds', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true) // 32, the System Program
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true) // 43
    expect(isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe(true) // 44
  })

  it('refuses strings of the right alphabet and length that do not decode to 32 bytes', () => {
    expect(isSolanaAddress('1'.repeat(44))).toBe(false) // 44 zero bytes
    expect(isSolanaAddress('1'.repeat(33))).toBe(false) // 33 zero bytes
    expect(isSolanaAddress('z'.repeat(44))).toBe(false) // more than 32 bytes
    expect(isSolanaAddress('2'.repeat(32))).toBe(false) // fewer than 32 bytes
  })

  it('refuses wrong lengths, non-base58 characters and EVM addresses', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    for (const c of ['0', 'O', 'I', 'l']) expect(isSolanaAddress(`${c}${'1'.repeat(40)}`)).toBe(false)
    expect(isSolanaAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})
