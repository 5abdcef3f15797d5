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
const unb64 = (text: string) => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(s, (c) => c.charCodeAt(0))
}
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
const bytesHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Why a passphrase is refused before any crypto runs, or undefined when it is acceptable. */
export function passphraseProblem(passphrase: string): 'too_short' | undefined {
  return [...passphrase.normalize('NFKC')].length < MIN_PASSPHRASE_LENGTH ? 'too_short' : undefined
}

async function deriveKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** Seals a share (hex) for `address`: `pbkdf2-sha256.<iterations>.<salt>.<iv>.<ciphertext>`. */
export async function sealRecovery(
  shareHex: string,
  passphrase: string,
  address: string,
  iterations = RECOVERY_ITERATIONS,
): Promise<string> {
  if (passphraseProblem(passphrase)) throw new Error('passphrase too short')
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await deriveKey(passphrase, salt, iterations)
  const body = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address.toLowerCase()) },
      key,
      hexBytes(shareHex),
    ),
  )
  return ['pbkdf2-sha256', String(iterations), b64(salt), b64(iv), b64(body)].join('.')
}

/** Opens a blob with a passphrase; `WrongPassphraseError` when it does not open. */
export async function openRecovery(blob: string, passphrase: string, address: string): Promise<string> {
  const [kind, iter, salt, iv, body] = blob.split('.')
  const iterations = Number(iter)
  if (kind !== 'pbkdf2-sha256' || !Number.isInteger(iterations) || !salt || !iv || !body)
    throw new Error('unknown recovery format')
  if (iterations < 100_000 || iterations > 10_000_000)
    throw new Error('recovery iteration count out of range')
  const key = await deriveKey(passphrase, unb64(salt), iterations)
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
