import {
  persistConnections,
  persistRecentAccounts,
  readRecentAccounts,
  readRecentConnectors,
  readStoredConnections,
  type StoredConnections,
} from '../connection/index.js'
import type { Logger, PorticoOptions, PorticoState, PorticoStorage } from '../contracts/index.js'
import { createInstanceContainer, type DependencyContainer, registerValue, TOKENS } from '../di/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { createInitialState, createStore, type Store } from '../state/index.js'
import type { InstanceApi } from './api.js'
import type { Foundation } from './foundation.js'
import { wireServices } from './services.js'
import type { Timers } from './timers.js'

/**
 * Step 2 of `createPortico`: a fresh DI child container holding the
 * foundation's values and the API clients, with every service registered
 * (built on first resolve, see `wireServices`).
 */
export function buildContainer(
  f: Foundation,
  options: PorticoOptions,
  api: InstanceApi,
): DependencyContainer {
  const c = createInstanceContainer()
  registerValue(c, TOKENS.Options, options)
  registerValue(c, TOKENS.Environment, f.env)
  registerValue<Logger>(c, TOKENS.Logger, f.logger)
  registerValue<PorticoStorage>(c, TOKENS.Storage, f.storage)
  registerValue<Timers>(c, TOKENS.Timers, f.timers)
  registerValue<InstanceEventBus>(c, TOKENS.Events, f.events)
  registerValue(c, TOKENS.Adapters, f.adapters)
  registerValue<InstanceApi>(c, TOKENS.Api, api)
  wireServices(c, options)
  return c
}

/** The instance's store, seeded from the options and the recent connection, registered in the container. */
export interface InstanceStore {
  store: Store<PorticoState>
  /** The recent connectors read from storage (the restore step reconnects them). */
  recent: ReturnType<typeof readRecentConnectors>
  /** The background connections and the active connection stored before the reload (format version 2). */
  stored: StoredConnections
  /** Stops writing the recent accounts to storage. */
  stopPersisting(): void
}

/** Step 3 of `createPortico`: the state store, seeded from storage and kept in it. */
export function createInstanceStore(
  c: DependencyContainer,
  f: Foundation,
  options: PorticoOptions,
): InstanceStore {
  const recent = readRecentConnectors(f.storage)
  const store = createStore<PorticoState>(
    createInitialState(options, recent, readRecentAccounts(f.storage)),
    (error) => f.logger.error('Portico: a state listener threw', error),
  )
  const stored = readStoredConnections(f.storage)
  const stopAccounts = persistRecentAccounts(store, f.storage)
  const stopConnections = persistConnections(store, f.storage)
  const stopPersisting = () => {
    stopAccounts()
    stopConnections()
  }
  registerValue(c, TOKENS.Store, store)
  return { store, recent, stored, stopPersisting }
}
