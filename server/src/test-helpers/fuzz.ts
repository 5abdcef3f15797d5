// Request generation for the HTTP fuzzer: fast-check arbitraries derived from
// the JSON Schemas (TypeBox) of the gateway's routes, valid values first, then
// mutations (types, sizes, encodings, control characters, huge numbers,
// missing and extra fields).
import fc from 'fast-check'

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects are untyped here
type Schema = Record<string, any>

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ud800',
  '\ufeff',
]

/** Values of every JSON type, hostile ones included. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e300,
    -1e300,
    2 ** 53 + 1,
    Number.MAX_SAFE_INTEGER,
    0.5,
    '',
    ' ',
    '0',
    '1e300',
    'NaN',
    '-1',
    '__proto__',
    'constructor',
    'x'.repeat(70_000),
    '\u0000',
    'a\u0000b',
    '%00',
    '%',
    '%ff',
    '../../etc/passwd',
    'javascript://%0Aalert(1)',
    'http://169.254.169.254/latest/meta-data/',
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    { __proto__: { polluted: true } },
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
)

/**
 * A value the schema accepts (best effort: patterns via stringMatching, bounds respected).
 * `examples` are values the world knows (dev accounts, token addresses, chain ids): a string
 * field takes one of those that fits its pattern and length a third of the time (three fifths for the unmutated requests), so requests
 * get past validation into the handlers with data the chains hold.
 */
export function valid(
  schema: Schema,
  examples: readonly string[] = [],
  depth = 0,
  /** Weight of a known example against a generated string (2). */
  exampleWeight = 1,
): fc.Arbitrary<unknown> {
  const inner = (s: Schema) => valid(s, examples, depth + 1, exampleWeight)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map(inner))
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'string': {
      const fits = (s: string) =>
        (schema.maxLength === undefined || s.length <= schema.maxLength) &&
        (schema.minLength === undefined || s.length >= schema.minLength)
      const re = schema.pattern ? new RegExp(schema.pattern) : undefined
      const generated = re
        ? fc.stringMatching(re).filter(fits)
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) })
      const known = examples.filter((x) => fits(x) && (!re || re.test(x)))
      if (known.length === 0) return generated
      return fc.oneof(
        { weight: 2, arbitrary: generated },
        { weight: 1, arbitrary: fc.constantFrom(...known) },
      )
    }
    case 'integer': {
      const min = schema.minimum ?? -1_000_000
      const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
      return fc
        .oneof(
          fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
          fc.constant(max),
          fc.constant(Date.now() + 60_000),
        )
        .filter((n) => n >= min && n <= max)
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
      })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(inner(schema.items ?? {}), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      })
    case 'object': {
      if (schema.properties) {
        const required = new Set<string>(schema.required ?? [])
        const shape: Record<string, fc.Arbitrary<unknown>> = {}
        for (const [k, s] of Object.entries(schema.properties as Record<string, Schema>)) shape[k] = inner(s)
        return fc.record(shape, { requiredKeys: [...required] })
      }
      if (depth > 3) return fc.constant({})
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: Math.min(schema.maxProperties ?? 4, 4),
      })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** A mutation of a valid object value: a field replaced, dropped, added, or control characters spliced in. */
export function mutated(schema: Schema, examples: readonly string[] = []): fc.Arbitrary<unknown> {
  const base = valid(schema, examples)
  const keys = Object.keys(schema.properties ?? {})
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x')
  const arb = (weight: number, arbitrary: fc.Arbitrary<unknown>) => ({ weight, arbitrary })
  return fc.oneof(
    arb(1, hostile),
    // One field replaced by a hostile value of any type.
    arb(
      3,
      fc.tuple(base, field, hostile).map(([v, k, h]) => (isObject(v) ? { ...v, [k]: h } : h)),
    ),
    // One field missing.
    arb(
      1,
      fc.tuple(base, field).map(([v, k]) => {
        if (!isObject(v)) return v
        const { [k]: _drop, ...rest } = v
        return rest
      }),
    ),
    // An extra field.
    arb(
      1,
      fc
        .tuple(base, fc.string({ minLength: 1, maxLength: 12 }), hostile)
        .map(([v, k, h]) => (isObject(v) ? { ...v, [k]: h } : v)),
    ),
    // Control characters spliced into a string field (or a nested one).
    arb(
      3,
      fc.tuple(base, field, fc.constantFrom(...CONTROL)).map(([v, k, c]) => {
        if (!isObject(v)) return v
        if (typeof v[k] === 'string') return { ...v, [k]: `${v[k]}${c}${v[k]}` }
        if (isObject(v[k])) return { ...v, [k]: { ...(v[k] as object), [`k${c}`]: `v${c}` } }
        return { ...v, [k]: c }
      }),
    ),
    // Huge or fractional numbers where an integer is expected.
    arb(
      2,
      fc
        .tuple(base, field, fc.constantFrom(1e300, 2 ** 63, 2 ** 53 + 2, -1e300, 0.5, -1))
        .map(([v, k, n]) => (isObject(v) ? { ...v, [k]: typeof v[k] === 'number' ? n : v[k] } : v)),
    ),
    // Oversized strings.
    arb(
      1,
      fc
        .tuple(base, field)
        .map(([v, k]) =>
          isObject(v) && typeof v[k] === 'string' ? { ...v, [k]: (v[k] as string).repeat(500) } : v,
        ),
    ),
  )
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** encodeURIComponent that also takes lone surrogates (sent as the bytes of U+D800, which no decoder accepts). */
export function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return text
      .split('')
      .map((ch) => {
        try {
          return encodeURIComponent(ch)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

/** A path segment: the valid value, or a hostile encoding of something. */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    '%ff',
    '%',
    '%2e%2e',
    '..',
    'a%0Ab',
    '%E2%80%AE',
    'x'.repeat(300),
    '%u0000',
    '%C0%AF',
  ),
  fc.string({ maxLength: 20 }).map(encodeAny),
)

export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** Fills `:name` segments of a route URL from `params` (values encoded, or raw when `raw`). */
export function fillPath(url: string, params: Record<string, unknown>, raw: Set<string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params[name]
    if (raw.has(name)) return text(v)
    return encodeAny(v === undefined ? '' : text(v))
  })
}

/** A generated value as path text; objects without a prototype (fast-check makes them) have no toString. */
function text(v: unknown): string {
  return typeof v === 'object' && v !== null ? (JSON.stringify(v) ?? '') : String(v)
}

/** Query text from an object: strings as they are, other values JSON-encoded; arrays repeat the key. */
export function queryText(query: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    const values = Array.isArray(v) ? v : [v]
    for (const item of values) {
      const text = typeof item === 'string' ? item : JSON.stringify(item)
      parts.push(`${encodeAny(k)}=${encodeAny(text ?? '')}`)
    }
  }
  return parts.join('&')
}
