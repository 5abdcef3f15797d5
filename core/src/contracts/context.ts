import type { AccountState } from './account.js'
import type { ApiClients } from './clients.js'
import type { Connector, ConnectorProvider } from './connector.js'
import type { EventBus } from './events.js'
import type { ChainNamespace } from './network.js'
import type { Portico, PorticoOptions, Router } from './portico.js'
import type { NameResolver } from './send.js'
import type { Logger, PorticoStorage } from './services.js'
import type { AlertState, PorticoState } from './state.js'
import type { AccountAction, ViewLoader, ViewName } from './views.js'

/** What an adapter gets in `setup`: dependencies are handed in, never pulled from globals. */
export interface PorticoContext {
  readonly options: Readonly<PorticoOptions>
  readonly events: EventBus
  readonly storage: PorticoStorage
  readonly logger: Logger
  readonly api: ApiClients
  getState(): PorticoState
  subscribe(listener: (state: PorticoState, previous: PorticoState) => void): () => void
  /** Replace the connectors a namespace offers (e.g. after a new EIP-6963 announcement). */
  setConnectors(namespace: ChainNamespace, connectors: readonly Connector[]): void
  /** False under SSR / Node: adapters must not start discovery then. */
  readonly isBrowser: boolean
  /**
   * Merges fields into a namespace's account state (e.g. the embedded wallet
   * plugin sets `user`, `socialProvider`). Connection status is
   * owned by the core's state machine: prefer `portico.connect/disconnect`.
   */
  updateAccount?(namespace: ChainNamespace, patch: Partial<AccountState>): void
  /** Shows an alert (SPEC §8) in `state.alert` and emits `ALERT`; `undefined` clears it. */
  setAlert?(alert: AlertState | undefined): void
}

/** What a plugin gets in `setup`. */
export interface PluginContext extends PorticoContext {
  readonly portico: Portico
  readonly router: Router
  /** The instance's DI container (tsyringe child container). */
  readonly container: unknown
  registerView(name: ViewName, loader: ViewLoader): void
  registerAccountAction(action: AccountAction): void
  /**
   * Registers a connector the plugin provides (WalletConnect, embedded wallet):
   * the core lists its connectors and routes connect / disconnect / sign /
   * send / switch for namespaces connected through it (see `ConnectorProvider`).
   * Returns the unregister function. Optional until every runtime implements it.
   */
  registerConnector?(provider: ConnectorProvider): () => void
  /**
   * Adds SPEC §7 history parameters to every `getActivity` call (the onramp
   * plugin asks for `onramp: 'all'` so purchases show as onramp items).
   */
  setActivityQuery?(query: { onramp?: string }): void
  /**
   * Adds a name lookup for Send's receiver field (`portico.resolveName`): the
   * names plugin resolves registry names through the gateway. Resolvers are
   * asked in registration order; returns the unregister function.
   */
  registerNameResolver?(resolver: NameResolver): () => void
}

/** A feature plugin: a plain object; `setup` may return a teardown. */
export interface Plugin {
  id: string
  setup(ctx: PluginContext): void | (() => void) | Promise<void | (() => void)>
}

/** Identity helper: adds types only. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  return plugin
}
