import type { StargateClient } from '@cosmjs/stargate'
import type { CometClient } from '@cosmjs/tendermint-rpc'

/**
 * Read clients per RPC URL, created on first use (CosmJS is imported then,
 * never at page load). A failed connection is not cached, so the next call
 * retries.
 */
export class CosmosClients {
  private readonly clients = new Map<string, Promise<StargateClient>>()
  private readonly comets = new Map<string, Promise<CometClient>>()

  /** The CometBFT client of a node (for what StargateClient does not expose: `tx_search` with codespaces). */
  comet(rpcUrl: string): Promise<CometClient> {
    let client = this.comets.get(rpcUrl)
    if (!client) {
      client = import('@cosmjs/tendermint-rpc').then((m) => m.connectComet(rpcUrl))
      client.catch(() => this.comets.delete(rpcUrl))
      this.comets.set(rpcUrl, client)
    }
    return client
  }

  get(rpcUrl: string): Promise<StargateClient> {
    let client = this.clients.get(rpcUrl)
    if (!client) {
      client = import('@cosmjs/stargate').then((m) => m.StargateClient.connect(rpcUrl))
      client.catch(() => this.clients.delete(rpcUrl))
      this.clients.set(rpcUrl, client)
    }
    return client
  }

  disconnectAll(): void {
    // A client that never connected has nothing to close; its failure was reported to its caller.
    for (const client of this.clients.values()) client.then((c) => c.disconnect()).catch(() => undefined)
    for (const client of this.comets.values()) client.then((c) => c.disconnect()).catch(() => undefined)
    this.clients.clear()
    this.comets.clear()
  }
}

/** 0x-hex of bytes (public keys in account records). */
export function toHexString(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
