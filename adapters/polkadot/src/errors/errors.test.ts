import { UnknownError, UserRejectedRequestError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { toPolkadotPorticoError } from './index.js'

describe('Polkadot wallet errors map to typed Portico errors', () => {
  it('WalletConnect 5000 (USER_REJECTED) from a session peer is a user rejection, as 4001 and "Cancelled" are', () => {
    expect(toPolkadotPorticoError({ code: 5000, message: 'User rejected.' })).toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(toPolkadotPorticoError({ code: 4001 })).toBeInstanceOf(UserRejectedRequestError)
    expect(toPolkadotPorticoError(new Error('Cancelled'))).toBeInstanceOf(UserRejectedRequestError)
    expect(toPolkadotPorticoError({ code: 5999, message: 'something else' })).toBeInstanceOf(UnknownError)
  })
})
