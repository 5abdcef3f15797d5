import { decodeProtectedHeader, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose'
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
  /** Seconds of clock difference accepted on `exp`, `nbf` and `iat`. */
  clockSkewSeconds: number
}

/**
 * The signature algorithms an ID token may use: asymmetric only (never
 * `none` or HMAC, whose "key" would be the client secret). Which one a given
 * key verifies is the key's own business: its JWK `alg` (when it has one),
 * its `kty` and, for EC and OKP keys, its `crv` must fit the token's `alg`.
 */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'Ed25519',
  'EdDSA',
] as const

const refuse = (why: string) => new ApiError(401, 'id_token_invalid', `The ID token was refused: ${why}`)

const CLAIM_REFUSALS: Record<string, string> = {
  iss: 'wrong issuer',
  aud: 'wrong audience',
  sub: 'no subject',
  nbf: 'not valid yet (nbf)',
  iat: 'issue time (iat) malformed',
  exp: 'expired',
}

function algOf(token: string): string {
  try {
    return String(decodeProtectedHeader(token).alg)
  } catch {
    return 'unknown'
  }
}

/** The refusal that names the check jose failed; ApiErrors (the JWKS could not be read) pass through. */
function refusalFor(error: unknown, token: string): Error {
  if (error instanceof ApiError) return error
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return refuse('signature does not verify with the provider’s keys')
  if (error instanceof errors.JWKSNoMatchingKey)
    return refuse('no key of the provider fits its kid, algorithm and curve')
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return refuse(`algorithm ${algOf(token)} not accepted`)
  if (error instanceof errors.JWTExpired) return refuse('expired')
  if (error instanceof errors.JWTClaimValidationFailed)
    return refuse(
      error.reason === 'missing' && error.claim !== 'sub'
        ? `no ${error.claim} claim`
        : (CLAIM_REFUSALS[error.claim] ?? `claim ${error.claim} refused`),
    )
  if (error instanceof errors.JOSEError) return refuse('not a well-formed signed JWT')
  return refuse('it could not be verified')
}

/** jwtVerify, trying each candidate key when the provider's set has several that fit (no `kid`). */
async function verifyWith(token: string, getKey: JWTVerifyGetKey, expect: IdTokenExpectations) {
  const options = {
    algorithms: [...ID_TOKEN_ALGORITHMS],
    issuer: expect.issuer,
    audience: expect.audience,
    requiredClaims: ['exp', 'sub'],
    currentDate: new Date(expect.nowSeconds * 1000),
    clockTolerance: expect.clockSkewSeconds,
  }
  try {
    return (await jwtVerify(token, getKey, options)).payload
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error
    for await (const key of error) {
      try {
        return (await jwtVerify(token, key, options)).payload
      } catch (inner) {
        if (!(inner instanceof errors.JWSSignatureVerificationFailed)) throw inner
      }
    }
    throw new errors.JWSSignatureVerificationFailed()
  }
}

/**
 * Verifies an OpenID Connect ID token (a JWS) with `jose` against the
 * provider's keys (`getKey`, a {@link JwksSource} key resolver): an
 * asymmetric algorithm that the chosen key allows (its `alg`, `kty` and
 * `crv`), then `iss`, `aud` (and `azp` when several audiences), `nonce`,
 * `exp`, `nbf` and `iat` with a small clock skew. Any failure is a 401
 * `id_token_invalid` that says which check failed.
 *
 * @example
 * const claims = await verifyIdToken(idToken, jwks.keyResolver(jwksUri), { issuer, audience, nonce, nowSeconds, clockSkewSeconds: 60 })
 */
export async function verifyIdToken(
  token: string,
  getKey: JWTVerifyGetKey,
  expect: IdTokenExpectations,
): Promise<IdTokenClaims> {
  if (token.length > 16_384) throw refuse('too large')
  let claims: JWTPayload
  try {
    claims = await verifyWith(token, getKey, expect)
  } catch (error) {
    throw refusalFor(error, token)
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (audiences.length > 1 && claims.azp !== expect.audience) throw refuse('wrong authorized party')
  if (typeof claims.nonce !== 'string' || claims.nonce !== expect.nonce) throw refuse('wrong nonce')
  // jose checks `iat` is a number; a token issued in the future (beyond the skew) is refused here.
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
