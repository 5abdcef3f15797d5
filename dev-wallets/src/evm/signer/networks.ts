import { type Chain, defineChain, hexToBigInt, isHex, type Transport } from 'viem'
import { invalidParams, unrecognizedChain } from './errors.js'

export interface DevWalletNetwork {
  chainId: number
  rpcUrl: string
  name?: string
}

/** A network as `DevWalletOptions.networks` accepts it: `{ chainId, rpcUrl }` or an `EvmNetwork`. */
export type DevWalletNetworkInput =
  | DevWalletNetwork
  | { id: number; name: string; rpcUrls: { default: { http: readonly string[] } } }

/** The chains the dev wallet knows (added with wallet_addEthereumChain too), and RPC forwarding. */
export class WalletNetworks {
  private readonly known = new Map<number, DevWalletNetwork>()

  constructor(
    networks: readonly DevWalletNetworkInput[],
    private readonly makeTransport: (rpcUrl: string) => Transport,
  ) {
    for (const n of networks) {
      const net =
        'chainId' in n ? n : { chainId: n.id, name: n.name, rpcUrl: n.rpcUrls.default.http[0] ?? '' }
      if (!net.rpcUrl) throw new Error(`dev wallet: network ${net.chainId} has no RPC URL`)
      this.known.set(net.chainId, net)
    }
  }

  get first(): number {
    return this.known.keys().next().value as number
  }

  /** Every chain the wallet knows, in the order it learnt them. */
  get chainIds(): number[] {
    return [...this.known.keys()]
  }

  has(chainId: number): boolean {
    return this.known.has(chainId)
  }

  get(chainId: number): DevWalletNetwork {
    const n = this.known.get(chainId)
    if (!n) throw new Error(`dev wallet: unknown chain ${chainId}`)
    return n
  }

  chain(chainId: number): Chain {
    const n = this.get(chainId)
    return defineChain({
      id: n.chainId,
      name: n.name ?? `chain ${n.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [n.rpcUrl] } },
    })
  }

  transport(chainId: number): Transport {
    return this.makeTransport(this.get(chainId).rpcUrl)
  }

  /** Sends a read to the chain's RPC unchanged. */
  async forward(chainId: number, method: string, params: unknown): Promise<unknown> {
    const transport = this.transport(chainId)({ chain: this.chain(chainId), retryCount: 0 })
    return await transport.request({ method, params: params as unknown[] })
  }

  /** wallet_switchEthereumChain params → a known chain id (4902 for an unknown one). */
  switchTarget(params: unknown[]): number {
    const chainId = (params[0] as { chainId?: unknown } | undefined)?.chainId
    if (typeof chainId !== 'string' || !isHex(chainId)) throw invalidParams('chainId')
    const id = Number(hexToBigInt(chainId))
    if (!this.known.has(id)) throw unrecognizedChain(chainId)
    return id
  }

  /** wallet_addEthereumChain: remembers the chain (http(s) RPC URLs only); returns its id. */
  add(params: unknown[]): number {
    const p = (params[0] ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown }
    if (typeof p.chainId !== 'string' || !isHex(p.chainId)) throw invalidParams('chainId')
    const rpcUrl = Array.isArray(p.rpcUrls)
      ? p.rpcUrls.find((u) => typeof u === 'string' && /^https?:\/\//.test(u))
      : undefined
    if (typeof rpcUrl !== 'string') throw invalidParams('rpcUrls')
    const id = Number(hexToBigInt(p.chainId))
    this.known.set(id, {
      chainId: id,
      rpcUrl,
      ...(typeof p.chainName === 'string' ? { name: p.chainName } : {}),
    })
    return id
  }
}
