import {
  type CosmosNetwork,
  cosmosAdapter,
  cosmosConnectorId,
  cosmosLocalHub,
  cosmosLocalOsmo,
} from '@portico/adapter-cosmos'
import {
  COSMOS_DEV_WALLET_NAME,
  type CosmosDevWallet,
  createCosmosDevWallet,
} from '@portico/adapter-cosmos/dev-wallet'
import type { ChainAdapter } from '@portico/core'

/**
 * The Cosmos chain simulator (devnet/src/cosmos; no Cosmos SDK node runs on
 * these machines), as the demo's devnet info carries it: its two chains
 * (different bech32 prefixes) and the funded dev accounts.
 */
export interface CosmosDevnetInfo {
  chains: { chainId: string; bech32Prefix: string; rpcUrl: string; restUrl: string; caipNetworkId: string }[]
  fixtures?: { accounts: { index: number; addresses: Record<string, string> }[] }
}

/** The id the demo gives its Cosmos dev wallet (the connector id is `keplr:dev.portico.cosmos`). */
export const COSMOS_DEMO_WALLET_ID = 'dev.portico.cosmos'
export const COSMOS_DEMO_CONNECTOR_ID = cosmosConnectorId(COSMOS_DEMO_WALLET_ID)

const LOCAL_CHAINS: Record<string, (urls: { rpcUrl: string; restUrl: string }) => CosmosNetwork> = {
  'portico-hub-1': cosmosLocalHub,
  'portico-osmo-1': cosmosLocalOsmo,
}

/**
 * The demo's Cosmos pieces when the simulator runs: its networks, the Cosmos
 * dev wallet (Keplr API, the public dev mnemonic) on `window.keplr` and
 * handed to the adapter under its own name, and the adapter. Nothing when the
 * simulator is not running (the modal then offers no Cosmos).
 */
export function createCosmosWorld(
  info: CosmosDevnetInfo | undefined,
  target: object,
): { adapters: ChainAdapter<'cosmos'>[]; wallet?: CosmosDevWallet } {
  const chains = (info?.chains ?? []).filter((c) => LOCAL_CHAINS[c.chainId])
  if (chains.length === 0) return { adapters: [] }
  const networks = chains.map((c) => LOCAL_CHAINS[c.chainId]!({ rpcUrl: c.rpcUrl, restUrl: c.restUrl }))
  const wallet = createCosmosDevWallet({
    chains: chains.map((c) => ({
      chainId: c.chainId,
      bech32Prefix: c.bech32Prefix,
      rpc: c.rpcUrl,
      rest: c.restUrl,
    })),
    name: 'Portico dev account',
  })
  // On window.keplr too, so its key changes reach the adapter as `keplr_keystorechange`.
  wallet.install(target)
  const adapter = cosmosAdapter({
    networks,
    wallets: [{ id: COSMOS_DEMO_WALLET_ID, name: COSMOS_DEV_WALLET_NAME, provider: wallet.keplr }],
  })
  return { adapters: [adapter], wallet }
}
