// Issue 22, "Fuzzing, as a standing test": what a Solana wallet hands the adapter
// (Wallet Standard accounts and metadata, signMessage / signTransaction outputs,
// and a WalletConnect peer's answers through the request channel) is hostile input.
// Each parser answers with a safe value or a typed PorticoError — never a
// TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import type { CaipNetworkId, RequestChannel } from '@portico/core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  settle,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { channelAccounts, channelBackend, solanaCodec, walletStandardBackend } from '../adapter/backends.js'
import { isSolanaAddress } from '../address/index.js'
import { FEATURES, isSolanaWallet, solanaAccounts, toConnector } from '../wallets/index.js'

const runs = { numRuns: fuzzRuns() }
const CLUSTER = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as CaipNetworkId
const noEvents = { onAccounts() {}, onDisconnect() {} }
let codec: Awaited<ReturnType<typeof solanaCodec>>

beforeAll(async () => {
  codec = await solanaCodec()
})

function expectTyped(error: unknown) {
  expect(isTypedError(error), String(error)).toBe(true)
}

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max })
/** Base58 text of 0–40 bytes (32 is a real key), plus hostile text. */
const base58ish = () =>
  fc.oneof(
    bytes(32, 32).map((b) => codec.toBase58(b)),
    bytes(0, 40).map((b) => codec.toBase58(b)),
    fc.string({
      unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'),
      maxLength: 50,
    }),
    hostileString,
  )
const chains = fc.oneof(
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
const account = () =>
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
const accountList = () => fc.oneof(fc.array(account(), { maxLength: 6 }), walletValue)

describe('fuzz: Wallet Standard accounts from standard:connect / change events', () => {
  it('solanaAccounts keeps only accounts on a solana: chain, or throws a PorticoError — never a TypeError', () => {
    fc.assert(
      fc.property(accountList(), (list) => {
        const r = call(() => solanaAccounts(list as readonly WalletAccount[]))
        if (!r.ok) return expectTyped(r.error)
        for (const a of r.value)
          expect((a.chains as unknown[]).some((c) => typeof c === 'string' && c.startsWith('solana:'))).toBe(
            true,
          )
      }),
      runs,
    )
  })

  it('the held accounts are base58 32–44 character addresses with a 32-byte key or none, or a typed refusal', () => {
    const wallet = { features: {} } as unknown as Wallet
    fc.assert(
      fc.property(accountList(), (list) => {
        const r = call(() => {
          const backend = walletStandardBackend(
            wallet,
            solanaAccounts(list as readonly WalletAccount[]),
            noEvents,
          )
          return backend.accounts()
        })
        if (!r.ok) return expectTyped(r.error)
        for (const held of r.value) {
          expect(isSolanaAddress(held.address)).toBe(true)
          expect(held.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
          if (held.publicKey !== undefined) {
            expect(held.publicKey).toBeInstanceOf(Uint8Array)
            expect(held.publicKey.length).toBe(32)
          }
        }
      }),
      runs,
    )
  })

  it('a change event with hostile accounts never throws; what it reports are Solana addresses', () => {
    fc.assert(
      fc.property(accountList(), (list) => {
        let listener: ((e: { accounts?: unknown }) => void) | undefined
        const reported: string[][] = []
        const wallet = {
          features: {
            [FEATURES.events]: {
              on: (_: string, cb: (e: { accounts?: unknown }) => void) => {
                listener = cb
                return () => {}
              },
            },
          },
        } as unknown as Wallet
        walletStandardBackend(wallet, [], {
          onAccounts: (held) => reported.push(held.map((h) => h.address)),
          onDisconnect() {},
        })
        const r = call(() => listener?.({ accounts: list }))
        expect(r.ok).toBe(true)
        for (const addresses of reported) for (const a of addresses) expect(isSolanaAddress(a)).toBe(true)
      }),
      runs,
    )
  })
})

describe('fuzz: Wallet Standard wallet metadata (name, icon, chains, features)', () => {
  const wallet = fc.record(
    {
      name: fc.oneof(hostileString, walletValue, fc.constant('<img src=x onerror=alert(1)>')),
      icon: fc.oneof(
        walletValue,
        fc.constantFrom(
          'https://evil.example/track.png',
          'javascript:alert(1)',
          'data:text/html,<script>alert(1)</script>',
          `data:image/svg+xml;base64,${btoa('<svg onload=alert(1)>')}`,
          'data:image/png;base64,iVBORw0KGgo=',
        ),
      ),
      version: fc.oneof(hostileString, walletValue),
      chains,
      features: fc.oneof(
        walletValue,
        fc.constant({ [FEATURES.connect]: {}, [FEATURES.signTransaction]: {} }),
        fc.dictionary(fc.oneof(fc.constantFrom(...Object.values(FEATURES)), hostileString), walletValue, {
          maxKeys: 4,
        }),
      ),
      accounts: accountList(),
    },
    { requiredKeys: [] },
  )

  it('isSolanaWallet never throws; toConnector shows a plain-text name and a data:image icon only', () => {
    fc.assert(
      fc.property(wallet, (w) => {
        const accepted = call(() => isSolanaWallet(w as unknown as Wallet))
        expect(accepted.ok).toBe(true)
        if (!accepted.ok || !accepted.value) return
        const r = call(() => toConnector('id', w as unknown as Wallet))
        expect(r.ok).toBe(true)
        if (!r.ok) return
        const { name, imageUrl } = r.value
        expect(name.length).toBeGreaterThan(0)
        expect([...name].length).toBeLessThanOrEqual(64)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
        expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
        if (imageUrl !== undefined) expect(imageUrl).toMatch(/^data:image\//i)
      }),
      runs,
    )
  })
})

describe('fuzz: signatures from solana:signMessage / signAndSendTransaction / signTransaction', () => {
  const address = () => bytes(32, 32).map((b) => codec.toBase58(b))
  const output = () =>
    fc.oneof(
      walletValue,
      fc.array(
        fc.oneof(
          walletValue,
          fc.record(
            {
              signature: fc.oneof(bytes(0, 80), bytes(64, 64), walletValue),
              signedMessage: fc.oneof(bytes(0, 40), walletValue),
              signedTransaction: fc.oneof(bytes(0, 200), walletValue),
            },
            { requiredKeys: [] },
          ),
        ),
        { maxLength: 2 },
      ),
    )

  it('each gives a 64-byte signature (or signed bytes), or rejects with a PorticoError', async () => {
    await fc.assert(
      fc.asyncProperty(address(), output(), fc.boolean(), async (addr, answer, throwIt) => {
        const reply = async () => {
          if (throwIt) throw answer
          return answer
        }
        const wallet = {
          features: {
            [FEATURES.signMessage]: { signMessage: reply },
            [FEATURES.signAndSendTransaction]: { signAndSendTransaction: reply },
            [FEATURES.signTransaction]: { signTransaction: reply },
          },
        } as unknown as Wallet
        const held = { address: addr }
        const backend = walletStandardBackend(
          wallet,
          [{ address: addr, publicKey: new Uint8Array(32), chains: [CLUSTER], features: [] }],
          noEvents,
        )
        const m = await settle(() => backend.signMessage(held, new Uint8Array([1])))
        if (m.ok) {
          expect(m.value.signature).toBeInstanceOf(Uint8Array)
          expect(m.value.signature.length).toBe(64)
        } else expectTyped(m.error)
        const s = await settle(() => backend.signAndSend!(held, new Uint8Array([1]), CLUSTER))
        if (s.ok) expect(s.value.length).toBe(64)
        else expectTyped(s.error)
        const t = await settle(() => backend.signTransaction!(held, new Uint8Array([1]), CLUSTER))
        if (t.ok) expect(t.value).toBeInstanceOf(Uint8Array)
        else expectTyped(t.error)
      }),
      runs,
    )
  })
})

describe('fuzz: a WalletConnect peer through the request channel', () => {
  function channel(accounts: unknown, answer: unknown, throwIt: boolean): RequestChannel {
    return {
      accounts: () => accounts as string[],
      request: async () => {
        if (throwIt) throw answer
        return answer
      },
      on: () => () => {},
    } as unknown as RequestChannel
  }
  const sessionAccounts = () =>
    fc.oneof(
      fc.array(
        fc.oneof(
          base58ish().map((a) => `${CLUSTER}:${a}`),
          hostileString.map((a) => `${CLUSTER}:${a}`),
          walletValue,
        ),
        { maxLength: 4 },
      ),
    )

  it('channelAccounts gives de-duplicated Solana addresses of the cluster, or throws InvalidCaipAddressError', () => {
    fc.assert(
      fc.property(sessionAccounts(), (list) => {
        const r = call(() => channelAccounts(channel(list, null, false), CLUSTER))
        if (!r.ok) return expectTyped(r.error)
        const addresses = r.value.map((a) => a.address)
        expect(new Set(addresses).size).toBe(addresses.length)
        for (const a of addresses) {
          expect(isSolanaAddress(a)).toBe(true)
          expect(list).toContain(`${CLUSTER}:${a}`)
        }
      }),
      runs,
    )
  })

  it('solana_signMessage / signAndSendTransaction answers give 64-byte base58 signatures, signTransaction base64 bytes, or a PorticoError', async () => {
    const answer = fc.oneof(
      walletValue,
      fc.record(
        {
          signature: fc.oneof(
            bytes(64, 64).map((b) => codec.toBase58(b)),
            bytes(0, 80).map((b) => codec.toBase58(b)),
            base58ish(),
            hexish,
            walletValue,
          ),
          transaction: fc.oneof(
            bytes(0, 200).map((b) => codec.toBase64(b)),
            hostileString,
            walletValue,
          ),
        },
        { requiredKeys: [] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(answer, fc.boolean(), async (value, throwIt) => {
        const addr = codec.toBase58(new Uint8Array(32).fill(7))
        const backend = channelBackend(
          channel([`${CLUSTER}:${addr}`], value, throwIt),
          CLUSTER,
          codec,
          noEvents,
        )
        const held = { address: addr }
        const m = await settle(() => backend.signMessage(held, new Uint8Array([1])))
        if (m.ok) expect(m.value.signature.length).toBe(64)
        else expectTyped(m.error)
        const s = await settle(() => backend.signAndSend!(held, new Uint8Array([1]), CLUSTER))
        if (s.ok) {
          expect(s.value.length).toBe(64)
          expect(codec.toBase58(s.value)).toBe((value as { signature: string }).signature)
        } else expectTyped(s.error)
        const t = await settle(() => backend.signTransaction!(held, new Uint8Array([1]), CLUSTER))
        if (t.ok) expect(t.value).toBeInstanceOf(Uint8Array)
        else expectTyped(t.error)
      }),
      runs,
    )
  })
})

describe('fuzz: accountsChanged from a WalletConnect peer', () => {
  it('what it reports are Solana addresses of this cluster (CAIP-10 of another cluster refused), never a throw', () => {
    const other = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
    const payload = fc.oneof(
      walletValue,
      fc.array(
        fc.oneof(
          base58ish(),
          base58ish().map((a) => `${CLUSTER}:${a}`),
          base58ish().map((a) => `${other}:${a}`),
          walletValue,
        ),
        { maxLength: 4 },
      ),
    )
    fc.assert(
      fc.property(payload, (value) => {
        let listener: ((p: unknown) => void) | undefined
        const channel = {
          accounts: () => [],
          request: async () => null,
          on: (event: string, cb: (p: unknown) => void) => {
            if (event === 'accountsChanged') listener = cb
            return () => {}
          },
        } as unknown as RequestChannel
        const reported: string[] = []
        channelBackend(channel, CLUSTER, codec, {
          onAccounts: (held) => reported.push(...held.map((h) => h.address)),
          onDisconnect() {},
        })
        const r = call(() => listener?.(value))
        expect(r.ok).toBe(true)
        for (const a of reported) {
          expect(isSolanaAddress(a)).toBe(true)
          expect(value as unknown[]).not.toContain(`${other}:${a}`)
        }
      }),
      runs,
    )
  })
})

describe('defects this fuzzer found (each failed before its fix)', () => {
  it('an accounts answer that is not a list is a typed INVALID_WALLET_RESPONSE, not "accounts.filter is not a function"', () => {
    const r = call(() => solanaAccounts('0x' as unknown as WalletAccount[]))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expectTyped(r.error)
      expect((r.error as { code: unknown }).code).toBe('INVALID_WALLET_RESPONSE')
    }
  })

  it('an account whose chains are not strings is skipped, not a TypeError', () => {
    const list = [{ chains: [0n] }, { address: 'x', chains: ['solana:devnet'] }] as unknown as WalletAccount[]
    expect(solanaAccounts(list)).toHaveLength(1)
  })

  it('a public key that is not 32 bytes is left out of the held account, not a RangeError', () => {
    const address = codec.toBase58(new Uint8Array(32).fill(1))
    for (const publicKey of [-1, new Uint8Array(31), 'abc', null]) {
      const [held] = walletStandardBackend(
        { features: {} } as unknown as Wallet,
        [{ address, publicKey, chains: [CLUSTER], features: [] } as unknown as WalletAccount],
        noEvents,
      ).accounts()
      expect(held).toEqual({ address })
    }
  })

  it('a change event without an account list is ignored, not thrown back into the wallet', () => {
    let listener: ((e: unknown) => void) | undefined
    const wallet = {
      features: {
        [FEATURES.events]: {
          on: (_: string, cb: (e: unknown) => void) => {
            listener = cb
            return () => {}
          },
        },
      },
    } as unknown as Wallet
    const seen: unknown[] = []
    walletStandardBackend(wallet, [], { onAccounts: (a) => seen.push(a), onDisconnect: (r) => seen.push(r) })
    for (const e of [null, { accounts: 'x' }, { accounts: 5 }]) expect(() => listener?.(e)).not.toThrow()
    expect(seen).toEqual([])
  })

  it('a peer account of another cluster is not taken as an account on this one (was: any solana:<ref>: prefix)', () => {
    let listener: ((p: unknown) => void) | undefined
    const channel = {
      accounts: () => [],
      request: async () => null,
      on: (event: string, cb: (p: unknown) => void) => {
        if (event === 'accountsChanged') listener = cb
        return () => {}
      },
    } as unknown as RequestChannel
    const seen: string[] = []
    channelBackend(channel, CLUSTER, codec, {
      onAccounts: (held) => seen.push(...held.map((h) => h.address)),
      onDisconnect() {},
    })
    const address = codec.toBase58(new Uint8Array(32).fill(3))
    listener?.([`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z:${address}`])
    expect(seen).toEqual([])
    listener?.([`${CLUSTER}:${address}`])
    expect(seen).toEqual([address])
  })
})
