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
  /** Directory entries seen by All Wallets, by id (ConnectingWalletConnect reads the chosen one). */
  wallets: Map<string, WalletDirectoryEntry>
  isMobile(): boolean
}

const instances = new WeakMap<Portico, WalletConnectInstance>()

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
      instances.set(ctx.portico, {
        connector,
        directory:
          options.directory ??
          (ctx.options.apiUrl || ctx.options.directoryUrl ? ctx.api?.directory : undefined),
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
        ctx.registerView('AllWallets', () => import('./react/AllWallets.js'))
      }
      const unregister = ctx.registerConnector?.(connector)
      if (!unregister)
        ctx.logger.warn(
          'walletconnect: this Portico runtime has no registerConnector; connect is unavailable',
        )
      return () => {
        offAlert()
        unregister?.()
        instances.delete(ctx.portico)
        void connector.destroy()
      }
    },
  })
}
