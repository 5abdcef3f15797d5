// Shared by the wallet-facing parser fuzzers of core, the adapters and the plugins:
// how many cases to run and the hostile inputs a wallet or a WalletConnect peer can send.
// Test-only (imported by *.fuzz.test.ts files), never by the library.
import fc from 'fast-check'
import { PorticoError } from '../errors/index.js'

/**
 * Cases per property: 200 in a normal test run, `PORTICO_FUZZ_RUNS` (a positive
 * integer) for a long soak, e.g. `PORTICO_FUZZ_RUNS=20000 npx vitest run fuzz`.
 */
export function fuzzRuns(normal = 200): number {
  const raw = typeof process !== 'undefined' ? process.env.PORTICO_FUZZ_RUNS : undefined
  const n = raw === undefined ? Number.NaN : Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : normal
}

/**
 * A call on one fuzz input must answer within this: a parser that takes longer
 * on a few kilobytes is hanging (catastrophic regex backtracking), not slow.
 * Generous on purpose (2 shared cores, up to 8 test runs at once): a hang
 * guard, not a performance measure (those live in bench/).
 */
export const PER_CALL_LIMIT_MS = 2000

/**
 * Runs `fn` once and reports what happened: `ok` with its value, or `threw`
 * with the error. Fails the property when the call overran PER_CALL_LIMIT_MS.
 */
export function call<T>(fn: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  const start = performance.now()
  let result: { ok: true; value: T } | { ok: false; error: unknown }
  try {
    result = { ok: true, value: fn() }
  } catch (error) {
    result = { ok: false, error }
  }
  const took = performance.now() - start
  if (took > PER_CALL_LIMIT_MS) throw new Error(`one call took ${took.toFixed(0)} ms (a hang)`)
  return result
}

/** `call` for an async `fn` (a wallet's answer): settles it once, with the same hang guard. */
export async function settle<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  const start = performance.now()
  let result: { ok: true; value: T } | { ok: false; error: unknown }
  try {
    result = { ok: true, value: await fn() }
  } catch (error) {
    result = { ok: false, error }
  }
  const took = performance.now() - start
  if (took > PER_CALL_LIMIT_MS) throw new Error(`one call took ${took.toFixed(0)} ms (a hang)`)
  return result
}

/** The only errors a parser may throw: the typed PorticoError family (a plain TypeError is a bug). */
export function isTypedError(error: unknown): error is PorticoError {
  return (
    error instanceof PorticoError &&
    (typeof error.code === 'string' || typeof error.code === 'number') &&
    error.shortMessage.length > 0
  )
}

/** Characters that break parsers and screens: controls, bidi overrides, zero-width, markup, separators. */
const nasty = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\n',
  '\r',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u202e',
  '\u2066',
  '\ufeff',
  '<',
  '>',
  '"',
  "'",
  '&',
  ':',
  '/',
  '%',
  '\\',
  '\ud800',
  '😀',
  'é',
  ' ',
)

/** Strings built from hostile characters, hex, digits and plain text, up to a few kilobytes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 4 })), { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFx'), maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('a', '0', ':', '-', '.'), maxLength: 4000 }),
  fc.constantFrom(
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'https://evil.example/track.png',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e300',
  ),
)

/** Hex strings with and without 0x, of any length (signatures, hashes, chain ids, addresses). */
export const hexish: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('0x', '0X', '', '0x0', '-0x'),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 200 }),
    fc.constantFrom('', '', '', 'g', ' ', '\n', '\u0000'),
  )
  .map(([p, body, tail]) => `${p}${body}${tail}`)

/** Decimal-looking strings: leading zeros, signs, exponents, huge and unsafe integers. */
export const decimalish: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.nat().map((n) => `0${n}`),
  fc.double().map(String),
  fc.constantFrom('9007199254740991', '9007199254740992', '00', '+1', '1_000', ' 1', '1 '),
)

/** Anything a wallet could hand back: JSON-like values, hostile strings, hex, decimals. */
export const walletValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hexish,
  decimalish,
  fc.anything({ maxDepth: 2 }),
  fc.bigInt(),
  fc.constantFrom(undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 2 ** 53),
)
