/**
 * Ed25519 on WebCrypto for the frame's ed25519 keys (Solana, Polkadot): a
 * 32-byte seed becomes a PKCS#8 key, so no curve code ships in the frame and
 * the same code runs in Node for the tests.
 */

// PKCS#8 for an Ed25519 private key: this DER prefix, then the 32-byte seed.
const PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
])

/**
 * The PKCS#8 form of an ed25519 seed and its public key (read once from an
 * extractable import's JWK `x`). The caller wipes `pkcs8`; it is wiped here
 * when this fails.
 */
export async function ed25519FromSeed(
  seed: Uint8Array,
): Promise<{ pkcs8: Uint8Array<ArrayBuffer>; publicKey: Uint8Array }> {
  const pkcs8 = new Uint8Array(PKCS8_PREFIX.length + 32)
  pkcs8.set(PKCS8_PREFIX)
  pkcs8.set(seed, PKCS8_PREFIX.length)
  try {
    const readable = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
    const jwk = await crypto.subtle.exportKey('jwk', readable)
    jwk.d = undefined
    if (!jwk.x) throw new Error('no ed25519 public key')
    const publicKey = Uint8Array.from(atob(jwk.x.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    )
    return { pkcs8, publicKey }
  } catch (error) {
    pkcs8.fill(0)
    throw error
  }
}
