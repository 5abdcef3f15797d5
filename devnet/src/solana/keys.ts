import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import { type Address, getAddressDecoder } from '@solana/kit'

/** A Solana keypair in the CLI's format: `secretKey` is seed (32 bytes) + public key (32 bytes). */
export interface SolanaKeypair {
  address: Address
  publicKey: Uint8Array
  /** 64 bytes: ed25519 seed followed by the public key (what `solana-keygen` writes). */
  secretKey: Uint8Array
}

// DER prefix of a PKCS#8 ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/** Derives a keypair from a 32-byte seed with node:crypto (synchronous, no WebCrypto needed). */
export function keypairFromSeed(seed: Uint8Array): SolanaKeypair {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' })
  const publicKey = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))
  const secretKey = new Uint8Array(64)
  secretKey.set(seed, 0)
  secretKey.set(publicKey, 32)
  return { address: getAddressDecoder().decode(publicKey), publicKey, secretKey }
}

/** A deterministic keypair named by a label (sha256 of the label is the seed). */
export function deterministicKeypair(label: string): SolanaKeypair {
  return keypairFromSeed(new Uint8Array(createHash('sha256').update(label).digest()))
}
