// Issue 22, "Fuzzing, as a standing test": what a Solana wallet hands the adapter
// (Wallet Standard accounts and metadata, signMessage / signTransaction outputs,
// and what its events report) is hostile input.
// Each parser answers with a safe value or a typed PorticoError — never a
// TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, hostileString, settle, walletValue } from '../../../../core/src/fuzz/arbitraries.js'
import { walletStandardBackend } from '../adapter/backends.js'
import { isSolanaAddress } from '../address/index.js'
import {
  accountList,
  bytes,
  CLUSTER,
  chains,
  codec,
  expectTyped,
  loadCodec,
  noEvents,
  runs,
} from '../test-helpers/fuzz-arbitraries.js'
import { FEATURES, isSolanaWallet, solanaAccounts, toConnector } from '../wallets/index.js'

beforeAll(loadCodec)

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
})
