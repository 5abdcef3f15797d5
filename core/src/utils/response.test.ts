import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  classifyWalletResponse,
  getRequestMethodSafety,
  isKnownRequestMethod,
  isSafeRequestMethod,
  isSignedMessage,
  isTransactionHash,
} from './response.js'

describe('SPEC §5 transaction hash and signed message', () => {
  it('transaction hash: 0x followed by exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${'aB'.repeat(32)}`)).toBe(true)
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
    expect(isTransactionHash(`0x${'g'.repeat(64)}`)).toBe(false)
  })
  it('signed message: 0x followed by at least 62 hex characters', () => {
    expect(isSignedMessage(`0x${'f'.repeat(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${'f'.repeat(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${'f'.repeat(61)}`)).toBe(false)
    expect(isSignedMessage('f'.repeat(64))).toBe(false)
  })
})

describe('SPEC §5 property tests', () => {
  it('property: any string → boolean; matches the SPEC rule exactly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^0x[0-9a-fA-F]{55,70}$/)), (s) => {
        expect(isTransactionHash(s)).toBe(
          s.startsWith('0x') && s.length === 66 && /^[0-9a-fA-F]*$/.test(s.slice(2)),
        )
        expect(isSignedMessage(s)).toBe(
          s.startsWith('0x') && s.length >= 64 && /^[0-9a-fA-F]*$/.test(s.slice(2)),
        )
      }),
    )
  })
})

describe('SPEC §4 wallet response classification', () => {
  it('a 0x + 64-hex string or a 0x hex string of 62+ hex digits is transaction type', () => {
    expect(classifyWalletResponse(`0x${'1'.repeat(64)}`)).toBe('transaction')
    expect(classifyWalletResponse(`0x${'1'.repeat(62)}`)).toBe('transaction')
    expect(classifyWalletResponse(`0x${'1'.repeat(200)}`)).toBe('transaction')
  })
  it('anything else is object type', () => {
    for (const v of [{ hash: '0x' }, null, undefined, 42, '0x1234', `0x${'1'.repeat(61)}`, ['0x']]) {
      expect(classifyWalletResponse(v)).toBe('object')
    }
  })
  it('property: any value → transaction or object, never a crash', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(['transaction', 'object']).toContain(classifyWalletResponse(v))
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-f]{62,300}$/), (v) => {
        expect(classifyWalletResponse(v)).toBe('transaction')
      }),
    )
  })
})

describe('SPEC §4 request method lists (the adapter owns its namespace lists)', () => {
  const lists = { safe: ['chain_read'], unsafe: ['chain_sign', 'chain_send'] }
  it('a request is known if in either list; safe only on the safe list', () => {
    expect(isKnownRequestMethod('chain_read', lists)).toBe(true)
    expect(isKnownRequestMethod('chain_sign', lists)).toBe(true)
    expect(isKnownRequestMethod('chain_doSomethingNew', lists)).toBe(false)
    expect(getRequestMethodSafety('chain_read', lists)).toBe('safe')
    expect(getRequestMethodSafety('chain_send', lists)).toBe('unsafe')
    expect(isSafeRequestMethod('chain_sign', lists)).toBe(false)
  })
  it('without lists every method is unknown; a method on both lists counts as unsafe', () => {
    expect(getRequestMethodSafety('chain_read', undefined)).toBe('unknown')
    expect(getRequestMethodSafety('x', { safe: ['x'], unsafe: ['x'] })).toBe('unsafe')
  })
  it('property: any value → safe, unsafe or unknown', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(['safe', 'unsafe', 'unknown']).toContain(getRequestMethodSafety(v, lists))
      }),
    )
  })
})
