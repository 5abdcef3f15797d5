import type { StargateClient } from '@cosmjs/stargate'

/**
 * Read clients per RPC URL, created on first use (CosmJS is imported then,
 * never at page load). A failed connection is not cached, so the next call
 * retries.
 */
export class CosmosClients {
  private readonly clients = new Map<string, Promise<StargateClient>>()

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
    for (const client of this.clients.values()) client.then((c) => c.disconnect()).catch(() => undefined)
    this.clients.clear()
  }
}

/** 0x-hex of bytes (public keys in account records). */
export function toHexString(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
