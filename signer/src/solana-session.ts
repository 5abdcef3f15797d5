import type { Card } from './approve/card.js'
import { describeSolana, signSolana, solanaSigner } from './solana.js'
import { SOLANA_ADDRESS_KEY } from './solana-address.js'
import type { SolanaFrameRequest } from './solana-protocol.js'
import { SolanaWireError } from './solana-tx.js'

/** What the frame lends the Solana requests: its session, its shares, its approval card. */
export interface SolanaFrameDeps {
  token(): string | undefined
  wallet(token: string): Promise<{ address: string; auth: string }>
  loadDeviceShare(address: string): Promise<string | undefined>
  reassemble(address: string, a: string, b: string): Promise<Uint8Array>
  /** Shows the approval card (the frame's UI on while it is up); true on Approve. */
  approve(what: Card): Promise<boolean>
  /** The frame's refusal error for the dApp (an EIP-1193 code, SPEC §8 text). */
  refuse(code: number | string, message: string): Error
}

const CACHE = SOLANA_ADDRESS_KEY

/**
 * The frame's Solana side: the wallet's Solana address (derived once from the
 * reassembled secret, then remembered on this origin: a public key, no secret)
 * and the approved signatures.
 */
export function solanaFrame(deps: SolanaFrameDeps) {
  async function withSigner<T>(
    w: { address: string; auth: string },
    run: (s: Awaited<ReturnType<typeof solanaSigner>>) => Promise<T>,
  ): Promise<T> {
    const device = await deps.loadDeviceShare(w.address)
    if (!device) throw deps.refuse(4100, 'Action not allowed')
    const secret = await deps.reassemble(w.address, device, w.auth)
    try {
      const signer = await solanaSigner(secret)
      localStorage.setItem(CACHE(w.address), signer.address)
      return await run(signer)
    } finally {
      secret.fill(0)
    }
  }

  /**
   * The Solana address of the session's wallet, or undefined when this
   * browser has no Ed25519 in WebCrypto (the EVM side works on; logged).
   */
  async function address(w: { address: string; auth: string }): Promise<string | undefined> {
    const cached = localStorage.getItem(CACHE(w.address))
    if (cached) return cached
    try {
      return await withSigner(w, async (s) => s.address)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotSupportedError') {
        console.warn('[portico signer] this browser has no Ed25519: no Solana account', error)
        return undefined
      }
      throw error
    }
  }

  return {
    address,

    /** Signs after the visitor's Approve, with a key rebuilt for this one request and dropped after. */
    async sign(request: SolanaFrameRequest): Promise<unknown> {
      const t = deps.token()
      if (!t) throw deps.refuse(4100, 'Action not allowed')
      const w = await deps.wallet(t)
      const own = await address(w)
      if (!own || request.params.pubkey !== own) throw deps.refuse(4100, 'Action not allowed')
      let what: ReturnType<typeof describeSolana>
      try {
        what = describeSolana(request, own)
      } catch (error) {
        if (error instanceof SolanaWireError) throw deps.refuse(-32602, `Invalid request: ${error.message}`)
        throw error
      }
      if (!(await deps.approve(what))) throw deps.refuse(4001, 'Signature declined')
      return withSigner(w, async (signer) => {
        // The remembered address is only a hint: the key rebuilt now must be that account's.
        if (signer.address !== own) throw deps.refuse(4100, 'Action not allowed')
        try {
          return await signSolana(signer, what)
        } catch (error) {
          if (error instanceof SolanaWireError) throw deps.refuse(-32602, `Invalid request: ${error.message}`)
          throw error
        }
      })
    },
  }
}
