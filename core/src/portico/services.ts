import {
  AccountsService,
  BalanceService,
  gatewayWithAdapterFallback,
  ProfileService,
} from '../accounts/index.js'
import { adapterTokenBalanceSource } from '../api/index.js'
import { ConnectionService } from '../connection/index.js'
import { OPEN_READY_TIMEOUT_MS, RPC_POLLING_INTERVAL_MS } from '../constants/index.js'
import type { ChainNamespace, Logger, PorticoOptions, PorticoState } from '../contracts/index.js'
import { type DependencyContainer, registerSingleton, TOKENS } from '../di/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { ModalService } from '../modal/index.js'
import { type AdapterRegistry, NetworksService } from '../networks/index.js'
import { RouterService } from '../router/index.js'
import type { Environment } from '../ssr/index.js'
import type { Store } from '../state/index.js'
import { formatBalance, formatUnits } from '../utils/index.js'
import type { InstanceApi } from './api.js'
import type { Timers } from './timers.js'

/** Resolves a token from the instance's container (each step's dependencies are resolved late, on first use). */
const resolver =
  (c: DependencyContainer) =>
  <T>(token: symbol) =>
    c.resolve<T>(token)

/**
 * Registers the instance's services in its DI container. Each is built on
 * first resolve, from the values `createPortico` registered (store, bus,
 * storage, adapters…): the seam between the services and the instance. One
 * named step per service, in `SERVICE_STEPS`.
 */
export function wireServices(c: DependencyContainer, options: PorticoOptions): void {
  for (const step of Object.values(SERVICE_STEPS)) step(c, options)
}

/** The per-namespace account records over the store. */
function wireAccounts(c: DependencyContainer, _options: PorticoOptions): void {
  const get = resolver(c)
  registerSingleton(c, TOKENS.Accounts, () => new AccountsService(get<Store<PorticoState>>(TOKENS.Store)))
}

/** The view stack; it closes the modal when the last view goes, and forgets a Farcaster URL when leaving it. */
function wireRouter(c: DependencyContainer, options: PorticoOptions): void {
  const get = resolver(c)
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
}

/** Open / close and where the modal opens (Connect, Account, an unsupported chain), waiting for `ready` at most `OPEN_READY_TIMEOUT_MS`. */
function wireModal(c: DependencyContainer, options: PorticoOptions): void {
  const get = resolver(c)
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
      onReadyTimeout: () =>
        get<Logger>(TOKENS.Logger).warn(
          `Portico: setup or the reconnect still running after ${OPEN_READY_TIMEOUT_MS} ms; opening without it`,
        ),
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
}

/** The configured networks and the active one; a failed switch takes the modal back one view (SPEC §2). */
function wireNetworks(c: DependencyContainer, _options: PorticoOptions): void {
  const get = resolver(c)
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
        onNetworkChanged: (ns) => {
          // An open modal follows the wallet onto (or off) an unsupported chain.
          get<ModalService>(TOKENS.Modal).followNetwork(ns)
          void get<BalanceService>(TOKENS.Balance).refresh(ns)
        },
        // A switch without accounts for the new chain: ask the adapter (it composes the CAIP-10 ids).
        readAccounts: async (ns, connectorId) => {
          try {
            const answer = await get<AdapterRegistry>(TOKENS.Adapters).get(ns).getAccounts({ connectorId })
            return answer.accounts.length > 0 ? answer.accounts : undefined
          } catch (error) {
            get<Logger>(TOKENS.Logger).warn('Portico: could not re-read the accounts after a switch', error)
            return undefined
          }
        },
      }),
  )
}

/** Native and token balances: the gateway where it lists the chain, the adapter's `getTokenBalances` elsewhere. */
function wireBalance(c: DependencyContainer, _options: PorticoOptions): void {
  const get = resolver(c)
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
}

/** The connected account's name and avatar (the gateway's names lookup). */
function wireProfile(c: DependencyContainer, options: PorticoOptions): void {
  const get = resolver(c)
  registerSingleton(
    c,
    TOKENS.Profile,
    () =>
      new ProfileService({
        store: get(TOKENS.Store),
        accounts: get(TOKENS.Accounts),
        logger: get(TOKENS.Logger),
        api: get<InstanceApi>(TOKENS.Api),
        ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
      }),
  )
}

/** Connect, disconnect and the restore; closes (or, embedded, resets) the modal after a connect or a disconnect. */
function wireConnection(c: DependencyContainer, options: PorticoOptions): void {
  const get = resolver(c)
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
          // A payment waits for this wallet (portico.pay): back to it, not away.
          const payment = store.getState().payment
          if (payment && payment.status !== 'succeeded') get<RouterService>(TOKENS.Router).reset('Pay')
          else if (options.embedded) get<RouterService>(TOKENS.Router).reset('Account')
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

/** The wiring step of each service, by token name: `wireServices` runs them all. */
export const SERVICE_STEPS = {
  Accounts: wireAccounts,
  Router: wireRouter,
  Modal: wireModal,
  Networks: wireNetworks,
  Balance: wireBalance,
  Profile: wireProfile,
  Connection: wireConnection,
} as const satisfies Record<string, (c: DependencyContainer, options: PorticoOptions) => void>
