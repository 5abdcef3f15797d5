import {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type Network,
  PorticoError,
  type RequestChannel,
  RpcCallNotAllowedError,
} from '@portico/core'
import type { FrameClient } from './frame-client.js'
import { broadcast, chainNumber, prepareTransaction } from './send.js'

/**
 * The `eip155` request channel the EVM adapter drives: signing requests go to
 * the frame (each one an Approve card there, untimed); `eth_sendTransaction`
 * is prepared here (nonce, gas, fees from the network's RPC), signed by the
 * frame as `eth_signTransaction` and broadcast here. Anything else is refused.
 */
export function evmChannel(opts: {
  chains: readonly CaipNetworkId[]
  address: `0x${string}`
  frame(): FrameClient
  networks(): readonly Network[]
  on(event: string, handler: (payload: unknown) => void): () => void
  /** Issue 30: the account type a connect shows first (the key owns a smart account where the adapter makes one). */
  preferredAccountType?: 'eoa' | 'smartAccount'
}): RequestChannel {
  const { chains, address } = opts
  const namespace: ChainNamespace = 'eip155'
  // `portico_signUserOperation`: the frame parses the operation, shows its calls and computes the hash itself.
  const signing = new Set(['personal_sign', 'eth_signTypedData_v4', 'portico_signUserOperation'])
  return {
    namespace,
    smartAccountOwner: { preferred: opts.preferredAccountType ?? 'smartAccount' },
    accounts: () => chains.map((c) => `${c}:${address}` as CaipAddress),
    chains: () => chains,
    on: (event, handler) => opts.on(event, handler),
    request: async <T>({
      method,
      params,
      chainId,
    }: {
      method: string
      params?: unknown
      chainId: CaipNetworkId
    }) => {
      if (!chains.includes(chainId)) throw Object.assign(new Error('Unsupported chain'), { code: 5100 })
      const list = Array.isArray(params) ? params : []
      const frame = opts.frame()
      if (signing.has(method))
        return (await frame.request(
          { type: 'rpc', method, params: list, chainId: chainNumber(chainId) },
          { timeoutMs: null },
        )) as T
      if (method === 'eth_sendTransaction') {
        const network = opts.networks().find((n) => n.caipNetworkId === chainId)
        if (!network) throw Object.assign(new Error('Network not found'), { code: 5100 })
        const { url, tx } = await prepareTransaction(
          network,
          address,
          (list[0] ?? {}) as Record<string, unknown>,
        )
        const raw = await frame.request(
          { type: 'rpc', method: 'eth_signTransaction', params: [tx], chainId: chainNumber(chainId) },
          { timeoutMs: null },
        )
        if (typeof raw !== 'string' || !/^0x[0-9a-f]+$/i.test(raw))
          throw new PorticoError('An error occurred', { code: 'INVALID_FRAME_ANSWER' })
        return (await broadcast(url, raw as `0x${string}`)) as T
      }
      throw Object.assign(new RpcCallNotAllowedError(), { code: 5101 })
    },
  }
}
