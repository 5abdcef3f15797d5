// Issue 22, "Fuzzing, as a standing test": a WalletConnect peer's cosmos_* answers
// to the Cosmos adapter, through the request channel, are hostile input. Each
// parser answers with a safe value or a typed PorticoError — never a TypeError,
// never a hang. 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.

import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { toBech32 } from '@cosmjs/encoding'
import type { RequestChannel } from '@portico/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileString, settle, walletValue } from '../../../../core/src/fuzz/arbitraries.js'
import { toCosmosKeyInfo } from '../account/index.js'
import { channelKeplr } from '../adapter/channel.js'
import {
  b64,
  bech32ish,
  CHAIN,
  expectTyped,
  hex,
  hub,
  keyPair,
  pubKeyish,
  runs,
  stdSignature,
} from '../test-helpers/fuzz-arbitraries.js'

describe('fuzz: a WalletConnect peer through the request channel (cosmos_getAccounts / cosmos_sign*)', () => {
  function channel(granted: string[], answer: unknown): RequestChannel {
    return {
      accounts: () => granted,
      chains: () => [hub.caipNetworkId],
      request: async () => answer,
      on: () => () => {},
    } as unknown as RequestChannel
  }

  it('getKey then toCosmosKeyInfo give a granted hub account or a typed error', async () => {
    const accounts = keyPair.chain((k) =>
      fc.tuple(
        fc.constant(k),
        fc.oneof(
          walletValue,
          fc.array(
            fc.oneof(
              walletValue,
              fc.record(
                {
                  address: fc.oneof(fc.constant(k.address), bech32ish, walletValue),
                  algo: fc.oneof(fc.constant('secp256k1'), hostileString, walletValue),
                  pubkey: fc.oneof(
                    fc.constant(b64(k.pubKey)),
                    pubKeyish.map((p) => (p instanceof Uint8Array ? b64(p) : p)),
                  ),
                },
                { requiredKeys: [] },
              ),
            ),
            { maxLength: 3 },
          ),
        ),
      ),
    )
    await fc.assert(
      fc.asyncProperty(accounts, async ([k, answer]) => {
        const keplr = channelKeplr(channel([`${hub.caipNetworkId}:${k.address}`], answer), [hub])
        const r = await settle(async () => toCosmosKeyInfo(await keplr.getKey(CHAIN), hub))
        if (!r.ok) return expectTyped(r.error)
        expect(r.value.record.address).toBe(k.address)
        expect(r.value.record.publicKey).toBe(hex(k.pubKey))
      }),
      runs,
    )
  })

  it('signDirect / signAmino / signArbitrary answers give base64 signatures or a typed error', async () => {
    const pubKey = Uint8Array.of(2, ...new Uint8Array(32).fill(9))
    const answer = fc.oneof(
      walletValue,
      fc.record(
        {
          signed: fc.oneof(
            walletValue,
            fc.record(
              {
                chainId: fc.oneof(fc.constant(CHAIN), hostileString),
                chain_id: fc.oneof(fc.constant(CHAIN), hostileString),
                accountNumber: fc.oneof(fc.constant('7'), walletValue),
                authInfoBytes: fc.oneof(fc.uint8Array({ maxLength: 20 }).map(b64), walletValue),
                bodyBytes: fc.oneof(fc.uint8Array({ maxLength: 20 }).map(b64), walletValue),
              },
              { requiredKeys: [] },
            ),
          ),
          signature: stdSignature(pubKey),
        },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        const keplr = channelKeplr(channel([], value), [hub])
        const address = toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(pubKey))
        const calls = [
          () =>
            keplr.signDirect(CHAIN, address, {
              chainId: CHAIN,
              accountNumber: 7n,
              bodyBytes: new Uint8Array(),
              authInfoBytes: new Uint8Array(),
            }),
          () =>
            keplr.signAmino(CHAIN, address, {
              chain_id: CHAIN,
              account_number: '7',
              sequence: '0',
              fee: { amount: [], gas: '1' },
              msgs: [],
              memo: '',
            }),
          () => keplr.signArbitrary(CHAIN, address, 'hi').then((signature) => ({ signature })),
        ]
        for (const fn of calls) {
          const r = await settle(fn)
          if (!r.ok) {
            expectTyped(r.error)
            continue
          }
          expect(r.value.signature.signature).toMatch(/^[A-Za-z0-9+/]*={0,2}$/)
          expect(r.value.signature.pub_key.value).toMatch(/^[A-Za-z0-9+/]*={0,2}$/)
          expect(typeof r.value.signature.pub_key.type).toBe('string')
        }
      }),
      runs,
    )
  })
})

describe('defects this fuzzer found (each failed before its fix)', () => {
  it('a peer pub_key type that is not a string is a typed InvalidWalletResponseError, not "Cannot convert object to primitive value"', async () => {
    const keplr = channelKeplr(
      {
        accounts: () => [],
        chains: () => [hub.caipNetworkId],
        request: async () => ({
          signature: { signature: '', pub_key: { type: Object.create(null), value: '' } },
        }),
        on: () => () => {},
      } as unknown as RequestChannel,
      [hub],
    )
    const r = await settle(() => keplr.signArbitrary(CHAIN, 'cosmos1x', 'hi'))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expectTyped(r.error)
      expect((r.error as Error).name).toBe('InvalidWalletResponseError')
    }
  })
})
