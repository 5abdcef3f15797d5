/**
 * The Polkadot signing core of the dev wallets: sr25519 dev keys from secret
 * URIs (`//Alice`, `//Bob`…), `signRaw` of `<Bytes>…</Bytes>`-wrapped
 * messages, and extrinsic payload signing with the signed extensions the app
 * lists — returning the signature and, for wallets that answer
 * `withSignedTransaction`, the whole signed extrinsic. Every Polkadot dev
 * surface signs through it: the injected dev extension of
 * `@portico/adapter-polkadot/dev-wallet`, the WalletConnect dev wallet's
 * polkadot part, and the personalities
 * (`@portico/dev-wallets/polkadot/personalities`). Browser-safe (no Node
 * APIs). Never give it a real key.
 */
import type { KeyringPair } from '@polkadot/keyring/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { buildSignedExtrinsic } from './extrinsic.js'

export { buildSignedExtrinsic } from './extrinsic.js'

/** The secret URIs of the default dev keys (the chopsticks devnet funds them). */
export const POLKADOT_DEV_URIS: readonly string[] = ['//Alice', '//Bob', '//Charlie']

export interface PolkadotSignerOptions {
  /** Secret URIs of the sr25519 keys; default `//Alice`, `//Bob`, `//Charlie`. */
  uris?: readonly string[]
  /** SS58 prefix the addresses are shown with; default 42 (generic Substrate, as extensions do). */
  ss58Prefix?: number
}

/** One key of the signer. */
export interface PolkadotKey {
  readonly pair: KeyringPair
  /** SS58 address with the signer's prefix. */
  readonly address: string
  /** 0x-hex public key. */
  readonly publicKey: `0x${string}`
  /** `Dev 0`, `Dev 1`… */
  readonly name: string
}

/** What signing an extrinsic payload gives: the signature (with its key-type byte) and the signed extrinsic. */
export interface PolkadotPayloadSignature {
  signature: `0x${string}`
  /** The signed extrinsic (SCALE hex, length-prefixed) the payload and signature make. */
  signedTransaction: `0x${string}`
}

export interface PolkadotSigner {
  readonly ss58Prefix: number
  readonly keys: readonly PolkadotKey[]
  /** The key of `address` under any SS58 prefix (apps re-encode for their network), or undefined. */
  keyFor(address: unknown): PolkadotKey | undefined
  /** Signs `data` wrapped in `<Bytes>…</Bytes>` (bytes already wrapped are not wrapped twice); 64 bytes. */
  signRaw(key: PolkadotKey, data: Uint8Array): Uint8Array
  /**
   * Signs the extrinsic payload the app built, with the signed extensions it
   * lists (throws a TypeError when it does not encode).
   */
  signPayload(key: PolkadotKey, payload: SignerPayloadJSON): PolkadotPayloadSignature
}

/**
 * Loads the sr25519 keys (waits for the crypto WASM first).
 *
 * @example
 * const signer = await createPolkadotSigner({ uris: ['//Alice'] })
 * const alice = signer.keys[0]
 * signer.signRaw(alice, new TextEncoder().encode('hello'))
 */
export async function createPolkadotSigner(options: PolkadotSignerOptions = {}): Promise<PolkadotSigner> {
  const [{ Keyring }, util, crypto, { TypeRegistry }] = await Promise.all([
    import('@polkadot/keyring'),
    import('@polkadot/util'),
    import('@polkadot/util-crypto'),
    import('@polkadot/types'),
  ])
  await crypto.cryptoWaitReady()
  const ss58Prefix = options.ss58Prefix ?? 42
  const keyring = new Keyring({ type: 'sr25519', ss58Format: ss58Prefix })
  const keys: PolkadotKey[] = (options.uris ?? POLKADOT_DEV_URIS).map((uri, i) => {
    const pair = keyring.addFromUri(uri, { name: `Dev ${i}` })
    return { pair, address: pair.address, publicKey: util.u8aToHex(pair.publicKey), name: `Dev ${i}` }
  })
  if (keys.length === 0) throw new TypeError('createPolkadotSigner: at least one key is needed')
  return {
    ss58Prefix,
    keys,
    keyFor(address) {
      if (typeof address !== 'string') return undefined
      let publicKey: Uint8Array
      try {
        publicKey = crypto.decodeAddress(address)
      } catch {
        return undefined
      }
      return keys.find((k) => util.u8aEq(k.pair.publicKey, publicKey))
    },
    signRaw(key, data) {
      return key.pair.sign(util.u8aWrapBytes(data))
    },
    signPayload(key, payload) {
      if (!payload || !Array.isArray(payload.signedExtensions) || !util.isHex(payload.method))
        throw new TypeError('the payload is not a signer payload (signedExtensions, method)')
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions)
      let signature: `0x${string}`
      try {
        signature = registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .sign(key.pair).signature
      } catch (e) {
        throw new TypeError(`the payload does not encode (${(e as Error).message})`)
      }
      return {
        signature,
        signedTransaction: buildSignedExtrinsic(registry, payload, key.pair.publicKey, signature),
      }
    },
  }
}
