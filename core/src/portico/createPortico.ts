import type { AccountsService, BalanceService, ProfileService } from '../accounts/index.js'
import { fetchRecommendedWallets } from '../api/recommended.js'
import {
  type ConnectionService,
  persistRecentAccounts,
  readRecentAccounts,
  readRecentConnectors,
} from '../connection/index.js'
import { SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type {
  AlertState,
  ChainAdapter,
  ChainNamespace,
  Connector,
  Logger,
  PluginContext,
  Portico,
  PorticoContext,
  PorticoOptions,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import { createInstanceContainer, registerValue, TOKENS } from '../di/index.js'
import { AddressOrAuthConnectorNotFoundError, PorticoError } from '../errors/index.js'
import { createEventBus, type InstanceEventBus } from '../events/index.js'
import { createDiagnosticsLog } from '../log/index.js'
import type { ModalService } from '../modal/index.js'
import { AdapterRegistry, type NetworksService } from '../networks/index.js'
import { PluginRegistry } from '../plugins/index.js'
import type { RouterService } from '../router/index.js'
import { createNameResolution, createSend } from '../send/index.js'
import { createSmartSessions } from '../sessions/index.js'
import { createSiwx, SiwxApi, SiwxConfigError } from '../siwx/index.js'
import { detectEnvironment } from '../ssr/index.js'
import { createInitialState, createStore } from '../state/index.js'
import { resolveStorage } from '../storage/index.js'
import { createOutcomes } from '../transactions/index.js'
import { getRequestMethodSafety } from '../utils/index.js'
import { createApiClients, type InstanceApi } from './api.js'
import { createConnectorLists } from './connectors.js'
import { createConsoleLogger } from './logger.js'
import { wireServices } from './services.js'
import { createTimers, type Timers } from './timers.js'
import { createWalletRequests } from './wallet-requests.js'

/** Events analytics does not receive: MODAL_CREATED is never sent (SPEC §7); the rest is internal chatter. */
const NOT_TRACKED = new Set([
  'MODAL_CREATED',
  'ROUTER_CHANGE',
  'AUTH_CONNECTOR_RELOAD',
  'APP_METADATA_SYNC',
  'ALERT',
])
const ERROR_EVENTS = new Set(['CONNECT_ERROR', 'DISCONNECT_ERROR', 'ERROR'])

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
  const diagnostics = createDiagnosticsLog(options.logger ?? createConsoleLogger(), {
    secrets: [...(options.logSecrets ?? []), ...(options.projectId ? [options.projectId] : [])],
  })
  const logger = diagnostics.logger
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
  let destroyed = false
  // SPEC §7 history parameters plugins add to every getActivity call (setActivityQuery).
  let activityQuery: { onramp?: string } = {}
  const checkOnramp = (what: string, onramp: unknown): string | undefined => {
    if (onramp === undefined) return undefined
    if (typeof onramp === 'string' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(onramp)) return onramp
    throw new PorticoError(`${what}: onramp must be "all" or a provider id`, {
      code: 'INVALID_ACTIVITY_QUERY',
      details: JSON.stringify(onramp) ?? String(onramp),
    })
  }

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
  const store = createStore<PorticoState>(
    createInitialState(options, recent, readRecentAccounts(storage)),
    (error) => logger.error('Portico: a state listener threw', error),
  )
  const stopPersisting = persistRecentAccounts(store, storage)
  registerValue(c, TOKENS.Store, store)
  getState = () => store.getState()
  const accounts = c.resolve<AccountsService>(TOKENS.Accounts)
  const router = c.resolve<RouterService>(TOKENS.Router)
  const modal = c.resolve<ModalService>(TOKENS.Modal)
  const networks = c.resolve<NetworksService>(TOKENS.Networks)
  const balance = c.resolve<BalanceService>(TOKENS.Balance)
  const connection = c.resolve<ConnectionService>(TOKENS.Connection)

  const connectorLists = createConnectorLists({
    store,
    adapters,
    connection,
    isDestroyed: () => destroyed,
  })
  const setConnectors = (namespace: ChainNamespace, list: readonly Connector[]) =>
    connectorLists.set(namespace, list)

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

  const outcomes = createOutcomes({ store, adapters, isDestroyed: () => destroyed })
  const walletRequests = createWalletRequests({
    store,
    accounts,
    adapters,
    balance,
    outcomes,
    isDestroyed: () => destroyed,
  })

  const send = createSend({
    store,
    accounts,
    adapters,
    sendTransaction: walletRequests.sendTransaction,
    outcomes,
    logger,
  })
  const names = createNameResolution({ store })
  if (options.siwx && !options.apiUrl)
    throw new SiwxConfigError('siwx needs apiUrl: the gateway issues nonces and verifies sign-ins')
  let siwx: ReturnType<typeof createSiwx> | undefined

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
    getLogs: () => diagnostics.text(),
    on: (event, handler) => events.on(event, handler),
    off: (event, handler) => events.off(event, handler),
    router,
    events,
    get ready() {
      return readyRef.ready
    },
    get siwx() {
      return siwx?.controller
    },
    getViewLoader: (name) => registry.getViewLoader(name),
    getAccountActions: () => registry.getAccountActions(),
    setAccountTab: (tab, namespace) => accounts.setTab(tab, namespace),
    setThemeMode: (mode) => store.setState((s) => (s.themeMode === mode ? s : { ...s, themeMode: mode })),
    ...walletRequests,
    waitForTransaction: (params) => outcomes.follow(params),
    ...send,
    resolveName: names.resolveName,
    setLoading: (loading, namespace) => modal.setLoading(loading, namespace),
    shake: () => modal.shake(),
    // Asked for by a host or a plugin because something changed (a purchase arrived, Try again):
    // read past the gateway's balance cache (forceUpdate); a read already under way is shared.
    refreshBalance: (namespace) => balance.refresh(namespace, { fresh: `refresh-${Date.now()}` }),
    refreshProfile: async (namespace) => {
      const ns = namespace ?? store.getState().activeNamespace
      if (ns) await profile.refresh(ns, { force: true })
    },
    clearAlert: () => setAlert(undefined),
    getRecommendedWallets: () => fetchRecommendedWallets(api.directory),
    getAdapter: (namespace: ChainNamespace): ChainAdapter | undefined => adapters.find(namespace),
    getRequestMethodSafety: (method, namespace) => {
      const lists = adapters.find(namespace ?? store.getState().activeNamespace)?.requestMethods
      return getRequestMethodSafety(method, lists)
    },
    getActivity: async ({ namespace, cursor, onramp: asked } = {}) => {
      const onramp = checkOnramp('getActivity', asked) ?? activityQuery.onramp
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
        ...(onramp ? { onramp } : {}),
      })
    },
    getNfts: async ({ namespace, cursor, limit, signal } = {}) => {
      const ns = namespace ?? store.getState().activeNamespace
      const account = ns ? accounts.get(ns) : undefined
      if (!ns || account?.status !== 'connected' || !account.address) {
        throw new AddressOrAuthConnectorNotFoundError({ details: ns })
      }
      const chainId = store.getState().networks.active[ns]
      if (!api.blockchain.getNfts)
        throw new PorticoError('Blockchain API not configured', { code: 'API_NOT_CONFIGURED' })
      return api.blockchain.getNfts({
        account: account.address,
        ...(chainId ? { chainId } : {}),
        ...(cursor ? { cursor } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(signal ? { signal } : {}),
      })
    },
    ...createSmartSessions({
      blockchain: api.blockchain,
      account: (namespace) => {
        const ns = namespace ?? store.getState().activeNamespace
        const account = ns ? accounts.get(ns) : undefined
        return ns && account?.status === 'connected' && account.address
          ? { namespace: ns, address: account.address }
          : undefined
      },
      adapter: (namespace) => adapters.find(namespace),
      signTypedData: (params) => walletRequests.signTypedData(params),
    }),
    destroy() {
      if (destroyed) return
      destroyed = true
      siwx?.destroy()
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
      stopPersisting()
      timers.clearAll()
      registry.clear()
      events.clear()
      store.destroy()
    },
  }

  if (options.siwx && options.apiUrl) {
    siwx = createSiwx({
      options: options.siwx,
      api: new SiwxApi({
        baseUrl: options.apiUrl,
        ...(options.projectId ? { projectId: options.projectId } : {}),
        sdkType: options.sdkType ?? SDK_TYPE,
        sdkVersion: options.sdkVersion ?? SDK_VERSION,
      }),
      portico,
      events,
      storage,
      findAdapter: (ns) => adapters.find(ns),
      logger,
      ...(options.metadata?.name ? { appName: options.metadata.name } : {}),
      ...(env.isBrowser && globalThis.location
        ? { location: { host: globalThis.location.host, origin: globalThis.location.origin } }
        : {}),
    })
  }

  const pluginContext: PluginContext = {
    ...context,
    portico,
    router,
    container: c,
    registerView: (name, loader) => registry.registerView(name, loader),
    registerAccountAction: (action) => registry.registerAccountAction(action),
    registerConnector: (provider) => connectorLists.register(provider),
    setActivityQuery: (query) => {
      activityQuery = { ...activityQuery, onramp: checkOnramp('setActivityQuery', query?.onramp) }
    },
    registerNameResolver: (resolver) => names.registerNameResolver(resolver),
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
    if (destroyed || options.reconnectOnLoad === false) return
    await connection.reconnect(recent)
  })()
  events.emit('MODAL_CREATED', { at: Date.now() })
  return portico
}
