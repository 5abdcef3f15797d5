/**
 * The Solana request of the frame protocol (v1), frame side:
 * `{ type: 'solana', method, params, chainId }` with the WalletConnect Solana
 * method names the Solana adapter sends over a request channel. The dApp side
 * checks the same shapes with its own code.
 */
export const SOLANA_SIGNING_METHODS = ['solana_signMessage', 'solana_signTransaction'] as const
export type SolanaSigningMethod = (typeof SOLANA_SIGNING_METHODS)[number]

export type SolanaFrameRequest =
  | {
      type: 'solana'
      method: 'solana_signMessage'
      params: { message: string; pubkey: string }
      chainId: string
    }
  | {
      type: 'solana'
      method: 'solana_signTransaction'
      params: { transaction: string; pubkey: string }
      chainId: string
    }

/** A Solana address: 32–44 base58 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A Solana cluster's CAIP-2 id. */
export const SOLANA_CHAIN = /^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/
/** Base58 of at most 4 KiB (a message to sign). */
const MESSAGE = /^[1-9A-HJ-NP-Za-km-z]{1,5600}$/
/** Base64 of at most one packet (1232 bytes). */
const TRANSACTION = /^[A-Za-z0-9+/]{4,1644}={0,2}$/

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The request when `p` is a valid Solana one, else undefined (the message is then ignored). */
export function parseSolanaRequest(p: Record<string, unknown>): SolanaFrameRequest | undefined {
  const { method, params, chainId } = p
  if (typeof chainId !== 'string' || !SOLANA_CHAIN.test(chainId) || !isObj(params)) return undefined
  if (typeof params.pubkey !== 'string' || !SOLANA_ADDRESS.test(params.pubkey)) return undefined
  if (method === 'solana_signMessage')
    return typeof params.message === 'string' && MESSAGE.test(params.message)
      ? { type: 'solana', method, params: { message: params.message, pubkey: params.pubkey }, chainId }
      : undefined
  if (method === 'solana_signTransaction')
    return typeof params.transaction === 'string' && TRANSACTION.test(params.transaction)
      ? {
          type: 'solana',
          method,
          params: { transaction: params.transaction, pubkey: params.pubkey },
          chainId,
        }
      : undefined
  return undefined
}
