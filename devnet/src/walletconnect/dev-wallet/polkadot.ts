import type { SignerPayloadJSON } from '@polkadot/types/types'
import {
  createPolkadotSigner,
  type PolkadotKey,
  type PolkadotSigner as PolkadotSigningCore,
} from '@portico/dev-wallets/polkadot'
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

/** The loaded key: the Polkadot signing core of `@portico/dev-wallets` holding it, and its address. */
export interface PolkadotSigner {
  core: PolkadotSigningCore
  key: PolkadotKey
  address: string
}

/** Loads the sr25519 key of `key` into the signing core (which waits for the WASM crypto first). */
export async function loadPolkadotKey(key: DevWcPolkadotKey): Promise<PolkadotSigner> {
  const core = await createPolkadotSigner({
    uris: [key.uri],
    ...(key.ss58Prefix === undefined ? {} : { ss58Prefix: key.ss58Prefix }),
  })
  const own = core.keys[0]!
  return { core, key: own, address: own.address }
}

export interface PolkadotContext {
  signer: PolkadotSigner
  tamper(kind: 'signature'): boolean
}

/** The request's address must be the wallet's key, under any SS58 prefix (the dApp re-encodes for its network). */
async function ownAccount(ctx: PolkadotContext, address: unknown): Promise<PolkadotKey> {
  if (typeof address !== 'string') throw invalidParams('address')
  const key = ctx.signer.core.keyFor(address)
  if (key) return key
  const { decodeAddress } = await import('@polkadot/util-crypto')
  try {
    decodeAddress(address)
  } catch {
    throw invalidParams('address is not SS58')
  }
  throw unauthorized('Account not authorized.')
}

/**
 * Answers one polkadot request with the wallet's key, through the signing
 * core. `polkadot_signMessage` signs the `<Bytes>…</Bytes>`-wrapped message
 * (as extensions do; already wrapped bytes are not wrapped twice);
 * `polkadot_signTransaction` signs the extrinsic payload the dApp built, with
 * the signed extensions it lists, and answers the signature with its
 * key-type byte, as the polkadot-js signer does.
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
      const key = await ownAccount(ctx, p.address)
      if (typeof p.message !== 'string') throw invalidParams('message')
      const bytes = util.isHex(p.message) ? util.hexToU8a(p.message) : util.stringToU8a(p.message)
      const signature = ctx.signer.core.signRaw(key, bytes)
      return { signature: util.u8aToHex(ctx.tamper('signature') ? signature.slice(0, 63) : signature) }
    }
    case 'polkadot_signTransaction': {
      const payload = p.transactionPayload as SignerPayloadJSON | undefined
      if (!payload || typeof payload !== 'object') throw invalidParams('transactionPayload')
      const key = await ownAccount(ctx, payload.address ?? p.address)
      if (!Array.isArray(payload.signedExtensions) || typeof payload.method !== 'string')
        throw invalidParams('transactionPayload is not a signer payload')
      let signature: `0x${string}`
      try {
        signature = ctx.signer.core.signPayload(key, payload).signature
      } catch (e) {
        throw invalidParams(`transactionPayload does not encode (${(e as Error).message})`)
      }
      return { signature: ctx.tamper('signature') ? (signature.slice(0, -2) as `0x${string}`) : signature }
    }
    default:
      throw unsupported(method)
  }
}
