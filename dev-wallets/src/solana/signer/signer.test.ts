import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto'
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { createSolanaSigner, SolanaSignerError, writeSignInText } from './index.js'

/** A fresh ed25519 key in the CLI format (seed + public key). */
function cliKey(): Uint8Array {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  const out = new Uint8Array(64)
  out.set(Buffer.from(jwk.d!, 'base64url'), 0)
  out.set(Buffer.from(jwk.x!, 'base64url'), 32)
  return out
}

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

/** A transaction (no instruction) paid by `payer`, of `version`. */
function transactionOf(payer: string, version: 0 | 'legacy'): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(payer)), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 10n },
        m,
      ),
    (m) => appendTransactionMessageInstructions([], m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('the Solana signing core', () => {
  it('loads CLI-format keys: the address is the base58 public key', async () => {
    const secret = cliKey()
    const signer = await createSolanaSigner({ secretKeys: [secret] })
    const [key] = signer.keys
    expect(new Uint8Array(getBase58Encoder().encode(key!.address))).toEqual(secret.slice(32))
    expect(key!.publicKey).toEqual(secret.slice(32))
    expect(signer.keyFor(key!.address)).toBe(key)
    expect(signer.keyFor('not an address')).toBeUndefined()
  })

  it('refuses to start without a key', async () => {
    await expect(createSolanaSigner({ secretKeys: [] })).rejects.toThrow(TypeError)
  })

  it('signs message bytes with ed25519: an independent verifier accepts the signature', async () => {
    const signer = await createSolanaSigner({ secretKeys: [cliKey()] })
    const key = signer.keys[0]!
    const message = new TextEncoder().encode('hello from the core')
    const signature = await signer.signMessage(key, message)
    expect(signature).toHaveLength(64)
    expect(ed25519Verify(key.publicKey, message, signature)).toBe(true)
    expect(ed25519Verify(key.publicKey, new TextEncoder().encode('another'), signature)).toBe(false)
  })

  it.each([0, 'legacy'] as const)(
    'signs a %s transaction its key pays for, the message unchanged',
    async (version) => {
      const signer = await createSolanaSigner({ secretKeys: [cliKey()] })
      const key = signer.keys[0]!
      const wire = transactionOf(key.address, version)
      expect(signer.transactionVersion(wire)).toBe(version)
      const { signed, signature } = await signer.signTransaction(key, wire)
      const asked = getTransactionDecoder().decode(wire)
      const out = getTransactionDecoder().decode(signed)
      expect(new Uint8Array(out.messageBytes)).toEqual(new Uint8Array(asked.messageBytes))
      expect(out.signatures[key.address as keyof typeof out.signatures]).toEqual(signature)
      expect(ed25519Verify(key.publicKey, new Uint8Array(out.messageBytes), signature)).toBe(true)
    },
  )

  it('refuses a transaction its key is not a signer of (not-a-signer)', async () => {
    const signer = await createSolanaSigner({ secretKeys: [cliKey(), cliKey()] })
    const wire = transactionOf(signer.keys[1]!.address, 0)
    const error = await signer.signTransaction(signer.keys[0]!, wire).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SolanaSignerError)
    expect((error as SolanaSignerError).reason).toBe('not-a-signer')
  })

  it('refuses bytes that are not a wire transaction (not-a-transaction)', async () => {
    const signer = await createSolanaSigner({ secretKeys: [cliKey()] })
    const error = await signer
      .signTransaction(signer.keys[0]!, new Uint8Array([1, 2, 3]))
      .catch((e: unknown) => e)
    expect((error as SolanaSignerError).reason).toBe('not-a-transaction')
    expect(() => signer.transactionVersion(new Uint8Array([9]))).toThrow(SolanaSignerError)
  })

  it('writes the Sign In With Solana text: header, address, statement, then the tagged fields', () => {
    const text = writeSignInText({
      domain: 'example.org',
      address: '11111111111111111111111111111111',
      statement: 'Welcome',
      uri: 'https://example.org',
      version: '1',
      nonce: 'abc12345',
      resources: ['https://a.example'],
    })
    expect(text).toBe(
      'example.org wants you to sign in with your Solana account:\n11111111111111111111111111111111\n\nWelcome\n\nURI: https://example.org\nVersion: 1\nNonce: abc12345\nResources:\n- https://a.example',
    )
  })
})
