import { deriveChainSeed } from '../chain-keys.js'
import { ed25519FromSeed } from '../ed25519.js'

/**
 * The wallet's Polkadot key: an ed25519 seed HMAC-derived from the wallet's
 * one 2-of-3 secret (see chain-keys.ts), signing through WebCrypto. Ed25519
 * is one of the Polkadot-SDK's three account schemes (`MultiSignature::Ed25519`),
 * so no sr25519 code ships in the frame.
 */
export const POLKADOT_DERIVATION = 'portico embedded wallet / polkadot ed25519 / v1'

/** The ed25519 seed of a wallet secret; the caller wipes it. */
export const polkadotSeed = (secret: Uint8Array) => deriveChainSeed(POLKADOT_DERIVATION, secret)

export interface PolkadotSigner {
  publicKey: Uint8Array
  sign(bytes: Uint8Array): Promise<Uint8Array>
}

/** The public key of the wallet's Polkadot key. */
export async function polkadotPublicKey(secret: Uint8Array): Promise<Uint8Array> {
  const seed = await polkadotSeed(secret)
  try {
    const ed = await ed25519FromSeed(seed)
    ed.pkcs8.fill(0)
    return ed.publicKey
  } finally {
    seed.fill(0)
  }
}

/** The signer of a wallet secret; the seed lives on only inside a non-extractable CryptoKey. */
export async function polkadotSigner(secret: Uint8Array): Promise<PolkadotSigner> {
  const seed = await polkadotSeed(secret)
  let pkcs8: Uint8Array<ArrayBuffer> | undefined
  try {
    const ed = await ed25519FromSeed(seed)
    pkcs8 = ed.pkcs8
    const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign'])
    return {
      publicKey: ed.publicKey,
      sign: async (bytes) =>
        new Uint8Array(await crypto.subtle.sign('Ed25519', key, bytes as Uint8Array<ArrayBuffer>)),
    }
  } finally {
    seed.fill(0)
    pkcs8?.fill(0)
  }
}
