import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './index.js'

describe('Solana address: 32 to 44 base58 characters (SPEC §5)', () => {
  it('accepts real addresses at both length bounds', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true) // 32, the System Program
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true) // 43
    expect(isSolanaAddress('1'.repeat(44))).toBe(true)
  })

  it('refuses wrong lengths, non-base58 characters and EVM addresses', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    for (const c of ['0', 'O', 'I', 'l']) expect(isSolanaAddress(`${c}${'1'.repeat(40)}`)).toBe(false)
    expect(isSolanaAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})
