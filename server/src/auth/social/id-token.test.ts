import { generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto'
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose'
import { describe, expect, it } from 'vitest'
import { signJwt } from '../../test-helpers/id-token.js'
import { verifyIdToken } from './id-token.js'

const rsa = (kid = 'k1', extra: Record<string, unknown> = {}) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey,
    jwk: {
      ...(publicKey.export({ format: 'jwk' }) as JsonWebKey),
      kid,
      use: 'sig',
      ...extra,
    } as JsonWebKey & {
      alg?: string
    },
  }
}
const good = rsa('k1', { alg: 'RS256' })
const other = rsa()
const now = 1_800_000_000
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

const jwt = (
  claims: Record<string, unknown>,
  key: KeyObject = good.privateKey,
  header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' },
) => signJwt(claims, key, header)
const base = {
  iss: 'https://idp.test',
  aud: 'client-1',
  nonce: 'n-1',
  sub: 'user-1',
  iat: now,
  exp: now + 300,
  email: 'a@b.co',
  email_verified: true,
}
const expectations = {
  issuer: 'https://idp.test',
  audience: 'client-1',
  nonce: 'n-1',
  nowSeconds: now,
  clockSkewSeconds: 60,
}
const set = (...keys: JsonWebKey[]): JWTVerifyGetKey =>
  createLocalJWKSet({ keys: keys as never }) as JWTVerifyGetKey
const check = (token: string, keys: JWTVerifyGetKey = set(good.jwk)) =>
  verifyIdToken(token, keys, expectations)

/** The 401 id_token_invalid the exchange route answers, with the check named in its message. */
async function refused(token: string, why: RegExp, keys?: JWTVerifyGetKey) {
  const error = await check(token, keys).then(
    () => expect.unreachable('the token was accepted'),
    (e: unknown) => e,
  )
  expect(error).toMatchObject({ statusCode: 401, code: 'id_token_invalid' })
  expect((error as Error).message).toMatch(why)
}

describe('ID token verification with jose (issue 14: a forged, expired or wrong-audience ID token is refused; issue 29: alg/crv per key, nbf)', () => {
  it('a token signed by the provider key with the right claims is accepted', async () => {
    expect(await check(jwt(base))).toEqual({ sub: 'user-1', email: 'a@b.co', emailVerified: true })
  })
  it('a forged token (signed by another key under the provider key id) is refused', async () => {
    await refused(jwt(base, other.privateKey), /signature does not verify/)
  })
  it('a token with a changed payload is refused', async () => {
    const [h, , s] = jwt(base).split('.')
    await refused(`${h}.${b64({ ...base, sub: 'someone-else' })}.${s}`, /signature/)
  })
  it('alg "none" and HS256 are refused', async () => {
    await refused(`${b64({ alg: 'none' })}.${b64(base)}.`, /algorithm none not accepted/)
    await refused(jwt(base, good.privateKey, { alg: 'HS256', kid: 'k1' }), /algorithm HS256 not accepted/)
  })
  it('a token whose alg differs from the alg of the JWK it names is refused, though the signature is valid', async () => {
    // PS256 over the provider's RSA key: a valid RSA-PSS signature, but the key is published for RS256 only.
    const pss = jwt(base, good.privateKey, { alg: 'PS256', kid: 'k1' })
    await refused(pss, /no key of the provider fits its kid, algorithm and curve/)
    // The same token against the same key published without `alg` verifies: it is the key's alg that refuses it.
    const { alg: _alg, ...withoutAlg } = good.jwk
    expect((await check(pss, set(withoutAlg))).sub).toBe('user-1')
  })
  it('an ES256 token signed with a key on another curve (P-384) finds no key and is refused', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' })
    const p384 = { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'ec-1' }
    await refused(
      jwt(base, privateKey, { alg: 'ES256', kid: 'ec-1' }),
      /no key of the provider fits/,
      set(p384),
    )
    // A P-256 key under the same id verifies ES256.
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const ok = { ...(p256.publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'ec-1' }
    expect((await check(jwt(base, p256.privateKey, { alg: 'ES256', kid: 'ec-1' }), set(ok))).sub).toBe(
      'user-1',
    )
  })
  it('a token not valid yet (nbf beyond the 60 s skew) is refused; nbf within the skew is accepted', async () => {
    await refused(jwt({ ...base, nbf: now + 120 }), /not valid yet \(nbf\)/)
    expect((await check(jwt({ ...base, nbf: now + 30 }))).sub).toBe('user-1')
  })
  it('a token issued in the future (iat beyond the skew) is refused', async () => {
    await refused(jwt({ ...base, iat: now + 120 }), /issued in the future/)
  })
  it('an expired token is refused (past the 60 s skew), a just-expired one within skew is not', async () => {
    await refused(jwt({ ...base, exp: now - 61 }), /expired/)
    expect((await check(jwt({ ...base, exp: now - 30 }))).sub).toBe('user-1')
    await refused(jwt({ ...base, exp: undefined }), /no exp claim/)
  })
  it('a wrong audience, issuer or nonce is refused', async () => {
    await refused(jwt({ ...base, aud: 'client-2' }), /wrong audience/)
    await refused(jwt({ ...base, aud: ['client-2', 'client-1'], azp: 'client-2' }), /authorized party/)
    await refused(jwt({ ...base, iss: 'https://evil.test' }), /wrong issuer/)
    await refused(jwt({ ...base, nonce: 'n-2' }), /wrong nonce/)
    await refused(jwt({ ...base, nonce: undefined }), /wrong nonce/)
    await refused(jwt({ ...base, sub: undefined }), /no subject/)
  })
  it('a token naming a key id the provider does not publish is refused', async () => {
    await refused(jwt(base, good.privateKey, { alg: 'RS256', kid: 'k-unknown' }), /no key of the provider/)
  })
  it('a malformed token is refused', async () => {
    await refused('not.a.jwt', /not a well-formed signed JWT|algorithm/)
    await refused(`${b64({ alg: 'RS256' })}.${b64(base)}`, /not a well-formed signed JWT/)
  })
})
