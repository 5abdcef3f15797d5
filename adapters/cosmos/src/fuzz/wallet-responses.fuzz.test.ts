// Issue 22, "Fuzzing, as a standing test": what a Cosmos wallet hands the adapter
// (getKey answers, signArbitrary / signDirect / signAmino results, a WalletConnect
// peer's cosmos_* answers, window.keplr-style wallet metadata) is hostile input.
// Each parser answers with a safe value or a typed PorticoError — never a
// TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { toBech32 } from '@cosmjs/encoding'
import type { RequestChannel } from '@portico/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  PER_CALL_LIMIT_MS,
  settle,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { toCosmosKeyInfo } from '../account/index.js'
import { channelKeplr } from '../adapter/channel.js'
import type { CosmosSession } from '../adapter/session.js'
import { signCosmosTransaction } from '../adapter/sign-transaction.js'
import { isCosmosAddress } from '../address/index.js'
import type { Keplr } from '../keplr/index.js'
import { cosmosLocalHub } from '../networks/index.js'
import { signCosmosMessage } from '../sign-message/sign.js'
import { discoverCosmosWallets } from '../wallets/index.js'

const runs = { numRuns: fuzzRuns() }
const hub = cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:1', restUrl: 'http://127.0.0.1:2' })
const CHAIN = hub.cosmos.chainId
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')

function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

/** A compressed-looking secp256k1 key (02/03 + 32 bytes) and the hub address it hashes to. */
const keyPair = fc
  .tuple(fc.constantFrom(2, 3), fc.uint8Array({ minLength: 32, maxLength: 32 }))
  .map(([p, x]) => {
    const pubKey = Uint8Array.of(p, ...x)
    return { pubKey, address: toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(pubKey)) }
  })
const bech32ish = fc.oneof(
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
const pubKeyish = fc.oneof(
  keyPair.map((k) => k.pubKey),
  fc.uint8Array({ maxLength: 70 }),
  walletValue,
)

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

/** Hostile signature objects: base64 of any length, non-base64, odd pub_key types. */
const stdSignature = (pubKey: Uint8Array) =>
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
