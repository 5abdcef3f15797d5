import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../../http/errors.js'

// Each provider's webhook signature, as its documentation specifies it. Every check reads the raw
// body bytes (a re-serialised JSON would not match) and compares in constant time. A refusal is an
// `ApiError` with a code of its own; nothing is read from a body whose signature failed.

type Headers = Record<string, string | string[] | undefined>

/** A header's single value (a repeated signature header is refused: one signature, one meaning). */
export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()]
  if (Array.isArray(v)) return v.length === 1 ? v[0] : undefined
  return v
}

export const invalidSignature = (provider: string, why: string) =>
  new ApiError(401, 'invalid_signature', `${provider} webhook refused: ${why}`)
export const staleTimestamp = (provider: string) =>
  new ApiError(401, 'stale_timestamp', `${provider} webhook refused: its timestamp is outside the tolerance`)

const hmac = (key: string | Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** Constant-time equality of two byte strings (false on any length difference). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

function checkAge(provider: string, seconds: number, now: number, toleranceMs: number) {
  if (!Number.isFinite(seconds) || Math.abs(now - seconds * 1000) > toleranceMs)
    throw staleTimestamp(provider)
}

/** `k=v,k=v` (the `t=…,s=…` / `t=…,h=…,v1=…` headers): the first value of each key. */
function pairs(value: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of value.split(',')) {
    const i = part.indexOf('=')
    if (i <= 0) continue
    const k = part.slice(0, i).trim()
    if (!out.has(k)) out.set(k, part.slice(i + 1).trim())
  }
  return out
}

const concat = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))

/**
 * Coinbase CDP webhooks (onramp/offramp transaction events). Source:
 * https://docs.cdp.coinbase.com/webhooks/verify-signatures — `X-Hook0-Signature: t=<unix s>,
 * v0=<hex>,h=<header names>,v1=<hex>`; v1 is HMAC-SHA256(secret, `{t}.{h}.{values of the h headers
 * joined by "."}.{raw body}`), v0 HMAC-SHA256(secret, `{t}.{raw body}`); events older than 5
 * minutes are refused. v1 is checked when present (it also binds the listed headers), else v0.
 */
export function verifyCoinbase(
  headers: Headers,
  body: Buffer,
  secret: string,
  now: number,
  toleranceMs: number,
): void {
  const raw = header(headers, 'x-hook0-signature')
  if (!raw) throw invalidSignature('coinbase', 'no X-Hook0-Signature header')
  const p = pairs(raw)
  const t = p.get('t')
  if (!t || !/^[0-9]{1,12}$/.test(t)) throw invalidSignature('coinbase', 'no timestamp')
  let expected: Buffer
  let given: string | undefined
  if (p.has('v1')) {
    const names = p.get('h') ?? ''
    const values = names
      .split(' ')
      .filter(Boolean)
      .map((n) => header(headers, n) ?? '')
      .join('.')
    expected = hmac(secret, concat(`${t}.${names}.${values}.`, body))
    given = p.get('v1')
  } else {
    expected = hmac(secret, concat(`${t}.`, body))
    given = p.get('v0')
  }
  if (!given || !/^[0-9a-f]{64}$/i.test(given) || !sameBytes(expected, Buffer.from(given, 'hex')))
    throw invalidSignature('coinbase', 'signature does not match')
  checkAge('coinbase', Number(t), now, toleranceMs)
}

/**
 * MoonPay webhooks. Source: https://dev.moonpay.com/api-reference/widget/webhooks/signature —
 * `Moonpay-Signature-V2: t=<unix s>,s=<lowercase hex>`, s = HMAC-SHA256(webhook API key,
 * `{t}.{raw body}`). MoonPay documents no tolerance; the gateway refuses timestamps further than
 * its `webhookToleranceMs` from its clock, as with the other providers (replays).
 */
export function verifyMoonPay(
  headers: Headers,
  body: Buffer,
  webhookKey: string,
  now: number,
  toleranceMs: number,
): void {
  const raw = header(headers, 'moonpay-signature-v2')
  if (!raw) throw invalidSignature('moonpay', 'no Moonpay-Signature-V2 header')
  const p = pairs(raw)
  const t = p.get('t')
  const s = p.get('s')
  if (!t || !/^[0-9]{1,12}$/.test(t) || !s) throw invalidSignature('moonpay', 'malformed header')
  const expected = hmac(webhookKey, concat(`${t}.`, body))
  if (!/^[0-9a-f]{64}$/i.test(s) || !sameBytes(expected, Buffer.from(s, 'hex')))
    throw invalidSignature('moonpay', 'signature does not match')
  checkAge('moonpay', Number(t), now, toleranceMs)
}

/**
 * Meld webhooks. Source: https://docs.meld.io/docs/webhook-authentication — headers
 * `Meld-Signature` and `Meld-Signature-Timestamp`; the signature is base64url (with padding) of
 * HMAC-SHA256(profile secret, `{timestamp}.{URL the event was sent to}.{raw body}`). The timestamp
 * is ISO 8601 in Meld's example (epoch seconds are read too); it is checked against the tolerance.
 */
export function verifyMeld(
  headers: Headers,
  body: Buffer,
  url: string,
  secret: string,
  now: number,
  toleranceMs: number,
): void {
  const signature = header(headers, 'meld-signature')
  const timestamp = header(headers, 'meld-signature-timestamp')
  if (!signature || !timestamp) throw invalidSignature('meld', 'no Meld-Signature / Meld-Signature-Timestamp')
  const expected = hmac(secret, concat(`${timestamp}.${url}.`, body))
  const given = Buffer.from(signature.replace(/=+$/, ''), 'base64url')
  if (!/^[A-Za-z0-9_-]+=*$/.test(signature) || !sameBytes(expected, given))
    throw invalidSignature('meld', 'signature does not match')
  const ms = /^[0-9]{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Date.parse(timestamp)
  checkAge('meld', ms / 1000, now, toleranceMs)
}

/**
 * Transak webhooks. Source: https://docs.transak.com/guides/how-to-decrypt-webhook-payload — the
 * body's `data` is a JWT signed with the partner access token (HS256); verify it, then read its
 * claims (`webhookData`, `eventID`). The scheme carries no timestamp header; a JWT `exp`, when
 * present, is honoured. Returns the verified claims.
 */
export function verifyTransakJwt(token: string, accessToken: string, now: number): Record<string, unknown> {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((x) => !/^[A-Za-z0-9_-]*$/.test(x)))
    throw invalidSignature('transak', 'data is not a JWT')
  const [h, p, sig] = parts as [string, string, string]
  let head: { alg?: unknown }
  let claims: Record<string, unknown>
  try {
    head = JSON.parse(Buffer.from(h, 'base64url').toString())
    claims = JSON.parse(Buffer.from(p, 'base64url').toString())
  } catch {
    throw invalidSignature('transak', 'data is not a JWT')
  }
  // Only HS256: a token naming another algorithm ("none", RS256 with the key as a public key) is refused.
  if (head.alg !== 'HS256') throw invalidSignature('transak', 'JWT algorithm is not HS256')
  const expected = hmac(accessToken, Buffer.from(`${h}.${p}`))
  if (!sameBytes(expected, Buffer.from(sig, 'base64url')))
    throw invalidSignature('transak', 'signature does not match')
  if (!claims || typeof claims !== 'object') throw invalidSignature('transak', 'claims are not an object')
  if (typeof claims.exp === 'number' && claims.exp * 1000 < now) throw staleTimestamp('transak')
  return claims
}
