// Issue 22, "Fuzzing, as a standing test": what an injected EVM wallet hands the
// adapter (accounts, chain ids, signatures, hashes, its EIP-6963 announcement) is
// hostile input. Each parser answers with a safe value or the typed
// InvalidWalletResponseError — never a TypeError, never markup or a URL, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  call,
  decimalish,
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  walletValue,
} from '../../../../core/src/fuzz/arbitraries.js'
import { toCaip } from '../channel/channel-provider.js'
import { sanitizeAnnouncement } from '../discovery/index.js'
import {
  InvalidWalletResponseError,
  MAX_ACCOUNTS,
  parseAccounts,
  parseChainId,
  parseSignature,
  parseTransactionHash,
  toAccountRecords,
} from '../provider/index.js'

const runs = { numRuns: fuzzRuns() }

/** A parser's failure must be the typed wallet-response error (a PorticoError). */
function expectTypedFailure(error: unknown) {
  expect(error).toBeInstanceOf(InvalidWalletResponseError)
  expect(isTypedError(error)).toBe(true)
}

const address = fc
  .string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 40, maxLength: 40 })
  .map((h) => `0x${h}`)

describe('fuzz: accounts from eth_accounts / eth_requestAccounts / accountsChanged', () => {
  it('parseAccounts gives at most 100 checksummed 20-byte addresses, or throws InvalidWalletResponseError', () => {
    const answer = fc.oneof(
      walletValue,
      fc.array(fc.oneof(address, hexish, walletValue), { maxLength: 6 }),
      fc.array(address, { maxLength: 4 }),
      fc.array(address, { minLength: MAX_ACCOUNTS + 1, maxLength: MAX_ACCOUNTS + 3 }),
    )
    fc.assert(
      fc.property(answer, (value) => {
        const r = call(() => parseAccounts('eth_accounts', value, getAddress))
        if (!r.ok) return expectTypedFailure(r.error)
        expect(r.value.length).toBeLessThanOrEqual(MAX_ACCOUNTS)
        for (const a of r.value) {
          expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/)
          expect(getAddress(a)).toBe(a)
        }
        // Their CAIP-10 ids are well-formed on any accepted chain.
        for (const rec of toAccountRecords(r.value, 1))
          expect(rec.caipAddress).toBe(`eip155:1:${rec.address}`)
      }),
      runs,
    )
  })
})

describe('fuzz: chain ids from eth_chainId / chainChanged', () => {
  it('parseChainId gives a safe positive integer (the hex it was sent), or throws InvalidWalletResponseError', () => {
    const chainId = fc.oneof(
      hexish,
      decimalish,
      walletValue,
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `0x${n.toString(16)}`),
    )
    fc.assert(
      fc.property(chainId, (value) => {
        const r = call(() => parseChainId('eth_chainId', value))
        if (!r.ok) return expectTypedFailure(r.error)
        expect(Number.isSafeInteger(r.value)).toBe(true)
        expect(r.value).toBeGreaterThan(0)
        expect(BigInt(value as string)).toBe(BigInt(r.value))
      }),
      runs,
    )
  })
})

describe('fuzz: chain ids from a WalletConnect peer (CAIP-2, hex, decimal number)', () => {
  it('toCaip gives eip155:<safe positive decimal id> or undefined, never throws', () => {
    const chainId = fc.oneof(
      hexish,
      decimalish,
      walletValue,
      fc.integer(),
      fc.double(),
      decimalish.map((d) => `eip155:${d}`),
      hostileString.map((s) => `eip155:${s}`),
    )
    fc.assert(
      fc.property(chainId, (value) => {
        const r = call(() => toCaip(value))
        expect(r.ok).toBe(true)
        if (!r.ok || r.value === undefined) return
        expect(r.value).toMatch(/^eip155:[1-9][0-9]*$/)
        expect(Number.isSafeInteger(Number(r.value.slice('eip155:'.length)))).toBe(true)
      }),
      runs,
    )
  })
})

it('a peer chain id past 2^53 is refused (found by this fuzzer: eip155:9007199254740992 used to pass)', () => {
  expect(toCaip('eip155:9007199254740992')).toBeUndefined()
  expect(toCaip('eip155:9007199254740991')).toBe('eip155:9007199254740991')
  expect(toCaip('0x7a69')).toBe('eip155:31337')
  expect(toCaip(31337)).toBe('eip155:31337')
})

describe('fuzz: signatures and transaction hashes handed back by wallets', () => {
  it('parseSignature gives even-length hex of at least 65 bytes, or throws InvalidWalletResponseError', () => {
    const sig = fc.oneof(
      hexish,
      walletValue,
      fc
        .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 128, maxLength: 140 })
        .map((h) => `0x${h}`),
    )
    fc.assert(
      fc.property(sig, (value) => {
        const r = call(() => parseSignature('personal_sign', value))
        if (!r.ok) return expectTypedFailure(r.error)
        expect(r.value).toMatch(/^0x[0-9a-fA-F]{130,}$/)
        expect(r.value.length % 2).toBe(0)
      }),
      runs,
    )
  })

  it('parseTransactionHash gives 0x + exactly 64 hex characters (SPEC §5), or throws InvalidWalletResponseError', () => {
    const hash = fc.oneof(
      hexish,
      walletValue,
      fc
        .string({ unit: fc.constantFrom(...'0123456789abcdefG'), minLength: 63, maxLength: 65 })
        .map((h) => `0x${h}`),
    )
    fc.assert(
      fc.property(hash, (value) => {
        const r = call(() => parseTransactionHash('eth_sendTransaction', value))
        if (!r.ok) return expectTypedFailure(r.error)
        expect(r.value).toMatch(/^0x[0-9a-fA-F]{64}$/)
      }),
      runs,
    )
  })
})

describe('fuzz: EIP-6963 announcements (wallet name, icon, rdns, uuid)', () => {
  const provider = { request: async () => null }
  const info = fc.record(
    {
      uuid: fc.oneof(fc.uuid(), hostileString, walletValue),
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
      rdns: fc.oneof(
        hostileString,
        walletValue,
        fc.domain(),
        fc.constantFrom('io.metamask', 'IO.MetaMask', 'javascript:alert(1)', 'a..b', '-x.y'),
      ),
    },
    { requiredKeys: [] },
  )
  const detail = fc.oneof(
    walletValue,
    fc.record({ info, provider: fc.oneof(fc.constant(provider), walletValue) }, { requiredKeys: [] }),
  )

  it('sanitizeAnnouncement keeps a plain-text name, a dotted rdns and a data:image icon only — or drops the announcement', () => {
    fc.assert(
      fc.property(detail, (value) => {
        const r = call(() => sanitizeAnnouncement(value))
        expect(r.ok).toBe(true)
        if (!r.ok || r.value === undefined) return
        const { info: safe, provider: p } = r.value
        expect(typeof p.request).toBe('function')
        expect(safe.name.length).toBeGreaterThan(0)
        expect([...safe.name].length).toBeLessThanOrEqual(64)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
        expect(safe.name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
        expect(safe.rdns).toMatch(/^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/)
        expect(safe.rdns.length).toBeLessThanOrEqual(253)
        expect(safe.uuid.length).toBeGreaterThan(0)
        expect(safe.uuid.length).toBeLessThanOrEqual(128)
        if (safe.icon !== undefined) expect(safe.icon).toMatch(/^data:image\//i)
      }),
      runs,
    )
  })
})
