import {
  ALERTS,
  definePlugin,
  type Network,
  type Plugin,
  type Portico,
  type WalletDirectoryApi,
  type WalletDirectoryEntry,
} from '@portico/core'
import {
  createWalletConnectConnector,
  isLoopbackRelay,
  ProjectIdNotConfiguredError,
  type WalletConnectConnector,
  type WalletConnectConnectorOptions,
} from './connector/index.js'
import { createDirectoryCache, type DirectoryCache } from './directory-cache/index.js'

export interface WalletConnectPluginOptions
  extends Omit<WalletConnectConnectorOptions, 'projectId' | 'networks' | 'metadata'> {
  /**
   * Default: the instance's `projectId`. Required unless `relayUrl` is on
   * loopback (SPEC §8 "Project ID Not Configured" otherwise).
   */
  projectId?: string
  /** Networks whose RPC URLs the proposal carries; default every network the instance offers. */
  networks?: readonly Network[]
  metadata?: WalletConnectConnectorOptions['metadata']
  /** Wallet ids shown first in All Wallets, in this order (the first 4 are "recommended"). */
  featuredWalletIds?: readonly string[]
  /** Only these wallet ids are listed. */
  includeWalletIds?: readonly string[]
  /** These wallet ids are never listed. */
  excludeWalletIds?: readonly string[]
  /** Wallet directory client; default the instance's (when `apiUrl` or `directoryUrl` is set). */
  directory?: WalletDirectoryApi
  /** Register the views (default true; needs `@portico/react`). */
  views?: boolean
}

/** What the plugin keeps per Portico instance (read by its views). */
export interface WalletConnectInstance {
  connector: WalletConnectConnector
  directory: WalletDirectoryApi | undefined
  options: WalletConnectPluginOptions
  /** What the client knows of the directory (prefetched first page, loaded pages, search results). */
  directoryCache: DirectoryCache | undefined
  /** Directory entries seen by All Wallets, by id (ConnectingWalletConnect reads the chosen one). */
  wallets: Map<string, WalletDirectoryEntry>
  isMobile(): boolean
}

const instances = new WeakMap<Portico, WalletConnectInstance>()

/** The All Wallets view chunk (registered as the view's loader and prefetched). */
const loadAllWallets = () => import('./react/AllWallets.js')

/** Views from which a visitor reaches All Wallets in one step. */
const BEFORE_ALL_WALLETS = new Set(['Connect', 'AllWallets'])

/**
 * Warms All Wallets for `portico`: its view chunk and the directory's first
 * page (featured wallets + 40) for the instance's networks, unless a fresh one
 * is cached. The plugin calls it when the modal opens on Connect; call it too
 * when the pointer nears a button of yours that opens All Wallets. Resolves
 * when both are loaded; rejects with the failure (the view shows it and
 * retries on its own when opened).
 *
 * @example
 * button.addEventListener('pointerenter', () => void prefetchAllWallets(portico).catch(console.warn))
 */
export async function prefetchAllWallets(portico: Portico): Promise<void> {
  const instance = instances.get(portico)
  if (!instance) throw new Error('walletConnectPlugin() is not installed on this Portico instance')
  const { directoryCache, options } = instance
  const views = options.views !== false ? loadAllWallets() : undefined
  const page = directoryCache?.prefetch({
    include: options.includeWalletIds,
    exclude: options.excludeWalletIds,
    chains: portico.getState().networks.all.map((n) => n.caipNetworkId),
  })
  await Promise.all([views, page])
}

/**
 * The WalletConnect connector registered by `walletConnectPlugin` on an
 * instance (the views use it to show the pairing URI), or undefined.
 *
 * @example
 * const wc = getWalletConnectConnector(portico)
 * wc?.subscribe((s) => render(s.uri))
 */
export function getWalletConnectConnector(portico: Portico): WalletConnectConnector | undefined {
  return instances.get(portico)?.connector
}

/** The plugin's per-instance record (connector, directory client, options), or undefined. */
export function getWalletConnectInstance(portico: Portico): WalletConnectInstance | undefined {
  return instances.get(portico)
}

function defaultIsMobile(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}

/**
 * WalletConnect v2 for Portico: one `walletConnect` connector per configured
 * namespace, backed by `@walletconnect/universal-provider` loaded on first use.
 * The session proposal lists only namespaces whose adapter is installed, with
 * the methods that adapter declares (`adapter.channel`); each approved
 * namespace's adapter drives its own `RequestChannel`. Telemetry is off, every
 * network's own RPC URL is passed as `rpcMap`, and Verify is on for a relay
 * that is not on loopback.
 * Registers the ConnectingWalletConnect, ConnectingWalletConnectBasic and
 * AllWallets views (lazy chunks of `@portico/plugin-walletconnect/react`).
 *
 * @example
 * createPortico({
 *   adapters: [evmAdapter({ networks })],
 *   plugins: [walletConnectPlugin({ relayUrl: 'ws://127.0.0.1:8550' })],
 * })
 */
export function walletConnectPlugin(options: WalletConnectPluginOptions = {}): Plugin {
  return definePlugin({
    id: 'walletconnect',
    setup(ctx) {
      const projectId = options.projectId ?? ctx.options.projectId
      if (!projectId && !isLoopbackRelay(options.relayUrl))
        ctx.logger.warn('walletconnect: no projectId for a relay that is not on loopback; connect will fail')
      const connector = createWalletConnectConnector({
        ...options,
        ...(projectId ? { projectId } : {}),
        metadata: options.metadata ?? ctx.options.metadata,
        networks: () => options.networks ?? ctx.getState().networks.all,
      })
      // SPEC §8 "Project ID Not Configured" shows as an alert when a connect meets it.
      const offAlert = connector.subscribe((s) => {
        if (s.error instanceof ProjectIdNotConfiguredError)
          ctx.setAlert?.({ ...ALERTS.PROJECT_ID_NOT_CONFIGURED, severity: 'error' })
      })
      const directory =
        options.directory ?? (ctx.options.apiUrl || ctx.options.directoryUrl ? ctx.api?.directory : undefined)
      instances.set(ctx.portico, {
        connector,
        directory,
        directoryCache: directory
          ? createDirectoryCache(directory, { featuredIds: options.featuredWalletIds })
          : undefined,
        options,
        wallets: new Map(),
        isMobile: () => ctx.options.isMobile?.() ?? defaultIsMobile(),
      })
      if (options.views !== false) {
        ctx.registerView('ConnectingWalletConnect', () => import('./react/ConnectingWalletConnect.js'))
        ctx.registerView(
          'ConnectingWalletConnectBasic',
          () => import('./react/ConnectingWalletConnectBasic.js'),
        )
        ctx.registerView('AllWallets', loadAllWallets)
      }
      // All Wallets is one click away once the modal shows Connect: fetch its chunk and first page now,
      // so the click paints rows at once. Once per opening; a failure is logged (the view retries).
      let warmed = false
      const offWarm =
        options.views !== false && directory && ctx.isBrowser
          ? ctx.subscribe((s) => {
              if (!s.modal.open) warmed = false
              else if (!warmed && BEFORE_ALL_WALLETS.has(s.router.view)) {
                warmed = true
                prefetchAllWallets(ctx.portico).catch((e: unknown) =>
                  ctx.logger.warn('walletconnect: prefetching All Wallets failed', e),
                )
              }
            })
          : undefined
      const unregister = ctx.registerConnector?.(connector)
      if (!unregister)
        ctx.logger.warn(
          'walletconnect: this Portico runtime has no registerConnector; connect is unavailable',
        )
      return () => {
        offWarm?.()
        offAlert()
        unregister?.()
        instances.delete(ctx.portico)
        void connector.destroy()
      }
    },
  })
}
