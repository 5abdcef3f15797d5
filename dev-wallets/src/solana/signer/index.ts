/**
 * The Solana signing core of the dev wallets: ed25519 keys in the CLI format
 * (seed + public key), message signing, transaction signing (legacy and
 * versioned wire transactions, decoded and re-encoded with @solana/kit),
 * sending a signed transaction to a JSON-RPC node, the Sign In With Solana
 * text, and the Wallet Standard registration handshake. Every Solana dev
 * surface signs through it: the Wallet Standard dev wallet of
 * `@portico/adapter-solana/dev-wallet`, the WalletConnect dev wallet's solana
 * part, and the personalities (`@portico/dev-wallets/solana/personalities`).
 * Browser-safe (WebCrypto, no Node APIs). Never give it a real key.
 */

export { registerWallet } from './register.js'
export { writeSignInText } from './sign-in.js'

export interface SolanaSignerOptions {
  /** 64-byte secret keys (seed + public key, the `solana-keygen` format). At least one. */
  secretKeys: readonly (Uint8Array | readonly number[])[]
}

/** One key of the signer. */
export interface SolanaKey {
  /** Base58 address (the public key). */
  readonly address: string
  /** The 32 public key bytes. */
  readonly publicKey: Uint8Array
  /** `Dev 0`, `Dev 1`… */
  readonly name: string
}

/** A transaction's version as the Wallet Standard names it: `'legacy'` or the versioned message's number. */
export type SolanaTransactionVersion = 'legacy' | number

/**
 * Why the core refused: the bytes are not a wire transaction
 * (`not-a-transaction`), or the key is not among the transaction's signers
 * (`not-a-signer`). Each surface turns it into its protocol's error.
 */
export class SolanaSignerError extends Error {
  override name = 'SolanaSignerError'
  readonly reason: 'not-a-transaction' | 'not-a-signer'
  constructor(reason: SolanaSignerError['reason'], message: string) {
    super(message)
    this.reason = reason
  }
}

export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
  minContextSlot?: number
}

export interface SolanaSigner {
  readonly keys: readonly SolanaKey[]
  /** The key of `address` (base58), or undefined. */
  keyFor(address: unknown): SolanaKey | undefined
  /** The ed25519 signature (64 bytes) of `message`. */
  signMessage(key: SolanaKey, message: Uint8Array): Promise<Uint8Array>
  /** The version of a wire transaction; throws `not-a-transaction` when the bytes are not one. */
  transactionVersion(wire: Uint8Array): SolanaTransactionVersion
  /**
   * Adds `key`'s signature to the wire transaction (other signatures kept);
   * resolves the signed wire bytes and the signature. Throws `not-a-transaction`
   * or `not-a-signer`.
   */
  signTransaction(key: SolanaKey, wire: Uint8Array): Promise<{ signed: Uint8Array; signature: Uint8Array }>
  /** Sends signed wire bytes with `sendTransaction` (base64) to `rpcUrl`; resolves the node's signature, base58 and bytes. */
  sendTransaction(
    rpcUrl: string,
    signed: Uint8Array,
    options?: SolanaSendOptions,
  ): Promise<{ signature: string; bytes: Uint8Array }>
}

/**
 * Loads the keys (WebCrypto ed25519).
 *
 * @example
 * const signer = await createSolanaSigner({ secretKeys: [devKeypair.secretKey] })
 * const signature = await signer.signMessage(signer.keys[0], new TextEncoder().encode('hello'))
 */
export async function createSolanaSigner(options: SolanaSignerOptions): Promise<SolanaSigner> {
  const kit = await import('@solana/kit')
  if (options.secretKeys.length === 0)
    throw new TypeError('createSolanaSigner: at least one secret key is needed')
  const loaded = await Promise.all(
    options.secretKeys.map(async (secret, i) => {
      const keyPair = await kit.createKeyPairFromBytes(new Uint8Array(secret))
      const address = await kit.getAddressFromPublicKey(keyPair.publicKey)
      const key: SolanaKey = Object.freeze({
        address,
        publicKey: new Uint8Array(kit.getAddressEncoder().encode(address)),
        name: `Dev ${i}`,
      })
      return { key, keyPair }
    }),
  )
  const pairs = new Map(loaded.map(({ key, keyPair }) => [key, keyPair]))
  const pairOf = (key: SolanaKey) => {
    const pair = pairs.get(key)
    if (!pair) throw new SolanaSignerError('not-a-signer', 'the key is not one of this signer')
    return pair
  }
  const decode = (wire: Uint8Array) => {
    try {
      return kit.getTransactionDecoder().decode(wire)
    } catch {
      throw new SolanaSignerError('not-a-transaction', 'the bytes are not a serialized Solana transaction')
    }
  }
  return {
    keys: loaded.map((l) => l.key),
    keyFor: (address) => loaded.find((l) => l.key.address === address)?.key,
    async signMessage(key, message) {
      return new Uint8Array(await kit.signBytes(pairOf(key).privateKey, message))
    },
    transactionVersion(wire) {
      const first = decode(wire).messageBytes[0]
      if (first === undefined) throw new SolanaSignerError('not-a-transaction', 'the message is empty')
      // A versioned message starts with 0x80 | version; a legacy one with its signer count (< 128).
      return first & 0x80 ? first & 0x7f : 'legacy'
    },
    async signTransaction(key, wire) {
      const tx = decode(wire)
      if (!(key.address in tx.signatures))
        throw new SolanaSignerError('not-a-signer', `the transaction does not need ${key.address}`)
      const signed = await kit.partiallySignTransaction([pairOf(key)], tx)
      const signature = signed.signatures[key.address as keyof typeof signed.signatures] as Uint8Array
      return { signed: new Uint8Array(kit.getTransactionEncoder().encode(signed)), signature }
    },
    async sendTransaction(rpcUrl, signed, sendOptions = {}) {
      const wire = kit.getBase64Decoder().decode(signed) as ReturnType<
        typeof kit.getBase64EncodedWireTransaction
      >
      const signature = await kit
        .createSolanaRpc(rpcUrl)
        .sendTransaction(wire, {
          encoding: 'base64',
          skipPreflight: sendOptions.skipPreflight ?? false,
          preflightCommitment: sendOptions.preflightCommitment ?? 'confirmed',
          ...(sendOptions.maxRetries === undefined ? {} : { maxRetries: BigInt(sendOptions.maxRetries) }),
          ...(sendOptions.minContextSlot === undefined
            ? {}
            : { minContextSlot: BigInt(sendOptions.minContextSlot) }),
        })
        .send()
      return { signature, bytes: new Uint8Array(kit.getBase58Encoder().encode(signature)) }
    },
  }
}
