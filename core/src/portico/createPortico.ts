import {
  AccountsService,
  BalanceService,
  gatewayWithAdapterFallback,
  ProfileService,
} from '../accounts/index.js'
import { adapterTokenBalanceSource } from '../api/index.js'
import { ConnectionService, readRecentConnectors } from '../connection/index.js'
import { RPC_POLLING_INTERVAL_MS } from '../constants/index.js'
import type {
  AlertState,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectorProvider,
  Logger,
  PluginContext,
  Portico,
  PorticoContext,
  PorticoOptions,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import {
  createInstanceContainer,
  type DependencyContainer,
  registerSingleton,
  registerValue,
  TOKENS,
} from '../di/index.js'
import {
  AddressOrAuthConnectorNotFoundError,
  MethodNotSupportedError,
  toPorticoError,
} from '../errors/index.js'
import { createEventBus, type InstanceEventBus } from '../events/index.js'
import { ModalService } from '../modal/index.js'
import { AdapterRegistry, NetworksService } from '../networks/index.js'
import { PluginRegistry } from '../plugins/index.js'
import { RouterService } from '../router/index.js'
import { detectEnvironment, type Environment } from '../ssr/index.js'
import { createInitialState, createStore, type Store } from '../state/index.js'
import { resolveStorage } from '../storage/index.js'
import { formatBalance, formatUnits } from '../utils/index.js'
import { createApiClients, type InstanceApi } from './api.js'
import { createConsoleLogger } from './logger.js'
import { createTimers, type Timers } from './timers.js'

/** Events analytics does not receive: MODAL_CREATED is never sent (SPEC §7); the rest is internal chatter. */
const NOT_TRACKED = new Set([
  'MODAL_CREATED',
  'ROUTER_CHANGE',
  'AUTH_CONNECTOR_RELOAD',
  'APP_METADATA_SYNC',
  'ALERT',
])
const ERROR_EVENTS = new Set(['CONNECT_ERROR', 'DISCONNECT_ERROR', 'ERROR'])

function wireServices(c: DependencyContainer, options: PorticoOptions): void {
  const get = <T>(token: symbol) => c.resolve<T>(token)
  registerSingleton(c, TOKENS.Accounts, () => new AccountsService(get<Store<PorticoState>>(TOKENS.Store)))
  registerSingleton(
    c,
    TOKENS.Router,
    () =>
      new RouterService({
        store: get(TOKENS.Store),
        events: get(TOKENS.Events),
        timers: get(TOKENS.Timers),
        isConnected: () => get<AccountsService>(TOKENS.Accounts).isConnected(),
        closeModal: () => get<ModalService>(TOKENS.Modal).close(),
        clearFarcasterUrl: () => {
          const ns = get<Store<PorticoState>>(TOKENS.Store).getState().activeNamespace
          if (ns) get<AccountsService>(TOKENS.Accounts).update(ns, { farcasterUrl: undefined })
        },
        metadata: options.metadata,
      }),
  )
  registerSingleton(c, TOKENS.Modal, () => {
    const env = get<Environment>(TOKENS.Environment)
    return new ModalService({
      store: get(TOKENS.Store),
      events: get(TOKENS.Events),
      timers: get(TOKENS.Timers),
      router: get(TOKENS.Router),
      embedded: options.embedded === true,
      manualWCControl: options.manualWCControl === true,
      hasAdapters: get<AdapterRegistry>(TOKENS.Adapters).size > 0,
      hasAdapter: (ns) => get<AdapterRegistry>(TOKENS.Adapters).find(ns) !== undefined,
      isMobile: env.isMobile,
      isConnected: (ns) => get<AccountsService>(TOKENS.Accounts).isConnected(ns),
      isUnsupported: (ns) => {
        const state = get<Store<PorticoState>>(TOKENS.Store).getState()
        const key = ns ?? state.activeNamespace
        return key !== undefined && state.networks.unsupported[key] === true
      },
      ready: () => get<{ ready: Promise<void> }>(TOKENS.Ready).ready,
      switchToNamespace: async (ns) => {
        try {
          await get<NetworksService>(TOKENS.Networks).activateNamespace(ns)
        } catch (error) {
          get<Logger>(TOKENS.Logger).warn('Portico: could not switch to the requested namespace', error)
          get<InstanceEventBus>(TOKENS.Events).emit('ERROR', { error, event: 'SWITCH_NETWORK' })
        }
      },
    })
  })
  registerSingleton(
    c,
    TOKENS.Networks,
    () =>
      new NetworksService({
        store: get(TOKENS.Store),
        events: get(TOKENS.Events),
        adapters: get(TOKENS.Adapters),
        accounts: get(TOKENS.Accounts),
        onSwitchFailed: (error) => {
          get<Logger>(TOKENS.Logger).warn('Portico: network switch failed', error)
          // SPEC §2: a failed network switch takes the modal back one view.
          if (get<Store<PorticoState>>(TOKENS.Store).getState().modal.open)
            get<RouterService>(TOKENS.Router).goBack()
        },
        onNetworkChanged: (ns) => void get<BalanceService>(TOKENS.Balance).refresh(ns),
        // A namespace connected through a plugin's connector switches through it.
        connectorSwitch: (connectorId) => {
          const provider = get<ConnectionService>(TOKENS.Connection).providerOf(connectorId)
          if (!provider) return undefined
          return async (caipNetworkId) => {
            if (!provider.switchNetwork) throw new MethodNotSupportedError({ method: 'switchNetwork' })
            await provider.switchNetwork({ connectorId, caipNetworkId })
          }
        },
      }),
  )
  registerSingleton(
    c,
    TOKENS.Balance,
    () =>
      new BalanceService({
        store: get(TOKENS.Store),
        adapters: get(TOKENS.Adapters),
        accounts: get(TOKENS.Accounts),
        logger: get(TOKENS.Logger),
        format: (value, decimals) => formatBalance(formatUnits(value, decimals)),
        // Token balances: the gateway when `apiUrl` is set, for the chains it lists in
        // /v1/supported-chains; the adapter's getTokenBalances capability for the others
        // (and for every chain without a gateway).
        tokenSource: (ns, readNative) => {
          const api = get<InstanceApi>(TOKENS.Api)
          const adapter = get<AdapterRegistry>(TOKENS.Adapters).find(ns)
          const fromAdapter = adapter?.getTokenBalances
            ? adapterTokenBalanceSource({
                adapter,
                readNative,
                getNetwork: (id) => get<NetworksService>(TOKENS.Networks).find(id),
              })
            : undefined
          if (!api.enabled) return fromAdapter
          if (!fromAdapter) return api.blockchain
          return gatewayWithAdapterFallback({
            gateway: api.blockchain,
            covers: (id) => api.isNetworkSupported(id),
            fallback: fromAdapter,
          })
        },
        // SPEC §6 gates the gateway's calls (the gateway client checks its list itself); an
        // adapter that reads tokens covers every configured network the gateway doesn't list.
        isNetworkSupported: (id) => {
          const api = get<InstanceApi>(TOKENS.Api)
          const ns = id.slice(0, id.indexOf(':')) as ChainNamespace
          if (get<AdapterRegistry>(TOKENS.Adapters).find(ns)?.getTokenBalances)
            return get<Store<PorticoState>>(TOKENS.Store)
              .getState()
              .networks.all.some((n) => n.caipNetworkId === id)
          return api.isNetworkSupported(id)
        },
        // "Token Balance Unavailable" reaches the UI as an ERROR event (e.g. a snackbar).
        onTokenError: (error) =>
          get<InstanceEventBus>(TOKENS.Events).emit('ERROR', { error, event: 'TOKEN_BALANCE' }),
        // The post-transaction re-read timer is the instance's: destroy() clears it.
        schedule: (fn, ms) => void get<Timers>(TOKENS.Timers).setTimeout(fn, ms),
        pollingIntervalMs: RPC_POLLING_INTERVAL_MS,
      }),
  )
  registerSingleton(
    c,
    TOKENS.Profile,
    () =>
      new ProfileService({
        store: get(TOKENS.Store),
        accounts: get(TOKENS.Accounts),
        logger: get(TOKENS.Logger),
        api: get<InstanceApi>(TOKENS.Api),
      }),
  )
  registerSingleton(
    c,
    TOKENS.Connection,
    () =>
      new ConnectionService({
        store: get(TOKENS.Store),
        events: get(TOKENS.Events),
        storage: get(TOKENS.Storage),
        logger: get(TOKENS.Logger),
        adapters: get(TOKENS.Adapters),
        accounts: get(TOKENS.Accounts),
        networks: get(TOKENS.Networks),
        balance: get(TOKENS.Balance),
        onConnected: () => {
          const store = get<Store<PorticoState>>(TOKENS.Store)
          if (!store.getState().modal.open) return
          if (options.embedded) get<RouterService>(TOKENS.Router).reset('Account')
          else get<ModalService>(TOKENS.Modal).close()
        },
        onDisconnected: () => {
          // The Account view has nothing to show once the active namespace is disconnected.
          const store = get<Store<PorticoState>>(TOKENS.Store)
          const { modal, router } = store.getState()
          if (!modal.open || router.view !== 'Account') return
          if (get<AccountsService>(TOKENS.Accounts).isConnected()) return
          if (options.embedded) get<RouterService>(TOKENS.Router).reset('Connect')
          else get<ModalService>(TOKENS.Modal).close()
        },
      }),
  )
}

/**
 * Creates one Portico instance: a fresh DI child container with its own store,
 * event bus, router, modal, connection state machine and storage. Runs each
 * adapter's and plugin's `setup` with the context, then restores the recent
 * connection (`portico.ready`). Two instances share nothing. Safe under SSR:
 * without a DOM it uses memory storage and adapters skip discovery.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter()], apiUrl: 'http://127.0.0.1:8787' })
 * portico.on('CONNECT_SUCCESS', ({ address }) => console.log(address))
 * await portico.open()
 */
export function createPortico(options: PorticoOptions = {}): Portico {
  const env = detectEnvironment(options.isMobile ? { isMobile: options.isMobile } : {})
  const logger = options.logger ?? createConsoleLogger()
  const storage = resolveStorage(options.storage, env, options.storagePrefix)
  const timers = createTimers()
  const events = createEventBus((error, event) => logger.error(`Portico: a ${event} handler threw`, error))
  const adapters = new AdapterRegistry(options.adapters ?? [])
  // Late-bound: the store and services are built just below.
  let getState: () => PorticoState = () => {
    throw new Error('state read before the store exists')
  }
  let setAlert: (alert: AlertState | undefined) => void = () => {}
  const api = createApiClients(options, {
    isConfiguredNetwork: (id) => getState().networks.all.some((n) => n.caipNetworkId === id),
    getActiveNetworkId: () => {
      const s = getState()
      return s.activeNamespace ? s.networks.active[s.activeNamespace] : undefined
    },
    getAddress: () => {
      const s = getState()
      return s.activeNamespace ? s.accounts[s.activeNamespace]?.address : undefined
    },
    setAlert: (alert) => setAlert(alert),
  })
  const registry = new PluginRegistry()

  const c = createInstanceContainer()
  registerValue(c, TOKENS.Options, options)
  registerValue(c, TOKENS.Environment, env)
  registerValue<Logger>(c, TOKENS.Logger, logger)
  registerValue<PorticoStorage>(c, TOKENS.Storage, storage)
  registerValue<Timers>(c, TOKENS.Timers, timers)
  registerValue<InstanceEventBus>(c, TOKENS.Events, events)
  registerValue(c, TOKENS.Adapters, adapters)
  registerValue<InstanceApi>(c, TOKENS.Api, api)
  wireServices(c, options)

  const recent = readRecentConnectors(storage)
  const store = createStore<PorticoState>(createInitialState(options, recent), (error) =>
    logger.error('Portico: a state listener threw', error),
  )
  registerValue(c, TOKENS.Store, store)
  getState = () => store.getState()
  const accounts = c.resolve<AccountsService>(TOKENS.Accounts)
  const router = c.resolve<RouterService>(TOKENS.Router)
  const modal = c.resolve<ModalService>(TOKENS.Modal)
  const networks = c.resolve<NetworksService>(TOKENS.Networks)
  const balance = c.resolve<BalanceService>(TOKENS.Balance)
  const connection = c.resolve<ConnectionService>(TOKENS.Connection)

  // Connectors per namespace, flattened in adapter order, then the plugins' connectors.
  const connectorLists = new Map<ChainNamespace, readonly Connector[]>()
  const providerConnectors = new Map<ConnectorProvider, readonly Connector[]>()
  const publishConnectors = () => {
    const order = [...adapters.all().map((a) => a.namespace), ...connectorLists.keys()]
    const flat = [...new Set(order)].flatMap((ns) => connectorLists.get(ns) ?? [])
    for (const list of providerConnectors.values()) flat.push(...list)
    store.setState((s) => ({ ...s, connectors: flat }))
  }
  const setConnectors = (namespace: ChainNamespace, list: readonly Connector[]) => {
    connectorLists.set(namespace, list)
    publishConnectors()
  }

  setAlert = (alert: AlertState | undefined) => {
    store.setState((s) => (s.alert === alert ? s : { ...s, alert }))
    if (alert)
      events.emit('ALERT', {
        code: alert.code,
        shortMessage: alert.shortMessage,
        longMessage: alert.longMessage,
      })
  }

  const context: PorticoContext = {
    options,
    events,
    storage,
    logger,
    api,
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    setConnectors,
    isBrowser: env.isBrowser,
    updateAccount: (ns, patch) => accounts.update(ns, patch),
    setAlert,
  }

  let destroyed = false
  const teardowns: (() => void)[] = []
  const profile = c.resolve<ProfileService>(TOKENS.Profile)
  // A new address (connect, restore, wallet switch) gets its identity looked up.
  events.on('ACCOUNT_CHANGED', ({ namespace, address }) => {
    if (address) void profile.refresh(namespace)
  })
  const offAnalytics = events.onAny((event, payload) => {
    if (NOT_TRACKED.has(event)) return
    if (ERROR_EVENTS.has(event)) {
      api.analytics.sendError((payload as { error?: unknown }).error, event)
      return
    }
    api.analytics.sendEvent(event, { ...(payload as object) })
  })

  /** The wallet a namespace is connected to: a plugin's provider when the connector is one, else the adapter. */
  const connectedWallet = (namespace?: ChainNamespace) => {
    const ns = namespace ?? store.getState().activeNamespace
    const account = accounts.get(ns)
    if (!ns || account?.status !== 'connected' || !account.address || !account.connectorId) {
      throw new AddressOrAuthConnectorNotFoundError({ details: ns })
    }
    const provider = connection.providerOf(account.connectorId)
    return {
      ns,
      provider,
      adapter: provider ? undefined : adapters.get(ns),
      address: account.address,
      connectorId: account.connectorId,
    }
  }

  const readyRef: { ready: Promise<void> } = { ready: Promise.resolve() }
  registerValue(c, TOKENS.Ready, readyRef)

  const portico: Portico = {
    open: (opts) => modal.open(opts),
    close: () => modal.close(),
    connect: (connectorId, opts) => connection.connect(connectorId, opts),
    disconnect: (namespace) => connection.disconnect(namespace),
    switchNetwork: (caipNetworkId) => networks.switchNetwork(caipNetworkId),
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    on: (event, handler) => events.on(event, handler),
    off: (event, handler) => events.off(event, handler),
    router,
    events,
    get ready() {
      return readyRef.ready
    },
    getViewLoader: (name) => registry.getViewLoader(name),
    getAccountActions: () => registry.getAccountActions(),
    setAccountTab: (tab, namespace) => accounts.setTab(tab, namespace),
    setThemeMode: (mode) => store.setState((s) => (s.themeMode === mode ? s : { ...s, themeMode: mode })),
    signMessage: async ({ message, namespace }) => {
      const { ns, provider, adapter, address, connectorId } = connectedWallet(namespace)
      try {
        if (provider) return await provider.signMessage({ connectorId, namespace: ns, address, message })
        return await adapter!.signMessage({ connectorId, address, message })
      } catch (error) {
        throw toPorticoError(error)
      }
    },
    sendTransaction: async ({ request, namespace }) => {
      const { ns, provider, adapter, address, connectorId } = connectedWallet(namespace)
      const tx = { from: address, ...request }
      if (provider && !provider.sendTransaction)
        throw new MethodNotSupportedError({ method: 'sendTransaction' })
      let hash: string
      try {
        hash = provider
          ? await provider.sendTransaction!({ connectorId, namespace: ns, request: tx })
          : await adapter!.sendTransaction({ connectorId, request: tx })
      } catch (error) {
        throw toPorticoError(error)
      }
      // The sender's balances changed: re-read them once the chain has the transaction.
      if (!destroyed)
        balance.afterTransaction({
          namespace: ns,
          hash,
          ...(tx.caipNetworkId ? { caipNetworkId: tx.caipNetworkId } : {}),
        })
      return hash
    },
    signTypedData: async ({ typedData, namespace }) => {
      const { ns, provider, adapter, address, connectorId } = connectedWallet(namespace)
      if (!(provider ? provider.signTypedData : adapter?.signTypedData))
        throw new MethodNotSupportedError({ method: 'signTypedData' })
      try {
        if (provider) return await provider.signTypedData!({ connectorId, namespace: ns, address, typedData })
        return await adapter!.signTypedData!({ connectorId, address, typedData })
      } catch (error) {
        throw toPorticoError(error)
      }
    },
    setLoading: (loading, namespace) => modal.setLoading(loading, namespace),
    shake: () => modal.shake(),
    refreshBalance: (namespace) => balance.refresh(namespace),
    clearAlert: () => setAlert(undefined),
    getAdapter: (namespace: ChainNamespace): ChainAdapter | undefined => adapters.find(namespace),
    getActivity: async ({ namespace, cursor } = {}) => {
      const ns = namespace ?? store.getState().activeNamespace
      const account = ns ? accounts.get(ns) : undefined
      if (!ns || account?.status !== 'connected' || !account.address) {
        throw new AddressOrAuthConnectorNotFoundError({ details: ns })
      }
      const chainId = store.getState().networks.active[ns]
      return api.blockchain.getTransactionHistory({
        account: account.address,
        ...(chainId ? { chainId } : {}),
        ...(cursor ? { cursor } : {}),
      })
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      balance.dispose()
      connection.destroy()
      for (const teardown of teardowns.splice(0)) {
        try {
          teardown()
        } catch (error) {
          logger.warn('Portico: plugin teardown threw', error)
        }
      }
      for (const adapter of adapters.all()) {
        try {
          adapter.destroy?.()
        } catch (error) {
          logger.warn('Portico: adapter destroy threw', error)
        }
      }
      offAnalytics()
      timers.clearAll()
      registry.clear()
      events.clear()
      store.destroy()
    },
  }

  const pluginContext: PluginContext = {
    ...context,
    portico,
    router,
    container: c,
    registerView: (name, loader) => registry.registerView(name, loader),
    registerAccountAction: (action) => registry.registerAccountAction(action),
    registerConnector: (provider) => {
      const unroute = connection.registerProvider(provider)
      // One entry per provider id: a re-registration replaces the previous one.
      for (const other of providerConnectors.keys())
        if (other.id === provider.id && other !== provider) providerConnectors.delete(other)
      providerConnectors.set(provider, provider.connectors)
      publishConnectors()
      let registered = true
      return () => {
        if (!registered) return
        registered = false
        unroute()
        if (providerConnectors.delete(provider) && !destroyed) publishConnectors()
      }
    },
  }

  const guard = async (what: string, run: () => unknown): Promise<unknown> => {
    try {
      return await run()
    } catch (error) {
      logger.error(`Portico: ${what} setup failed`, error)
      events.emit('ERROR', { error, event: `${what}:setup` })
      return undefined
    }
  }
  // Setups start synchronously, in order: adapters, then plugins.
  // Each adapter's connectors are seeded once its setup settled, unless it announced them itself.
  const adapterSetups = adapters.all().map((adapter) =>
    guard(`adapter ${adapter.namespace}`, () => adapter.setup(context)).then(() => {
      if (destroyed || connectorLists.has(adapter.namespace)) return
      try {
        setConnectors(adapter.namespace, adapter.getConnectors())
      } catch (error) {
        logger.warn('Portico: getConnectors failed', error)
      }
    }),
  )
  const pluginSetups = (options.plugins ?? []).map((plugin) =>
    guard(`plugin ${plugin.id}`, () => plugin.setup(pluginContext)).then((teardown) => {
      if (typeof teardown !== 'function') return
      if (destroyed) (teardown as () => void)()
      else teardowns.push(teardown as () => void)
    }),
  )
  const adaptersReady = Promise.all(adapterSetups).then(() => {})
  connection.adaptersReady = adaptersReady
  readyRef.ready = (async () => {
    await adaptersReady
    if (destroyed) return
    await Promise.all(pluginSetups)
    if (destroyed) return
    await connection.reconnect(recent)
  })()
  events.emit('MODAL_CREATED', { at: Date.now() })
  return portico
}
