// Shared by the Cosmos fuzzers: the local hub network and the arbitraries of
// keys, addresses and signatures a wallet (or a WalletConnect peer) hands the adapter.
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { toBech32 } from '@cosmjs/encoding'
import fc from 'fast-check'
import { expect } from 'vitest'
import {
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { cosmosLocalHub } from '../networks/index.js'

export const runs = { numRuns: fuzzRuns() }
export const hub = cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:1', restUrl: 'http://127.0.0.1:2' })
export const CHAIN = hub.cosmos.chainId
export const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`
export const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')

export function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

/** A compressed-looking secp256k1 key (02/03 + 32 bytes) and the hub address it hashes to. */
export const keyPair = fc
  .tuple(fc.constantFrom(2, 3), fc.uint8Array({ minLength: 32, maxLength: 32 }))
  .map(([p, x]) => {
    const pubKey = Uint8Array.of(p, ...x)
    return { pubKey, address: toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(pubKey)) }
  })
export const bech32ish = fc.oneof(
  keyPair.map((k) => k.address),
  fc
    .tuple(fc.constantFrom('cosmos', 'osmo', 'COSMOS', 'c4e', ''), fc.uint8Array({ maxLength: 40 }))
    .map(([p, d]) => {
      try {
        return toBech32(p, d)
      } catch {
        return `${p}1${b64(d)}`
      }
    }),
  keyPair.map((k) => k.address.toUpperCase()),
  keyPair.map((k) => `${k.address.slice(0, -1)}q`),
  hostileString,
)
export const pubKeyish = fc.oneof(
  keyPair.map((k) => k.pubKey),
  fc.uint8Array({ maxLength: 70 }),
  walletValue,
)

/** Hostile signature objects: base64 of any length, non-base64, odd pub_key types. */
export const stdSignature = (pubKey: Uint8Array) =>
  fc.oneof(
    walletValue,
    fc.record(
      {
        signature: fc.oneof(
          fc.uint8Array({ minLength: 64, maxLength: 64 }).map(b64),
          fc.uint8Array({ maxLength: 80 }).map(b64),
          hostileString,
          hexish,
          walletValue,
        ),
        pub_key: fc.oneof(
          walletValue,
          fc.record(
            {
              type: fc.oneof(
                fc.constant('tendermint/PubKeySecp256k1'),
                walletValue,
                fc.constant(Object.create(null)),
              ),
              value: fc.oneof(
                fc.constant(b64(pubKey)),
                fc.uint8Array({ maxLength: 40 }).map(b64),
                walletValue,
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  )
