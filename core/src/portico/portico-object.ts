import type { AccountsService, BalanceService, ProfileService } from '../accounts/index.js'
import { fetchRecommendedWallets, toWellKnownWallets } from '../api/recommended.js'
import type { ConnectionService } from '../connection/index.js'
import type { ChainAdapter, ChainNamespace, Portico, PorticoState } from '../contracts/index.js'
import type { ModalService } from '../modal/index.js'
import type { NetworksService } from '../networks/index.js'
import type { PluginRegistry } from '../plugins/index.js'
import type { RouterService } from '../router/index.js'
import type { createNameResolution } from '../send/names.js'
import type { Store } from '../state/index.js'
import { getRequestMethodSafety } from '../utils/index.js'
import type { InstanceApi } from './api.js'
import type { Foundation } from './foundation.js'
import type { LazyActionMethods } from './lazy-actions.js'
import type { createAccountReads } from './reads.js'
import type { SiwxStep } from './siwx-step.js'

/** The parts the public object delegates to, built by the earlier steps of `createPortico`. */
export interface PorticoParts {
  f: Foundation
  store: Store<PorticoState>
  api: InstanceApi
  accounts: AccountsService
  balance: BalanceService
  profile: ProfileService
  connection: ConnectionService
  modal: ModalService
  router: RouterService
  networks: NetworksService
  registry: PluginRegistry
  /** Wallet requests, outcomes, calls, Send, Pay, smart sessions: loaded on first call (`lazy-actions.ts`). */
  actions: LazyActionMethods
  names: ReturnType<typeof createNameResolution>
  reads: ReturnType<typeof createAccountReads>
  readyRef: { ready: Promise<void> }
  siwx(): SiwxStep | undefined
  clearAlert(): void
  destroy(): void
}

/** The public `Portico` object: a thin face over the instance's services, no logic of its own. */
export function assemblePortico(p: PorticoParts): Portico {
  const { store, accounts, adapters, events } = { ...p, adapters: p.f.adapters, events: p.f.events }
  return {
    open: (opts) => p.modal.open(opts),
    close: () => p.modal.close(),
    connect: (connectorId, opts) => p.connection.connect(connectorId, opts),
    disconnect: (namespace) => p.connection.disconnect(namespace),
    getConnections: () => p.connection.getConnections(),
    switchConnection: (connectionId) => p.connection.switchConnection(connectionId),
    disconnectConnection: (connectionId) => p.connection.disconnectConnection(connectionId),
    switchAccountType: (type, namespace) => p.connection.switchAccountType(type, namespace),
    switchNetwork: (caipNetworkId) => p.networks.switchNetwork(caipNetworkId),
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    getLogs: () => p.f.diagnostics.text(),
    on: (event, handler) => events.on(event, handler),
    off: (event, handler) => events.off(event, handler),
    router: p.router,
    events,
    get ready() {
      return p.readyRef.ready
    },
    get siwx() {
      return p.siwx()?.controller
    },
    getViewLoader: (name) => p.registry.getViewLoader(name),
    getAccountActions: () => p.registry.getAccountActions(),
    setAccountTab: (tab, namespace) => accounts.setTab(tab, namespace),
    setThemeMode: (mode) => store.setState((s) => (s.themeMode === mode ? s : { ...s, themeMode: mode })),
    ...p.actions,
    resolveName: p.names.resolveName,
    setLoading: (loading, namespace) => p.modal.setLoading(loading, namespace),
    shake: () => p.modal.shake(),
    // Asked for by a host or a plugin because something changed (a purchase arrived, Try again):
    // read past the gateway's balance cache (forceUpdate); a read already under way is shared.
    refreshBalance: (namespace) => p.balance.refresh(namespace, { fresh: `refresh-${Date.now()}` }),
    refreshProfile: async (namespace) => {
      const ns = namespace ?? store.getState().activeNamespace
      if (ns) await p.profile.refresh(ns, { force: true })
    },
    clearAlert: p.clearAlert,
    getRecommendedWallets: () => fetchRecommendedWallets(p.api.directory),
    getWellKnownWallets: () =>
      adapters
        .all()
        .map((a) => ({
          namespace: a.namespace,
          wallets: toWellKnownWallets(a.namespace, a.wellKnownWallets),
        }))
        .filter((entry) => entry.wallets.length > 0),
    getAdapter: (namespace: ChainNamespace): ChainAdapter | undefined => adapters.find(namespace),
    getRequestMethodSafety: (method, namespace) => {
      const lists = adapters.find(namespace ?? store.getState().activeNamespace)?.requestMethods
      return getRequestMethodSafety(method, lists)
    },
    getActivity: p.reads.getActivity,
    getNfts: p.reads.getNfts,
    destroy: p.destroy,
  }
}
