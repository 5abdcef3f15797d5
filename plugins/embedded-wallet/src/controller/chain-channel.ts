import type { CaipAddress, CaipNetworkId, Network, RequestChannel, RequestChannelEvent } from '@portico/core'
import { EmbeddedFrameError, type FrameClient } from './frame-client.js'

/**
 * What the controller lends a namespace's request channel (Bitcoin, Cosmos,
 * Polkadot: issue 14's other namespaces). The frame holds the keys; the
 * channel asks it, checks every answer (the frame is another origin: its
 * answers are untrusted here) and hands the adapter the WalletConnect-shaped
 * answers it expects from any wallet on a request channel.
 */
export interface ChainChannelOptions {
  /** The CAIP-2 chains of this namespace the dApp asked for. */
  chains: readonly CaipNetworkId[]
  frame(): FrameClient
  /** The dApp's networks (chain parameters such as a bech32 or SS58 prefix come from here). */
  networks(): readonly Network[]
  rpc: { apiUrl?: string; projectId?: string }
  on(event: RequestChannelEvent, handler: (payload: unknown) => void): () => void
}

/** A wallet-style error `{ code, message }`, as the channel contract says (4001 → rejection, 5100…). */
export const channelError = (message: string, code: number) => Object.assign(new Error(message), { code })

/**
 * One frame request `{ type, method, params, chainId }`. `approval: true` for a
 * signature (no time-out: the visitor reads the card); public methods keep the
 * SPEC §9 request time-out. A numeric frame refusal becomes `{ code, message }`.
 */
export async function askFrame(
  frame: FrameClient,
  payload: {
    type: 'bip122' | 'cosmos' | 'polkadot'
    method: string
    params: Record<string, unknown>
    chainId: string
  },
  opts: { approval: boolean },
): Promise<unknown> {
  try {
    return await frame.request(payload, opts.approval ? { timeoutMs: null } : {})
  } catch (error) {
    if (error instanceof EmbeddedFrameError && typeof error.code === 'number')
      throw Object.assign(new Error(error.shortMessage), { code: error.code, cause: error })
    throw error
  }
}

/** The CAIP-10 accounts of a channel: each chain with the address the frame gave for it. */
export function caipAccounts(addresses: ReadonlyMap<CaipNetworkId, readonly string[]>): CaipAddress[] {
  return [...addresses].flatMap(([chain, list]) => list.map((a) => `${chain}:${a}` as CaipAddress))
}

export type ChainChannelFactory = (options: ChainChannelOptions) => Promise<RequestChannel | undefined>
