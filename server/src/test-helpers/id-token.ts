import { constants, type KeyObject, sign } from 'node:crypto'

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

/**
 * Signs a JWT as a provider (or a forger) would, with the algorithm its
 * header names (RS256, PS256 or ES256), whatever the key was published for:
 * the tests build tokens the verifier must refuse.
 */
export function signJwt(
  claims: Record<string, unknown>,
  key: KeyObject,
  header: Record<string, unknown> = { alg: 'RS256' },
): string {
  const input = Buffer.from(`${b64(header)}.${b64(claims)}`)
  const signature =
    header.alg === 'PS256'
      ? sign('sha256', input, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })
      : header.alg === 'ES256'
        ? sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' })
        : sign('sha256', input, key)
  return `${input}.${signature.toString('base64url')}`
}
