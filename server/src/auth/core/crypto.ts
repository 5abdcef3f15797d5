import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'

/** The hashing and sealing keys derived from the configured secret (never stored). */
export interface AuthKeys {
  /** HMAC key of OTP and session-token hashes. */
  mac: Buffer
  /** AES-256-GCM key of the stored auth shares. */
  seal: Buffer
}

export function deriveKeys(secret: string): AuthKeys {
  const ikm = Buffer.from(secret, 'utf8')
  const salt = Buffer.from('portico-embedded-wallet-v1')
  return {
    mac: Buffer.from(hkdfSync('sha256', ikm, salt, 'mac', 32)),
    seal: Buffer.from(hkdfSync('sha256', ikm, salt, 'auth-share', 32)),
  }
}

/** A 6-digit code, uniform over 000000–999999 (crypto RNG). */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function mac(keys: AuthKeys, ...parts: string[]): string {
  return createHmac('sha256', keys.mac).update(parts.join('\u0000')).digest('hex')
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A bearer token: 32 random bytes, base64url. Only its MAC is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Seals `plain` under the share key; the email is bound as associated data (a row moved to another email fails). */
export function seal(keys: AuthKeys, plain: string, email: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv)
  cipher.setAAD(Buffer.from(email))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`
}

export function unseal(keys: AuthKeys, sealed: string, email: string): string {
  const [v, iv, body, tag] = sealed.split('.')
  if (v !== 'v1' || !iv || !body || !tag) throw new Error('unknown sealed share format')
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(email))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
