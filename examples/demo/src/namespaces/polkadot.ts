import { polkadotAdapter, polkadotLocal } from '@portico/adapter-polkadot'
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
  /** The dev extension once its keys are loaded and it is in `window.injectedWeb3`. */
  wallet: Promise<PolkadotDevExtension> | undefined
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
 * Extension, injected in `window.injectedWeb3` once its keyring has loaded.
 *
 * The extension is not awaited here: `createWorld` runs in the entry module's
 * top-level await, and the lazily loaded keyring chunks import the entry
 * chunk, so awaiting them there would never settle. It injects itself a
 * moment later, as real extensions do; the adapter keeps looking meanwhile.
 */
export function polkadotNamespace(info: PolkadotDevnetInfo | undefined): PolkadotNamespace {
  if (!info?.wsUrl) return { adapters: [], wallet: undefined, transfers: {} }
  const asset = info.fixtures.asset
  const network = polkadotLocal({
    wsUrl: info.wsUrl,
    name: 'Polkadot Local',
    ...(asset
      ? { assetTokens: [{ id: asset.id, symbol: asset.symbol, name: asset.name, decimals: asset.decimals }] }
      : {}),
  })
  const wallet = import('@portico/adapter-polkadot/dev-wallet').then(
    async ({ createPolkadotDevExtension }) => {
      const extension = await createPolkadotDevExtension({ uris: DEMO_KEYS })
      extension.inject()
      return extension
    },
  )
  wallet.catch((error: unknown) =>
    console.error('Portico demo: the Polkadot dev extension did not load', error),
  )
  const charlie = info.fixtures.devAccounts.find((a) => a.name === 'Charlie')
  return {
    // Discovery keeps looking for 30 s: the dev extension injects once its chunks have loaded.
    adapters: [polkadotAdapter({ appName: 'Portico demo', networks: [network], discoveryWindowMs: 30_000 })],
    wallet,
    transfers: charlie
      ? { polkadot: { label: 'Send 1 ROC', request: { to: charlie.address, value: TRANSFER_VALUE } } }
      : {},
  }
}
