import {
  type CaipAddress,
  type CaipNetworkId,
  type Network,
  networkRpcUrls,
  PorticoError,
  type RequestChannel,
  type RequestChannelEvent,
} from '@portico/core'
import { parseSolanaSignature, parseSolanaSigned } from '../solana-protocol.js'
import { EmbeddedFrameError, type FrameClient } from './frame-client.js'

export interface SolanaChannelOptions {
  chains: readonly CaipNetworkId[]
  /** The wallet's Solana address (base58), from the frame's session answer. */
  address: string
  frame(): FrameClient
  networks(): readonly Network[]
  rpc: { apiUrl?: string; projectId?: string }
  on(event: RequestChannelEvent, handler: (payload: unknown) => void): () => void
}

const channelError = (message: string, code: number) => Object.assign(new Error(message), { code })
const invalidAnswer = () => new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })

/** Sends a signed transaction (base64) to the cluster's RPC; the signature (base58) it answers. */
async function broadcast(url: string, transaction: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [transaction, { encoding: 'base64', preflightCommitment: 'confirmed' }],
    }),
  })
  if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
  const body = (await res.json()) as { result?: unknown; error?: { code?: number; message?: string } }
  if (body.error) throw Object.assign(new Error(body.error.message ?? 'RPC error'), { code: body.error.code })
  const signature = parseSolanaSignature({ signature: body.result })
  if (!signature)
    throw new PorticoError('The RPC returned no transaction signature', { code: 'INVALID_RPC_ANSWER' })
  return signature
}

/**
 * The embedded wallet's `solana` request channel, driven by the Solana
 * adapter with the WalletConnect Solana methods. Signing happens in the frame
 * after the visitor's Approve (`solana_signMessage`, `solana_signTransaction`);
 * `solana_signAndSendTransaction` is the frame's signature, then this page
 * sends the transaction to the cluster's RPC, as the EVM side does.
 */
export function solanaChannel(options: SolanaChannelOptions): RequestChannel {
  const { chains, address } = options
  const ask = async (method: string, params: Record<string, unknown>, chainId: CaipNetworkId) => {
    try {
      return await options.frame().request({ type: 'solana', method, params, chainId }, { timeoutMs: null })
    } catch (error) {
      // A wallet's `{ code, message }`, as the channel contract says: the adapter maps 4001 to a rejection.
      if (error instanceof EmbeddedFrameError && typeof error.code === 'number')
        throw Object.assign(new Error(error.shortMessage), { code: error.code, cause: error })
      throw error
    }
  }
  return {
    namespace: 'solana',
    accounts: () => chains.map((c) => `${c}:${address}` as CaipAddress),
    chains: () => chains,
    on: options.on,
    request: async <T>({
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: CaipNetworkId
    }) => {
      if (!chains.includes(chainId)) throw channelError('Unsupported chain', 5100)
      const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
      if (p.pubkey !== address) throw channelError('Action not allowed', 4100)
      if (method === 'solana_signMessage') {
        const signature = parseSolanaSignature(
          await ask(method, { message: p.message, pubkey: address }, chainId),
        )
        if (!signature) throw invalidAnswer()
        return { signature } as T
      }
      if (method !== 'solana_signTransaction' && method !== 'solana_signAndSendTransaction')
        throw channelError('Method not supported', 5101)
      const signed = parseSolanaSigned(
        await ask('solana_signTransaction', { transaction: p.transaction, pubkey: address }, chainId),
      )
      if (!signed) throw invalidAnswer()
      if (method === 'solana_signTransaction') return { transaction: signed } as T
      const network = options.networks().find((n) => n.caipNetworkId === chainId)
      const url = network ? networkRpcUrls(network, options.rpc)[0] : undefined
      if (!url) throw channelError('Network not found', 5100)
      return { signature: await broadcast(url, signed) } as T
    },
  }
}
