// Issue 22, "Fuzzing, as a standing test": what a Keplr-style wallet hands the
// Cosmos adapter (getKey answers, signArbitrary / signDirect / signAmino results,
// window.keplr-style wallet metadata) is hostile input. Each parser answers with a
// safe value or a typed PorticoError — never a TypeError, never markup or a URL,
// never a hang. 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { toBech32 } from '@cosmjs/encoding'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  hostileString,
  PER_CALL_LIMIT_MS,
  settle,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { toCosmosKeyInfo } from '../account/index.js'
import type { CosmosSession } from '../adapter/session.js'
import { signCosmosTransaction } from '../adapter/sign-transaction.js'
import { isCosmosAddress } from '../address/index.js'
import type { Keplr } from '../keplr/index.js'
import { signCosmosMessage } from '../sign-message/sign.js'
import {
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
import { discoverCosmosWallets } from '../wallets/index.js'

describe('fuzz: getKey answers (bech32 address with the chain prefix, pubKey, algo)', () => {
  const key = fc.oneof(
    walletValue,
    // A consistent key, then the same with one field replaced by something hostile.
    fc
      .tuple(
        keyPair,
        fc.record(
          {
            algo: fc.oneof(
              fc.constantFrom('secp256k1', 'ethsecp256k1', 'ed25519'),
              hostileString,
              walletValue,
            ),
            bech32Address: bech32ish,
            pubKey: pubKeyish,
            address: fc.oneof(fc.uint8Array({ maxLength: 33 }), walletValue),
            name: fc.oneof(hostileString, walletValue),
            isNanoLedger: walletValue,
          },
          { requiredKeys: [] },
        ),
        fc.boolean(),
      )
      .map(([pair, hostile, consistent]) =>
        consistent
          ? { algo: 'secp256k1', bech32Address: pair.address, pubKey: pair.pubKey, ...hostile }
          : hostile,
      ),
  )

  it('toCosmosKeyInfo gives a hub address whose key hashes to it, or throws a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(key, async (value) => {
        const r = await settle(() => toCosmosKeyInfo(value, hub))
        if (!r.ok) return expectTyped(r.error)
        const { record, pubKey, isNanoLedger } = r.value
        expect(isCosmosAddress(record.address, 'cosmos')).toBe(true)
        expect(record.caipAddress).toBe(`cosmos:${CHAIN}:${record.address}`)
        expect(pubKey).toBeInstanceOf(Uint8Array)
        expect(pubKey.length).toBe(33)
        expect([2, 3]).toContain(pubKey[0])
        expect(record.publicKey).toBe(hex(pubKey))
        expect(['secp256k1', 'ethsecp256k1']).toContain(record.addressType)
        if (record.addressType === 'secp256k1')
          expect(toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(pubKey))).toBe(record.address)
        expect(typeof isNanoLedger).toBe('boolean')
      }),
      runs,
    )
  })
})

describe('fuzz: signArbitrary / signDirect / signAmino results', () => {
  it('signCosmosMessage gives a 64-byte base64 signature by the connected key, or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyPair.chain((k) => fc.tuple(fc.constant(k), stdSignature(k.pubKey), fc.boolean())),
        async ([k, answer, throwIt]) => {
          const keplr = {
            signArbitrary: async () => {
              if (throwIt) throw answer
              return answer
            },
          } as unknown as Keplr
          const r = await settle(() =>
            signCosmosMessage({ keplr, chainId: CHAIN, address: k.address, message: 'hi', pubKey: k.pubKey }),
          )
          if (!r.ok) return expectTyped(r.error)
          expect(Buffer.from(r.value.signature, 'base64').length).toBe(64)
          expect(r.value.signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
          expect(r.value.publicKey).toBe(hex(k.pubKey))
        },
      ),
      runs,
    )
  })

  it('signCosmosTransaction gives a signed doc and a 64-byte signature by the session key, or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyPair.chain((k) =>
          fc.tuple(
            fc.constant(k),
            fc.oneof(
              walletValue,
              fc.record(
                {
                  signed: fc.oneof(walletValue, fc.constant({ chain_id: CHAIN })),
                  signature: stdSignature(k.pubKey),
                },
                { requiredKeys: [] },
              ),
            ),
            fc.constantFrom('direct', 'amino'),
          ),
        ),
        async ([k, answer, mode]) => {
          const keplr = { signDirect: async () => answer, signAmino: async () => answer } as unknown as Keplr
          const session = {
            keplr,
            network: hub,
            key: { record: { address: k.address, publicKey: hex(k.pubKey) }, pubKey: k.pubKey },
          } as unknown as CosmosSession
          const request =
            mode === 'direct'
              ? {
                  mode,
                  signDoc: {
                    chainId: CHAIN,
                    bodyBytes: new Uint8Array(),
                    authInfoBytes: new Uint8Array(),
                    accountNumber: 0n,
                  },
                }
              : {
                  mode,
                  signDoc: {
                    chain_id: CHAIN,
                    account_number: '0',
                    sequence: '0',
                    fee: { amount: [], gas: '1' },
                    msgs: [],
                    memo: '',
                  },
                }
          const r = await settle(() => signCosmosTransaction(session, request as never))
          if (!r.ok) return expectTyped(r.error)
          expect(typeof r.value.signed).toBe('object')
          expect(Buffer.from(r.value.signature, 'base64').length).toBe(64)
          expect(r.value.publicKey).toBe(hex(k.pubKey))
        },
      ),
      runs,
    )
  })
})

describe('fuzz: window.keplr-style wallet metadata', () => {
  const keplrLike = { enable: async () => {}, getKey: async () => ({}), getOfflineSigner: () => ({}) }
  const icon = fc.oneof(
    walletValue,
    fc.constantFrom(
      'https://evil.example/track.png',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      `data:image/svg+xml;base64,${btoa('<svg onload=alert(1)>')}`,
      'data:image/png;base64,iVBORw0KGgo=',
    ),
  )
  const root = fc.record(
    {
      keplr: fc.oneof(walletValue, fc.constant(keplrLike)),
      leap: fc.oneof(walletValue, fc.constant(keplrLike), fc.constant({ ...keplrLike })),
      cosmostation: fc.oneof(walletValue, fc.constant({ providers: { keplr: { ...keplrLike } } })),
    },
    { requiredKeys: [] },
  )

  it('discoverCosmosWallets never throws; connectors show a plain-text name and a data:image icon only', () => {
    fc.assert(
      fc.property(
        root,
        fc.array(
          fc.record({
            id: fc.string({ unit: fc.constantFrom(...'abc-_.'), minLength: 1, maxLength: 10 }),
            name: fc.oneof(hostileString, fc.constant('<img src=x onerror=alert(1)>')),
            icon,
            provider: fc.oneof(walletValue, fc.constant({ ...keplrLike })),
          }),
          { maxLength: 3 },
        ),
        (win, configured) => {
          const start = performance.now()
          let found: ReturnType<typeof discoverCosmosWallets> | undefined
          let error: unknown
          try {
            found = discoverCosmosWallets({ root: win, configured: configured as never })
          } catch (e) {
            error = e
          }
          expect(performance.now() - start).toBeLessThan(PER_CALL_LIMIT_MS)
          expect(error).toBeUndefined()
          for (const c of found?.connectors ?? []) {
            expect(c.id).toMatch(/^keplr:/)
            expect(c.name.length).toBeGreaterThan(0)
            expect([...c.name].length).toBeLessThanOrEqual(64)
            // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
            expect(c.name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
            if (c.imageUrl !== undefined) expect(c.imageUrl).toMatch(/^data:image\//i)
          }
        },
      ),
      runs,
    )
  })
})
