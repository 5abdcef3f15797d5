import { UnknownError, UserRejectedRequestError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { CosmosTransactionError, toCosmosPorticoError } from './index.js'

describe('Cosmos error mapping', () => {
  it('Keplr\'s "Request rejected" (exact text, no code) and code 4001 become UserRejectedRequestError', () => {
    expect(toCosmosPorticoError(new Error('Request rejected'))).toBeInstanceOf(UserRejectedRequestError)
    expect(toCosmosPorticoError(Object.assign(new Error('no'), { code: 4001 }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(toCosmosPorticoError(new Error('boom', { cause: new Error('Request rejected') }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
    // Only the whole message counts: a longer text is not a rejection.
    expect(toCosmosPorticoError(new Error('Request rejected by the node: quota'))).toBeInstanceOf(
      UnknownError,
    )
  })

  it('a chain refusal keeps its ABCI code: 5 insufficient funds, 32 sequence mismatch', () => {
    const broadcast = Object.assign(new Error('Broadcasting transaction failed with code 32'), {
      code: 32,
      codespace: 'sdk',
      log: 'account sequence mismatch, expected 3, got 2: incorrect account sequence',
    })
    const seq = toCosmosPorticoError(broadcast)
    expect(seq).toBeInstanceOf(CosmosTransactionError)
    expect(seq).toMatchObject({ chainCode: 32, shortMessage: 'Account sequence mismatch' })
    const funds = toCosmosPorticoError(
      new Error('Query failed with (5): spendable balance 1uatom is smaller than 2uatom: insufficient funds'),
    )
    expect(funds).toMatchObject({ chainCode: 5, shortMessage: 'Insufficient funds', codespace: 'sdk' })
    expect(
      toCosmosPorticoError(Object.assign(new Error('x'), { code: 9, codespace: 'wasm', log: 'y' })),
    ).toMatchObject({
      chainCode: 9,
      shortMessage: 'Transaction refused by the chain',
    })
  })
})
