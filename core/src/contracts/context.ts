import type { ApiClients } from './clients.js'
import type { Connector } from './connector.js'
import type { EventBus } from './events.js'
import type { ChainNamespace } from './network.js'
import type { Portico, PorticoOptions, Router } from './portico.js'
import type { Logger, PorticoStorage } from './services.js'
import type { PorticoState } from './state.js'
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
}

/** What a plugin gets in `setup`. */
export interface PluginContext extends PorticoContext {
  readonly portico: Portico
  readonly router: Router
  /** The instance's DI container (tsyringe child container). */
  readonly container: unknown
  registerView(name: ViewName, loader: ViewLoader): void
  registerAccountAction(action: AccountAction): void
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
