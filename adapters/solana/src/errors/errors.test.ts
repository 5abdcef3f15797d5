import {
  MethodNotSupportedError,
  UnknownError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import { describe, expect, it } from 'vitest'
import { toSolanaPorticoError, WALLET_STANDARD_ERROR_CODES } from './index.js'

function walletStandardError(code: number) {
  return Object.assign(new Error('wallet standard'), {
    name: 'WalletStandardError',
    context: { __code: code },
  })
}

describe('Solana wallet errors map to typed Portico errors by code', () => {
  it('WalletConnect 5000 (USER_REJECTED) from a session peer, also nested, is a user rejection', () => {
    expect(toSolanaPorticoError({ code: 5000, message: 'User rejected.' })).toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(toSolanaPorticoError(new Error('relay', { cause: { code: 5000 } }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('code 4001 (Phantom, Solflare, the dev wallet), also nested, is a user rejection', () => {
    expect(toSolanaPorticoError({ code: 4001, message: 'User rejected the request.' })).toBeInstanceOf(
      UserRejectedRequestError,
    )
    const nested = Object.assign(new Error('WalletSignMessageError'), { error: { code: 4001 } })
    expect(toSolanaPorticoError(nested)).toBeInstanceOf(UserRejectedRequestError)
  })

  it('WalletStandardError codes: rejected, unimplemented feature, unsupported chain', () => {
    const rejected = toSolanaPorticoError(
      walletStandardError(WALLET_STANDARD_ERROR_CODES.userRequestRejected),
    )
    expect(rejected).toBeInstanceOf(UserRejectedRequestError)
    expect(rejected.code).toBe(4001)
    expect(
      toSolanaPorticoError(walletStandardError(WALLET_STANDARD_ERROR_CODES.walletFeatureUnimplemented)),
    ).toBeInstanceOf(MethodNotSupportedError)
    expect(
      toSolanaPorticoError(walletStandardError(WALLET_STANDARD_ERROR_CODES.accountChainUnsupported)),
    ).toBeInstanceOf(UnsupportedChainError)
  })

  it('never by message text: a "rejected" message without a code is unknown (5000)', () => {
    const e = toSolanaPorticoError(new Error('User rejected the request'))
    expect(e).toBeInstanceOf(UnknownError)
    expect(e.code).toBe(5000)
    // @solana/kit errors also carry context.__code, but are not Wallet Standard errors.
    const kit = Object.assign(new Error('rpc'), { name: 'SolanaError', context: { __code: 4001000 } })
    expect(toSolanaPorticoError(kit)).toBeInstanceOf(UnknownError)
  })
})
