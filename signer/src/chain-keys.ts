import type { Card } from './approve/card.js'

/**
 * The frame's keys for the namespaces beyond EVM and Solana (issue 14, "other
 * namespaces when their adapters exist"): Bitcoin (`bip122`), Cosmos and
 * Polkadot. Each namespace's key is derived from the wallet's one 2-of-3
 * secret with a domain-separated HMAC (as the Solana key is), so every
 * existing wallet gets them without a new share or a migration, and a leaked
 * namespace key does not give the secret or another namespace's key.
 *
 * A namespace module implements `ChainKeys`; `chain-session.ts` runs it
 * (session, shares, approval card, caching of the public key).
 */
export type ChainType = 'bip122' | 'cosmos' | 'polkadot'

/**
 * One request from the parent, after `parse`: the WalletConnect method name
 * of the namespace (what the adapter sends over a request channel), its
 * params (already checked), and the CAIP-2 chain.
 */
export interface ChainRequest {
  type: ChainType
  method: string
  params: Record<string, unknown>
  chainId: string
}

/** The request's content is malformed or not for this wallet: answered as -32602 "Invalid request: <message>". */
export class ChainWireError extends Error {
  override name = 'ChainWireError'
}

/** An exported key: what other wallets import, with the frame-catalogue texts the card shows. */
export interface ExportedChainKey {
  /** The card's label for the key (already in the frame's locale). */
  label: string
  /** The key as text (WIF, hex…), left to right. */
  key: string
  /** One line under it: the address or addresses it belongs to, how to import it (in the frame's locale). */
  note: string
}

/** `Shown`: what `describe` returns, a card or (when it reads first) a promise of one. */
export interface ChainKeys<Shown extends Card | Promise<Card> = Card | Promise<Card>> {
  type: ChainType
  /** Methods that reveal public data only (accounts): answered without the visitor's Approve. */
  publicMethods: readonly string[]
  /**
   * A message payload `{ type, method, params, chainId }` from the parent, or
   * undefined when it is not a valid request of this namespace (the frame then
   * ignores it). Every field checked, sizes capped.
   */
  parse(payload: Record<string, unknown>): ChainRequest | undefined
  /** The public key of this namespace's key of `secret` (hex, no 0x), which is kept (no secret). */
  publicKey(secret: Uint8Array): Promise<string>
  /** The answer to a public method, from the public key alone. */
  answerPublic(request: ChainRequest, publicKey: string): unknown
  /**
   * What the visitor approves, as plain text lines (rendered as text, never
   * HTML), in the frame's locale. Throws `ChainWireError` when the request's
   * content does not decode or does not concern this wallet's key. May read
   * (Polkadot: the runtime's metadata from the signer origin) before it answers.
   */
  describe(request: ChainRequest, publicKey: string): Shown
  /** Signs an approved request with this namespace's key of `secret`: the answer the adapter expects. */
  sign(secret: Uint8Array, request: ChainRequest): Promise<unknown>
  /** The key for the export card (behind the export's re-authentication). */
  exportKey(secret: Uint8Array): Promise<ExportedChainKey>
}

/**
 * HMAC-SHA-256(key = `label`, data = `secret`): the 32 bytes a namespace's
 * key is made from. The caller wipes the result.
 */
export async function deriveChainSeed(label: string, secret: Uint8Array): Promise<Uint8Array> {
  const mac = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(label),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', mac, secret as Uint8Array<ArrayBuffer>))
}
