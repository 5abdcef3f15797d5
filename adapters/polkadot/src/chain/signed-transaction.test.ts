// The adapter's check of a wallet's `withSignedTransaction` answer (Talisman and
// SubWallet hand back the whole extrinsic, which the adapter then submits as
// is): on the shared chopsticks devnet, with the chain's own registry and the
// dev-wallets' Polkadot signing core as the wallet. An honest answer passes;
// each way a wallet could answer something other than what the app asked for
// is refused with InvalidExtensionResponseError naming the wallet. Nothing is
// submitted here: signing needs only the account's nonce.
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { Signer, SignerResult } from '@polkadot/api/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { createPolkadotSigner, type PolkadotSigner } from '@portico/dev-wallets/polkadot'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { InvalidExtensionResponseError } from '../errors/index.js'
import { checkedSigner } from './signed-transaction.js'

const devnet = inject('polkadotDevnet')
let api: ApiPromise
let core: PolkadotSigner
let from: string
let to: string

beforeAll(async () => {
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new WsProvider(devnet.wsUrl), noInitWarn: true })
  core = await createPolkadotSigner({
    uris: ['//PorticoSignedTx', '//PorticoSignedTxTo'],
    ss58Prefix: devnet.ss58Prefix,
  })
  from = core.keys[0]!.address
  to = core.keys[1]!.address
})
afterAll(async () => {
  await api?.disconnect()
})

/** A wallet over the signing core; `answer` may change what it hands back. */
function wallet(answer: (payload: SignerPayloadJSON, honest: SignerResult) => SignerResult): Signer {
  return {
    async signPayload(payload) {
      const key = core.keyFor(payload.address)
      if (!key) throw new Error('unknown account')
      const signed = core.signPayload(key, payload)
      return answer(payload, {
        id: 1,
        signature: signed.signature,
        signedTransaction: signed.signedTransaction,
      })
    },
  }
}

async function sign(signer: Signer) {
  const tx = api.tx.balances!.transferKeepAlive!(to, 10n ** 12n)
  await tx.signAsync(from, {
    signer: checkedSigner(signer, 'Talisman', api.registry),
    withSignedTransaction: true,
  })
  return tx
}

describe('withSignedTransaction: the extrinsic a wallet hands back is checked before it is submitted', () => {
  it('an honest answer passes, and the extrinsic carries the signature the wallet answered', async () => {
    let answered: SignerResult | undefined
    const tx = await sign(
      wallet((_, honest) => {
        answered = honest
        return honest
      }),
    )
    expect(tx.isSigned).toBe(true)
    expect(tx.toHex()).toBe(answered!.signedTransaction)
  })

  it.each([
    [
      'another call',
      (payload: SignerPayloadJSON) => {
        // The wallet signs and hands back a remark instead of the transfer the app asked for.
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          method: api.tx.system!.remark!('0x00').method.toHex(),
        })
        return { id: 1, signature: other.signature, signedTransaction: other.signedTransaction }
      },
      'Talisman: signedTransaction carries another call',
    ],
    [
      'another signature than the one answered',
      (payload: SignerPayloadJSON, honest: SignerResult) => {
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          nonce: api.createType('Compact<Index>', 99).toHex(),
        })
        return { ...honest, signature: other.signature }
      },
      'Talisman: signedTransaction carries another signature than the one answered',
    ],
    [
      'another nonce',
      (payload: SignerPayloadJSON) => {
        const key = core.keyFor(payload.address)!
        const other = core.signPayload(key, {
          ...payload,
          nonce: api.createType('Compact<Index>', 99).toHex(),
        })
        return { id: 1, signature: other.signature, signedTransaction: other.signedTransaction }
      },
      'Talisman: signedTransaction has another nonce',
    ],
    [
      'no hex',
      (_: SignerPayloadJSON, honest: SignerResult) => ({
        ...honest,
        signedTransaction: 'not hex' as `0x${string}`,
      }),
      'Talisman: signedTransaction is not hex',
    ],
  ])(
    'a signedTransaction with %s is refused with InvalidExtensionResponseError naming the wallet',
    async (_, answer, why) => {
      const error = await sign(wallet(answer)).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidExtensionResponseError)
      expect(
        String((error as Error).message) + String((error as { details?: string }).details ?? ''),
      ).toContain(why)
    },
  )
})
