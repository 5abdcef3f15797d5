/**
 * The recovery share under the visitor's passphrase, sealed and opened in
 * the frame only. Key derivation: PBKDF2-HMAC-SHA-256 through WebCrypto,
 * 600 000 iterations (OWASP's 2023 figure for this hash), a random 16-byte
 * salt per wallet. Chosen over scrypt because WebCrypto has it natively:
 * no bytes added to the frame, no JS hashing loop blocking the frame's only
 * thread, the same code in Node for tests. The iteration count travels in the
 * blob, so a later raise opens old blobs. AES-256-GCM with the wallet address
 * as associated data: a blob moved to another wallet does not open.
 */
export const RECOVERY_ITERATIONS = 600_000
/** Shorter passphrases are refused: the gateway operator holds the blob and could guess offline. */
export const MIN_PASSPHRASE_LENGTH = 12

/** A wrong passphrase (or a damaged blob): GCM's check failed. */
export class WrongPassphraseError extends Error {
  override name = 'WrongPassphraseError'
}

const b64 = (bytes: Uint8Array) => {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
const unb64 = (text: string): Uint8Array<ArrayBuffer> => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(s, (c) => c.charCodeAt(0))
}
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
const bytesHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Why a passphrase is refused before any crypto runs, or undefined when it is acceptable. */
export function passphraseProblem(passphrase: string): 'too_short' | undefined {
  return [...passphrase.normalize('NFKC')].length < MIN_PASSPHRASE_LENGTH ? 'too_short' : undefined
}

/** The label of the passphrase verifier (issue 29): SHA-256 over it and the PBKDF2 key. */
const VERIFIER_TAG = 'portico recovery verifier v1'

/** A blob's key-derivation parameters (not secret): what the frame needs to derive the proof before the release. */
export interface RecoveryKdf {
  salt: string
  iterations: number
}

/** The `pbkdf2-sha256.<iterations>.<salt>` head of a blob, as the gateway answers it; undefined when malformed. */
export function parseRecoveryKdf(text: string): RecoveryKdf | undefined {
  const [kind, iter, salt] = text.split('.')
  const iterations = Number(iter)
  if (kind !== 'pbkdf2-sha256' || !salt || !/^[A-Za-z0-9_-]{22,64}$/.test(salt)) return undefined
  if (!Number.isInteger(iterations) || iterations < 100_000 || iterations > 10_000_000) return undefined
  return { salt, iterations }
}

/** The PBKDF2 key of a passphrase (AES-256-GCM) and its verifier, from one derivation. */
export interface DerivedRecovery {
  key: CryptoKey
  /**
   * SHA-256(tag ‖ the PBKDF2 key), base64url (43 characters): what the gateway
   * compares (it keeps only an HMAC of it) before releasing the blob. It does
   * not reveal the key; guessing the passphrase from it costs the same PBKDF2
   * rounds per guess as the blob does.
   */
  verifier: string
}

/** Derives the blob key and the online proof from a passphrase (one PBKDF2 run). */
export async function deriveRecovery(passphrase: string, kdf: RecoveryKdf): Promise<DerivedRecovery> {
  const base = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  )
  // The same 256 bits `deriveKey` to AES-256 gives: blobs sealed before the verifier open unchanged.
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: unb64(kdf.salt), iterations: kdf.iterations },
      base,
      256,
    ),
  )
  try {
    const key = await crypto.subtle.importKey('raw', bits, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt'])
    const tag = new TextEncoder().encode(VERIFIER_TAG)
    const input = new Uint8Array(tag.length + bits.length)
    input.set(tag)
    input.set(bits, tag.length)
    const verifier = b64(new Uint8Array(await crypto.subtle.digest('SHA-256', input)))
    input.fill(0)
    return { key, verifier }
  } finally {
    bits.fill(0)
  }
}

/**
 * Seals a share (hex) for `address`: the blob
 * `pbkdf2-sha256.<iterations>.<salt>.<iv>.<ciphertext>` and its passphrase
 * verifier (sent to the gateway with it; the key itself never leaves the frame).
 */
export async function sealRecovery(
  shareHex: string,
  passphrase: string,
  address: string,
  iterations = RECOVERY_ITERATIONS,
): Promise<{ blob: string; verifier: string }> {
  if (passphraseProblem(passphrase)) throw new Error('passphrase too short')
  const salt = b64(crypto.getRandomValues(new Uint8Array(16)))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const { key, verifier } = await deriveRecovery(passphrase, { salt, iterations })
  const body = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address.toLowerCase()) },
      key,
      hexBytes(shareHex),
    ),
  )
  return { blob: ['pbkdf2-sha256', String(iterations), salt, b64(iv), b64(body)].join('.'), verifier }
}

/**
 * Opens a blob with a passphrase (or with the key `deriveRecovery` already
 * made for the proof, to run PBKDF2 once); `WrongPassphraseError` when it
 * does not open.
 */
export async function openRecovery(
  blob: string,
  passphrase: string | DerivedRecovery,
  address: string,
): Promise<string> {
  const [, , , iv, body] = blob.split('.')
  const kdf = parseRecoveryKdf(blob)
  if (!kdf || !iv || !body) throw new Error('unknown recovery format')
  const { key } = typeof passphrase === 'string' ? await deriveRecovery(passphrase, kdf) : passphrase
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: unb64(iv), additionalData: new TextEncoder().encode(address.toLowerCase()) },
      key,
      unb64(body),
    )
    return bytesHex(new Uint8Array(plain))
  } catch {
    throw new WrongPassphraseError('wrong passphrase')
  }
}
