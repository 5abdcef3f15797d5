// Shared by the Solana fuzzers: the cluster, the codec and the arbitraries of
// what a wallet hands the adapter. `loadCodec()` runs in each file's beforeAll;
// the arbitraries read `codec` when they generate, after it has loaded.
import type { CaipNetworkId } from '@portico/core'
import fc from 'fast-check'
import { expect } from 'vitest'
import { fuzzRuns, hostileString, isTypedError, walletValue } from '../../../../core/src/fuzz/arbitraries.js'
import { solanaCodec } from '../adapter/backends.js'

export let codec: Awaited<ReturnType<typeof solanaCodec>>

export async function loadCodec() {
  codec = await solanaCodec()
}

export const runs = { numRuns: fuzzRuns() }
export const CLUSTER = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as CaipNetworkId
export const noEvents = { onAccounts() {}, onDisconnect() {} }

export function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

export const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max })
/** Base58 text of 0–40 bytes (32 is a real key), plus hostile text. */
export const base58ish = () =>
  fc.oneof(
    bytes(32, 32).map((b) => codec.toBase58(b)),
    bytes(0, 40).map((b) => codec.toBase58(b)),
    fc.string({
      unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'),
      maxLength: 50,
    }),
    hostileString,
  )
export const chains = fc.oneof(
  fc.array(
    fc.oneof(
      fc.constantFrom('solana:mainnet', 'solana:devnet', CLUSTER, 'bip122:x'),
      hostileString,
      walletValue,
    ),
    {
      maxLength: 4,
    },
  ),
  walletValue,
)
export const account = () =>
  fc.oneof(
    fc.record(
      {
        address: fc.oneof(base58ish(), walletValue),
        publicKey: fc.oneof(bytes(0, 40), fc.array(fc.integer(), { maxLength: 40 }), walletValue),
        chains,
        features: fc.oneof(fc.array(hostileString, { maxLength: 3 }), walletValue),
        label: fc.oneof(hostileString, walletValue),
        icon: fc.oneof(hostileString, walletValue),
      },
      { requiredKeys: [] },
    ),
    walletValue,
  )
export const accountList = () => fc.oneof(fc.array(account(), { maxLength: 6 }), walletValue)
