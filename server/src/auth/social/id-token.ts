import { createPublicKey, type JsonWebKey, verify } from 'node:crypto'
import { ApiError } from '../../http/errors.js'

/** What an ID token says about the user, once every check passed. */
export interface IdTokenClaims {
  sub: string
  email?: string
  emailVerified?: boolean
  name?: string
}

export interface IdTokenExpectations {
  issuer: string
  audience: string
  nonce: string
  nowSeconds: number
  clockSkewSeconds: number
}

const refuse = (why: string) => new ApiError(401, 'id_token_invalid', `The ID token was refused: ${why}`)

function part(s: string | undefined, what: string): Record<string, unknown> {
  if (!s || !/^[A-Za-z0-9_-]+$/.test(s)) throw refuse(`malformed ${what}`)
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // falls through to the refusal below
  }
  throw refuse(`malformed ${what}`)
}

const ALGS: Record<string, { hash: string; kty: string; p1363?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  ES256: { hash: 'sha256', kty: 'EC', p1363: true },
}

/**
 * Verifies an OpenID Connect ID token (a JWS) against the provider's JWKS:
 * RS256 or ES256 only (never `none` or HMAC), the signing key picked by
 * `kid`, then `iss`, `aud` (and `azp` when several audiences), `nonce`,
 * `exp` and `iat` with a small clock skew. Any failure is a 401
 * `id_token_invalid` that says which check failed.
 */
export function verifyIdToken(
  token: string,
  keys: readonly JsonWebKey[],
  expect: IdTokenExpectations,
): IdTokenClaims {
  if (token.length > 16_384) throw refuse('too large')
  const [h, p, s, extra] = token.split('.')
  if (extra !== undefined || !s) throw refuse('not a signed JWT')
  const header = part(h, 'header')
  const claims = part(p, 'payload')
  const alg = typeof header.alg === 'string' ? ALGS[header.alg] : undefined
  if (!alg) throw refuse(`algorithm ${String(header.alg)} not accepted`)
  const candidates = keys.filter(
    (k) =>
      k.kty === alg.kty &&
      (header.kid === undefined || k.kid === header.kid) &&
      (k.use === undefined || k.use === 'sig'),
  )
  const signed = Buffer.from(`${h}.${p}`)
  const signature = Buffer.from(s, 'base64url')
  const ok = candidates.some((jwk) => {
    try {
      const key = createPublicKey({ key: jwk, format: 'jwk' })
      return verify(alg.hash, signed, alg.p1363 ? { key, dsaEncoding: 'ieee-p1363' } : key, signature)
    } catch {
      return false
    }
  })
  if (!ok) throw refuse('signature does not verify with the provider’s keys')
  if (claims.iss !== expect.issuer) throw refuse('wrong issuer')
  const aud = claims.aud
  const audiences = Array.isArray(aud) ? aud : [aud]
  if (!audiences.includes(expect.audience)) throw refuse('wrong audience')
  if (audiences.length > 1 && claims.azp !== expect.audience) throw refuse('wrong authorized party')
  if (typeof claims.nonce !== 'string' || claims.nonce !== expect.nonce) throw refuse('wrong nonce')
  if (typeof claims.exp !== 'number' || claims.exp + expect.clockSkewSeconds <= expect.nowSeconds)
    throw refuse('expired')
  if (typeof claims.iat === 'number' && claims.iat - expect.clockSkewSeconds > expect.nowSeconds)
    throw refuse('issued in the future')
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255)
    throw refuse('no subject')
  return {
    sub: claims.sub,
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    ...(typeof claims.email_verified === 'boolean' ? { emailVerified: claims.email_verified } : {}),
    ...(typeof claims.name === 'string' ? { name: claims.name.slice(0, 120) } : {}),
  }
}
