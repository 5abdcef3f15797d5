import type { Logger, PorticoOptions, PorticoStorage } from '../contracts/index.js'
import { createEventBus, type InstanceEventBus } from '../events/index.js'
import { createDiagnosticsLog } from '../log/index.js'
import { AdapterRegistry } from '../networks/index.js'
import { detectEnvironment, type Environment } from '../ssr/index.js'
import { resolveStorage } from '../storage/index.js'
import { createConsoleLogger } from './logger.js'
import { createTimers, type Timers } from './timers.js'

/** What an instance stands on before any service exists: step 1 of `createPortico`. */
export interface Foundation {
  env: Environment
  diagnostics: ReturnType<typeof createDiagnosticsLog>
  logger: Logger
  storage: PorticoStorage
  timers: Timers
  events: InstanceEventBus
  adapters: AdapterRegistry
}

/**
 * The environment (browser or SSR), the redacting diagnostics log, storage
 * (memory without a DOM), the instance's timers and event bus, and the
 * adapter registry. Nothing here reads state or talks to the network.
 */
export function createFoundation(options: PorticoOptions): Foundation {
  const env = detectEnvironment(options.isMobile ? { isMobile: options.isMobile } : {})
  const diagnostics = createDiagnosticsLog(options.logger ?? createConsoleLogger(), {
    secrets: [...(options.logSecrets ?? []), ...(options.projectId ? [options.projectId] : [])],
  })
  const logger = diagnostics.logger
  return {
    env,
    diagnostics,
    logger,
    storage: resolveStorage(options.storage, env, options.storagePrefix),
    timers: createTimers(),
    events: createEventBus((error, event) => logger.error(`Portico: a ${event} handler threw`, error)),
    adapters: new AdapterRegistry(options.adapters ?? []),
  }
}
