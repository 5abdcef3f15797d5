import { generateKeyPairSync, type JsonWebKey, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyIdToken } from './id-token.js'

const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey,
    jwk: { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'k1', use: 'sig' },
  }
}
const good = rsa()
const other = rsa()
const now = 1_800_000_000
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
function jwt(
  claims: Record<string, unknown>,
  key = good.privateKey,
  header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' },
) {
  const input = `${b64(header)}.${b64(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}
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
const check = (token: string) => () => verifyIdToken(token, [good.jwk], expectations)

describe('ID token verification (issue 14: a forged, expired or wrong-audience ID token is refused)', () => {
  it('a token signed by the provider key with the right claims is accepted', () => {
    expect(check(jwt(base))()).toEqual({ sub: 'user-1', email: 'a@b.co', emailVerified: true })
  })
  it('a forged token (signed by another key) is refused', () => {
    expect(check(jwt(base, other.privateKey))).toThrow(/signature does not verify/)
  })
  it('a token with a changed payload is refused', () => {
    const [h, , s] = jwt(base).split('.')
    expect(check(`${h}.${b64({ ...base, sub: 'someone-else' })}.${s}`)).toThrow(/signature/)
  })
  it('alg "none" and HS256 are refused', () => {
    expect(check(`${b64({ alg: 'none' })}.${b64(base)}.`)).toThrow(/not a signed JWT|algorithm/)
    expect(check(jwt(base, good.privateKey, { alg: 'HS256', kid: 'k1' }))).toThrow(
      /algorithm HS256 not accepted/,
    )
  })
  it('an expired token is refused (past the 60 s skew), a just-expired one within skew is not', () => {
    expect(check(jwt({ ...base, exp: now - 61 }))).toThrow(/expired/)
    expect(check(jwt({ ...base, exp: now - 30 }))).not.toThrow()
  })
  it('a wrong audience, issuer or nonce is refused', () => {
    expect(check(jwt({ ...base, aud: 'client-2' }))).toThrow(/wrong audience/)
    expect(check(jwt({ ...base, aud: ['client-2', 'client-1'], azp: 'client-2' }))).toThrow(
      /authorized party/,
    )
    expect(check(jwt({ ...base, iss: 'https://evil.test' }))).toThrow(/wrong issuer/)
    expect(check(jwt({ ...base, nonce: 'n-2' }))).toThrow(/wrong nonce/)
    expect(check(jwt({ ...base, nonce: undefined }))).toThrow(/wrong nonce/)
  })
  it('every refusal is a 401 id_token_invalid', () => {
    try {
      check(jwt({ ...base, aud: 'x' }))()
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 401, code: 'id_token_invalid' })
    }
  })
})
