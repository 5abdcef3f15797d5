import type { PolkadotDevExtension } from '@portico/adapter-polkadot/dev-wallet'
import type { ChainAdapter } from '@portico/core'

/** The chopsticks devnet (services.polkadot of devnet.json): its WebSocket URL, network and fixtures. */
export interface PolkadotDevnetInfo {
  wsUrl: string
  httpUrl?: string
  genesisHash: string
  caipNetworkId: string
  ss58Prefix: number
  fixtures: {
    devAccounts: { name: string; uri: string; address: string; publicKey: string }[]
    asset?: { id: number; name: string; symbol: string; decimals: number }
  }
}

/** What the demo adds for Polkadot: the adapter (none without a devnet), the injected dev extension, the page's transfer. */
export interface PolkadotNamespace {
  adapters: ChainAdapter[]
  wallet: PolkadotDevExtension | undefined
  /** The "Send" button of the page while Polkadot is the active namespace. */
  transfers: { polkadot?: { label: string; request: { to: string; value: bigint } } }
}

/** The dev keys the demo's extension holds: Alice (funded, holds the PDUSD asset) first, then Bob. */
const DEMO_KEYS = ['//Alice', '//Bob']
/** The page sends 1 ROC (12 decimals) to Charlie, a funded dev account the extension does not hold. */
const TRANSFER_VALUE = 10n ** 12n

/**
 * Polkadot in the demo when the chopsticks devnet runs: the adapter on the
 * local network (with the devnet's Assets token) and the Portico Dev
 * Extension injected in `window.injectedWeb3`. Both packages are imported only
 * then, so a demo without the devnet loads none of the Polkadot code.
 */
export async function polkadotNamespace(info: PolkadotDevnetInfo | undefined): Promise<PolkadotNamespace> {
  if (!info?.wsUrl) return { adapters: [], wallet: undefined, transfers: {} }
  const [{ polkadotAdapter, polkadotLocal }, { createPolkadotDevExtension }] = await Promise.all([
    import('@portico/adapter-polkadot'),
    import('@portico/adapter-polkadot/dev-wallet'),
  ])
  const asset = info.fixtures.asset
  const network = polkadotLocal({
    wsUrl: info.wsUrl,
    name: 'Polkadot Local',
    ...(asset
      ? { assetTokens: [{ id: asset.id, symbol: asset.symbol, name: asset.name, decimals: asset.decimals }] }
      : {}),
  })
  const wallet = await createPolkadotDevExtension({ uris: DEMO_KEYS })
  wallet.inject()
  const charlie = info.fixtures.devAccounts.find((a) => a.name === 'Charlie')
  return {
    adapters: [polkadotAdapter({ appName: 'Portico demo', networks: [network] })],
    wallet,
    transfers: charlie
      ? { polkadot: { label: 'Send 1 ROC', request: { to: charlie.address, value: TRANSFER_VALUE } } }
      : {},
  }
}
