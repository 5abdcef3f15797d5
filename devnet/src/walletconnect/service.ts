import { type NodeServiceOptions, nodeScriptService, spawnNodeService } from '../process-service.js'
import type { ServiceInfo } from '../services.js'

export interface WalletConnectRelayServiceInfo extends ServiceInfo {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` for dApp and wallet. */
  url: string
  port: number
}

/** Default port of the loopback WalletConnect relay. */
export const WALLETCONNECT_RELAY_DEFAULT_PORT = 8550

/** Starts the relay as its own process and waits for its ready line. */
export async function spawnWalletConnectRelay(
  opts: NodeServiceOptions,
): Promise<WalletConnectRelayServiceInfo> {
  return await spawnNodeService<WalletConnectRelayServiceInfo>(
    'the WalletConnect relay',
    import.meta.url,
    opts,
  )
}

/** The loopback WalletConnect relay, on port 8550 by default. */
export const walletConnectRelayService = nodeScriptService({
  name: 'walletconnect',
  defaultPort: WALLETCONNECT_RELAY_DEFAULT_PORT,
  logName: 'walletconnect-relay.log',
  spawn: spawnWalletConnectRelay,
})
