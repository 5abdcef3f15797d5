import type { AccountsService, BalanceService, ProfileService } from '../accounts/index.js'
import type { ConnectionService } from '../connection/index.js'
import type {
  AlertState,
  ChainNamespace,
  Connector,
  PluginContext,
  Portico,
  PorticoContext,
  PorticoOptions,
  PorticoState,
} from '../contracts/index.js'
import { registerValue, TOKENS } from '../di/index.js'
import type { ModalService } from '../modal/index.js'
import type { NetworksService } from '../networks/index.js'
import { requesterOf } from '../pay/requester.js'
import { PluginRegistry } from '../plugins/index.js'
import type { RouterService } from '../router/index.js'
import { createNameResolution } from '../send/names.js'
import { forwardAnalytics } from './analytics.js'
import { createApiClients } from './api.js'
import { createConnectorLists } from './connectors.js'
import { buildContainer, createInstanceStore } from './container.js'
import { createFoundation } from './foundation.js'
import { createLazyActions } from './lazy-actions.js'
import { createLifecycle } from './lifecycle.js'
import { assemblePortico } from './portico-object.js'
import { createAccountReads } from './reads.js'
import { startSetups } from './setups.js'
import { checkSiwxOptions, createSiwxFor } from './siwx-step.js'

/**
 * Creates one Portico instance: a fresh DI child container with its own store,
 * event bus, router, modal, connection state machine and storage. Runs each
 * adapter's and plugin's `setup` with the context, then restores the recent
 * connection (`portico.ready`). Two instances share nothing. Safe under SSR:
 * without a DOM it uses memory storage and adapters skip discovery.
 *
 * The steps, each in a module of its own: the foundation (environment, log,
 * storage, bus, adapters), the API clients, the container with its services,
 * the store, the instance's features (transactions, send, reads), the public
 * object, SIWX, then the adapters' and plugins' setups and the restore.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter()], apiUrl: 'http://127.0.0.1:8787' })
 * portico.on('CONNECT_SUCCESS', ({ address }) => console.log(address))
 * await portico.open()
 */
export function createPortico(options: PorticoOptions = {}): Portico {
  checkSiwxOptions(options)
  const f = createFoundation(options)
  const { events, adapters, logger } = f
  const life = createLifecycle(logger)

  // The API clients read state and raise alerts through late-bound hooks: the store comes next.
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

  const c = buildContainer(f, options, api)
  const { store, recent, stored, stopPersisting } = createInstanceStore(c, f, options)
  getState = () => store.getState()
  setAlert = (alert) => {
    store.setState((s) => (s.alert === alert ? s : { ...s, alert }))
    if (alert)
      events.emit('ALERT', {
        code: alert.code,
        shortMessage: alert.shortMessage,
        longMessage: alert.longMessage,
      })
  }
  const accounts = c.resolve<AccountsService>(TOKENS.Accounts)
  const balance = c.resolve<BalanceService>(TOKENS.Balance)
  const connection = c.resolve<ConnectionService>(TOKENS.Connection)
  const profile = c.resolve<ProfileService>(TOKENS.Profile)
  const connectorLists = createConnectorLists({ store, adapters, connection, isDestroyed: life.isDestroyed })
  const setConnectors = (namespace: ChainNamespace, list: readonly Connector[]) =>
    connectorLists.set(namespace, list)

  // A new address (connect, restore, wallet switch) gets its identity looked up.
  events.on('ACCOUNT_CHANGED', ({ namespace, address }) => {
    if (address) void profile.refresh(namespace)
  })
  const offAnalytics = forwardAnalytics(events, api)

  const names = createNameResolution({ store })
  const reads = createAccountReads({ store, accounts, api })
  const registry = new PluginRegistry()
  const readyRef: { ready: Promise<void> } = { ready: Promise.resolve() }
  registerValue(c, TOKENS.Ready, readyRef)

  const modal = c.resolve<ModalService>(TOKENS.Modal)
  const router = c.resolve<RouterService>(TOKENS.Router)
  // Wallet requests, outcomes, calls, Send, Pay and smart sessions: a chunk loaded on first call.
  const actions = createLazyActions({
    store,
    accounts,
    adapters,
    balance,
    events,
    logger,
    blockchain: api.blockchain,
    isDestroyed: life.isDestroyed,
    open: (opts) => modal.open(opts),
    close: () => modal.close(),
    requester: () => requesterOf(options, f.env.isBrowser),
    ...(options.pay?.gateway ? { gateway: options.pay.gateway } : {}),
    ...(options.pay?.exchanges ? { exchanges: options.pay.exchanges } : {}),
  })
  // Fetched off the first load: when an account connects (what the actions act for), and in a
  // browser once `ready` settled and the page is idle, so the first Send or request does not wait.
  const preload = () => {
    if (!life.isDestroyed() && !actions.loaded())
      actions.load().catch((error: unknown) => logger.warn('Portico: could not preload the actions', error))
  }
  events.on('ACCOUNT_CHANGED', ({ address }) => {
    if (address) preload()
  })
  let siwx: ReturnType<typeof createSiwxFor>
  const portico = assemblePortico({
    f,
    store,
    api,
    accounts,
    balance,
    profile,
    connection,
    modal,
    router,
    networks: c.resolve<NetworksService>(TOKENS.Networks),
    registry,
    actions: actions.methods,
    names,
    reads,
    readyRef,
    siwx: () => siwx,
    clearAlert: () => setAlert(undefined),
    destroy: () =>
      life.destroy({
        services: [
          () => actions.dispose(),
          () => siwx?.destroy(),
          () => balance.dispose(),
          () => connection.destroy(),
        ],
        adapters: adapters.all(),
        plumbing: [
          offAnalytics,
          stopPersisting,
          () => f.timers.clearAll(),
          () => registry.clear(),
          () => events.clear(),
          () => store.destroy(),
        ],
      }),
  })
  siwx = createSiwxFor(options, f, portico)

  const context: PorticoContext = {
    options,
    events,
    storage: f.storage,
    logger,
    api,
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    setConnectors,
    isBrowser: f.env.isBrowser,
    updateAccount: (ns, patch) => accounts.update(ns, patch),
    setAlert,
  }
  const pluginContext: PluginContext = {
    ...context,
    portico,
    router: portico.router,
    container: c,
    registerView: (name, loader) => registry.registerView(name, loader),
    registerAccountAction: (action) => registry.registerAccountAction(action),
    registerConnector: (provider) => connectorLists.register(provider),
    setActivityQuery: (query) => reads.setActivityQuery(query),
    registerNameResolver: (resolver) => names.registerNameResolver(resolver),
  }
  readyRef.ready = startSetups({
    options,
    adapters,
    context,
    pluginContext,
    connectorLists,
    connection,
    recent,
    stored,
    logger,
    events,
    isDestroyed: life.isDestroyed,
    addTeardown: life.addTeardown,
    ...(siwx ? { beforeConnections: siwx.loaded } : {}),
  })
  if (f.env.isBrowser) {
    const whenIdle = () => {
      const idle = (globalThis as { requestIdleCallback?: (run: () => void) => void }).requestIdleCallback
      if (idle) idle(preload)
      else f.timers.setTimeout(preload, 0)
    }
    // Whether the restore succeeded or not (a host awaiting `ready` sees its failure).
    readyRef.ready.then(whenIdle, whenIdle)
  }
  events.emit('MODAL_CREATED', { at: Date.now() })
  return portico
}
