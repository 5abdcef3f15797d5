// Issue 22, "Fuzzing, as a standing test": every wallet-facing parser of core gets
// hostile input and must answer with a value that is safe to use, or a typed
// PorticoError — never a TypeError, never markup or a URL passed through, never a hang.
// 200 cases per property in `npm test`; PORTICO_FUZZ_RUNS=<n> for more.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidCaipAddressError, InvalidCaipNetworkIdError, toPorticoError } from '../errors/index.js'
import {
  classifyWalletResponse,
  isAddress,
  isCaipAddress,
  isCaipNetworkId,
  isSignedMessage,
  isTransactionHash,
  MAX_WALLET_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  parseCaipAddress,
  parseCaipNetworkId,
  sanitizeWalletIcon,
  sanitizeWalletName,
} from '../utils/index.js'
import {
  call,
  decimalish,
  fuzzRuns,
  hexish,
  hostileString,
  isTypedError,
  walletValue,
} from './arbitraries.js'

const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
const runs = { numRuns: fuzzRuns() }

/** Strings shaped like CAIP ids (known and unknown namespaces, any reference/address), plus anything. */
const caipLike = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...NAMESPACES), hostileString),
      fc.oneof(
        decimalish,
        hexish,
        hostileString,
        fc.constantFrom('1', '31337', 'mainnet', '000000000019d6689c085ae165831e93'),
      ),
      fc.oneof(
        hexish,
        hostileString,
        fc.constantFrom('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '<b>x</b>'),
      ),
      fc.nat({ max: 4 }),
    )
    .map(([ns, ref, addr, extra]) =>
      [ns, ref, addr, ...Array(extra).fill('x')].slice(0, 2 + extra).join(':'),
    ),
  walletValue,
)

describe('fuzz: CAIP-2 network ids from wallets and peers', () => {
  it('parseCaipNetworkId returns a consistent id of a known namespace, or throws InvalidCaipNetworkIdError', () => {
    fc.assert(
      fc.property(caipLike, (value) => {
        const r = call(() => parseCaipNetworkId(value))
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(InvalidCaipNetworkIdError)
          expect(isCaipNetworkId(value) && !String(value).startsWith('eip155:')).toBe(false)
          return
        }
        const parsed = r.value
        expect(parsed.caipNetworkId).toBe(value)
        expect(`${parsed.namespace}:${parsed.reference}`).toBe(value)
        expect(NAMESPACES).toContain(parsed.namespace)
        expect(parsed.reference).toMatch(/^[-_a-zA-Z0-9]{1,32}$/)
        // eip155 chain ids are decimal, safe, without leading zeros.
        if (parsed.namespace === 'eip155') {
          expect(Number.isSafeInteger(parsed.id)).toBe(true)
          expect(String(parsed.id)).toBe(parsed.reference)
        }
      }),
      runs,
    )
  })

  it('isCaipNetworkId never throws and agrees with the parser on non-eip155 ids', () => {
    fc.assert(
      fc.property(caipLike, (value) => {
        const r = call(() => isCaipNetworkId(value))
        expect(r.ok).toBe(true)
      }),
      runs,
    )
  })
})

describe('fuzz: CAIP-10 accounts from wallets and peers', () => {
  it('parseCaipAddress returns a CAIP-10 account whose address part carries no markup, or throws InvalidCaipAddressError', () => {
    fc.assert(
      fc.property(caipLike, (value) => {
        const r = call(() => parseCaipAddress(value))
        if (!r.ok) {
          expect(r.error).toBeInstanceOf(InvalidCaipAddressError)
          return
        }
        const parsed = r.value
        expect(parsed.caipAddress).toBe(value)
        expect(`${parsed.caipNetworkId}:${parsed.address}`).toBe(value)
        expect(isCaipAddress(value)).toBe(true)
        expect(parsed.address).toMatch(/^[-.%a-zA-Z0-9]{1,128}$/)
      }),
      runs,
    )
  })

  it('refuses an address part with markup, spaces or a URL (found by this fuzzer: it used to pass through)', () => {
    for (const bad of [
      'eip155:1:<img src=x onerror=alert(1)>',
      'eip155:1:a b',
      'solana:mainnet:javascript%3A//x"',
    ])
      expect(() => parseCaipAddress(bad)).toThrow(InvalidCaipAddressError)
    expect(parseCaipAddress('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
  })

  it('isCaipAddress and isAddress never throw, in any namespace (known or not)', () => {
    fc.assert(
      fc.property(walletValue, fc.oneof(fc.constantFrom(...NAMESPACES), hostileString), (value, ns) => {
        expect(call(() => isCaipAddress(value)).ok).toBe(true)
        const r = call(() => isAddress(value, ns))
        expect(r.ok).toBe(true)
        // A value accepted as an address is plain: no markup, no whitespace, no controls.
        if (r.ok && r.value === true) expect(String(value)).toMatch(/^[0-9A-Za-z]+$/)
      }),
      runs,
    )
  })
})

describe('fuzz: signatures and hashes handed back by wallets (SPEC §4, §5)', () => {
  it('isTransactionHash / isSignedMessage / classifyWalletResponse never throw; "true" means the SPEC §5 shape exactly', () => {
    fc.assert(
      fc.property(fc.oneof(hexish, walletValue), (value) => {
        const hash = call(() => isTransactionHash(value))
        const signed = call(() => isSignedMessage(value))
        const kind = call(() => classifyWalletResponse(value))
        expect(hash.ok && signed.ok && kind.ok).toBe(true)
        if (hash.ok && hash.value) expect(value).toMatch(/^0x[0-9a-fA-F]{64}$/)
        if (signed.ok && signed.value) expect(value).toMatch(/^0x[0-9a-fA-F]{62,}$/)
        if (kind.ok) {
          expect(['transaction', 'object']).toContain(kind.value)
          if (kind.value === 'transaction') expect(value).toMatch(/^0x[0-9a-fA-F]{62,}$/)
        }
      }),
      runs,
    )
  })
})

describe('fuzz: wallet metadata (EIP-6963 / Wallet Standard announcements)', () => {
  it('sanitizeWalletName gives trimmed text of at most 64 characters without controls, bidi or zero-width characters, or undefined', () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, walletValue), (value) => {
        const r = call(() => sanitizeWalletName(value))
        expect(r.ok).toBe(true)
        if (!r.ok || r.value === undefined) return
        const name = r.value
        expect(name.length).toBeGreaterThan(0)
        expect([...name].length).toBeLessThanOrEqual(MAX_WALLET_NAME_LENGTH)
        expect(name).toBe(name.trim())
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
        expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/)
        expect(name).not.toMatch(/\s{2}/)
      }),
      runs,
    )
  })

  /** Icons as a hostile wallet would announce them. */
  const icon = fc.oneof(
    walletValue,
    fc
      .tuple(
        fc.constantFrom(
          'data:image/png;base64,',
          'data:image/svg+xml;base64,',
          'data:image/svg+xml,',
          'data:image/svg+xml;charset=utf-8,',
          'DATA:IMAGE/SVG+XML,',
          'data:text/html,',
          'data:image/png,',
          'https://evil.example/',
          'javascript:',
          ' data:image/png;base64,',
        ),
        fc.oneof(
          hostileString,
          fc.constantFrom(
            '<svg onload=alert(1)>',
            '<svg><script>alert(1)</script></svg>',
            '%3Csvg%20onload%3Dalert(1)%3E',
            '<svg><foreignObject></foreignObject></svg>',
            '<svg><a href="javascript:alert(1)"/></svg>',
            '%E0%A4%A',
          ),
          hostileString.map((s) => {
            try {
              return btoa(s)
            } catch {
              return s
            }
          }),
          fc.constantFrom(btoa('<svg onload=alert(1)>'), btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        ),
      )
      .map(([p, body]) => p + body),
  )

  it('sanitizeWalletIcon keeps only data:image URIs within the size limit, never an SVG with script, a remote URL or javascript:', () => {
    fc.assert(
      fc.property(icon, (value) => {
        const r = call(() => sanitizeWalletIcon(value))
        expect(r.ok).toBe(true)
        if (!r.ok || r.value === undefined) return
        const out = r.value
        expect(out).toBe(value)
        expect(out.length).toBeLessThanOrEqual(MAX_WALLET_ICON_LENGTH)
        expect(out).toMatch(/^data:image\//i)
        if (/^data:image\/svg\+xml/i.test(out)) {
          const comma = out.indexOf(',')
          const header = out.slice(0, comma)
          const body = out.slice(comma + 1)
          const text = /;base64$/i.test(header) ? atob(body) : decodeURIComponent(body)
          expect(text).not.toMatch(/<script|<foreignobject|\son[a-z]+\s*=|javascript:/i)
        }
      }),
      runs,
    )
  })
})

describe('fuzz: errors thrown by wallets', () => {
  it('toPorticoError turns anything a wallet throws into the typed PorticoError family', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          walletValue,
          fc.record({ code: fc.oneof(fc.integer(), hostileString, fc.constant(4001)), message: walletValue }),
          fc.record({ code: fc.integer({ min: -33000, max: 6000 }), data: walletValue, cause: walletValue }),
        ),
        (thrown) => {
          const r = call(() => toPorticoError(thrown))
          expect(r.ok).toBe(true)
          if (r.ok) expect(isTypedError(r.value)).toBe(true)
        },
      ),
      runs,
    )
  })
})
