import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PorticoError } from './base.js'
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidChainIdError,
  MethodNotSupportedError,
  ProviderDisconnectedError,
  SignatureDeclinedError,
  UnauthorizedError,
  UnknownError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from './index.js'
import { toPorticoError } from './map.js'

describe('toPorticoError maps foreign EIP-1193 errors by numeric code', () => {
  it.each([
    [4001, UserRejectedRequestError],
    [4100, UnauthorizedError],
    [4200, MethodNotSupportedError],
    [4900, ProviderDisconnectedError],
    [4901, ChainDisconnectedError],
    [4902, UnrecognizedChainError],
    [-32603, InternalRpcError],
    [32603, InvalidChainIdError],
  ])('code %i → %o', (code, Ctor) => {
    const foreign = { code, message: 'whatever the wallet says' }
    const mapped = toPorticoError(foreign)
    expect(mapped).toBeInstanceOf(Ctor)
    expect(mapped.code).toBe(code)
    expect(mapped.cause).toBe(foreign)
  })

  it('never by message text: a 4001 message without the code is unknown (5000)', () => {
    const mapped = toPorticoError(new Error('User rejected the request.'))
    expect(mapped).toBeInstanceOf(UnknownError)
    expect(mapped.code).toBe(5000)
    expect(mapped.details).toBe('User rejected the request.')
  })

  it('a rejection wrapped in -32603 (MetaMask data.originalError) is a user rejection', () => {
    const foreign = { code: -32603, message: 'Internal', data: { originalError: { code: 4001 } } }
    expect(toPorticoError(foreign)).toBeInstanceOf(UserRejectedRequestError)
  })

  it('codes in cause / error and integer strings are read; ethers ACTION_REJECTED is 4001', () => {
    expect(toPorticoError(new Error('x', { cause: { code: 4902 } }))).toBeInstanceOf(UnrecognizedChainError)
    expect(toPorticoError({ error: { code: '4100' } })).toBeInstanceOf(UnauthorizedError)
    expect(toPorticoError({ code: 'ACTION_REJECTED' })).toBeInstanceOf(UserRejectedRequestError)
  })

  it('Portico errors pass through unchanged', () => {
    const e = new SignatureDeclinedError()
    expect(toPorticoError(e)).toBe(e)
  })

  it('survives cyclic causes', () => {
    const a: { code: number; cause?: unknown } = { code: 1 }
    a.cause = { cause: a }
    expect(toPorticoError(a)).toBeInstanceOf(UnknownError)
  })

  it('property: any value in → a PorticoError out, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(toPorticoError(value)).toBeInstanceOf(PorticoError)
      }),
    )
  })
})
