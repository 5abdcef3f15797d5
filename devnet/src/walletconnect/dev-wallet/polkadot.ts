import type { KeyringPair } from '@polkadot/keyring/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { invalidParams, unauthorized, unsupported } from './errors.js'

/** The polkadot methods the dev WalletConnect wallet answers (WalletConnect Polkadot RPC reference). */
export const POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const
export const POLKADOT_EVENTS = ['accountsChanged'] as const

/** A Polkadot key the wallet holds: a secret URI of the sr25519 dev keyring (`//Alice`). */
export interface DevWcPolkadotKey {
  /** Secret URI, e.g. `//Alice` (the chopsticks devnet funds Alice, Bob, Charlie …). */
  uri: string
  /** SS58 prefix the wallet shows its address with (default 42, the generic one). */
  ss58Prefix?: number
}

/** The loaded key: the pair and its address. */
export interface PolkadotSigner {
  pair: KeyringPair
  address: string
  publicKey: Uint8Array
}

/** Loads the sr25519 pair of `key` (waits for the WASM crypto first). */
export async function loadPolkadotKey(key: DevWcPolkadotKey): Promise<PolkadotSigner> {
  const [{ Keyring }, { cryptoWaitReady }] = await Promise.all([
    import('@polkadot/keyring'),
    import('@polkadot/util-crypto'),
  ])
  await cryptoWaitReady()
  const pair = new Keyring({ type: 'sr25519', ss58Format: key.ss58Prefix ?? 42 }).addFromUri(key.uri)
  return { pair, address: pair.address, publicKey: pair.publicKey }
}

export interface PolkadotContext {
  signer: PolkadotSigner
  tamper(kind: 'signature'): boolean
}

/** The request's address must be the wallet's key, under any SS58 prefix (the dApp re-encodes for its network). */
async function ownAccount(ctx: PolkadotContext, address: unknown): Promise<void> {
  if (typeof address !== 'string') throw invalidParams('address')
  const { decodeAddress } = await import('@polkadot/util-crypto')
  let publicKey: Uint8Array
  try {
    publicKey = decodeAddress(address)
  } catch {
    throw invalidParams('address is not SS58')
  }
  const mine = ctx.signer.publicKey
  if (publicKey.length !== mine.length || publicKey.some((b, i) => b !== mine[i]))
    throw unauthorized('Account not authorized.')
}

/**
 * Answers one polkadot request with the wallet's key. `polkadot_signMessage`
 * signs the `<Bytes>…</Bytes>`-wrapped message (as extensions do; already
 * wrapped bytes are not wrapped twice); `polkadot_signTransaction` signs the
 * extrinsic payload the dApp built, with the signed extensions it lists, and
 * answers the signature with its key-type byte, as the polkadot-js signer does.
 */
export async function answerPolkadot(
  ctx: PolkadotContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  const p = (params ?? {}) as { address?: unknown; message?: unknown; transactionPayload?: unknown }
  const util = await import('@polkadot/util')
  switch (method) {
    case 'polkadot_signMessage': {
      await ownAccount(ctx, p.address)
      if (typeof p.message !== 'string') throw invalidParams('message')
      const bytes = util.isHex(p.message) ? util.hexToU8a(p.message) : util.stringToU8a(p.message)
      const signature = ctx.signer.pair.sign(util.u8aWrapBytes(bytes))
      return { signature: util.u8aToHex(ctx.tamper('signature') ? signature.slice(0, 63) : signature) }
    }
    case 'polkadot_signTransaction': {
      const payload = p.transactionPayload as SignerPayloadJSON | undefined
      if (!payload || typeof payload !== 'object') throw invalidParams('transactionPayload')
      await ownAccount(ctx, payload.address ?? p.address)
      if (!Array.isArray(payload.signedExtensions) || typeof payload.method !== 'string')
        throw invalidParams('transactionPayload is not a signer payload')
      const { TypeRegistry } = await import('@polkadot/types')
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions)
      let signature: `0x${string}`
      try {
        signature = registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .sign(ctx.signer.pair).signature
      } catch (e) {
        throw invalidParams(`transactionPayload does not encode (${(e as Error).message})`)
      }
      return { signature: ctx.tamper('signature') ? (signature.slice(0, -2) as `0x${string}`) : signature }
    }
    default:
      throw unsupported(method)
  }
}
