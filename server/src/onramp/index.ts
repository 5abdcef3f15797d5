export { DECLINED_MESSAGE, luhnValid, registerSandboxCheckout, SANDBOX_TEST_CARD } from './checkout.js'
export { type OnrampConfig, OnrampConfigSchema, onrampFromEnv } from './config.js'
export { checkLimits } from './money.js'
export { ONRAMP_MIGRATION, type OnrampOrder, OrderStore } from './orders.js'
export { coinbaseJwt } from './providers/coinbase.js'
export { signMoonPayUrl } from './providers/moonpay.js'
export { SandboxProvider } from './providers/sandbox.js'
export { historyItem, registerOnrampRoutes } from './routes.js'
export { createProviders, OnrampService } from './service.js'
export { type OnrampProvider, ProviderError } from './types.js'

import type { ChainRegistry, PriceSource } from '../chains/index.js'
import type { App } from '../http/app.js'
import type { Database } from '../storage/index.js'
import { registerSandboxCheckout } from './checkout.js'
import type { OnrampConfig } from './config.js'
import { OrderStore } from './orders.js'
import { StatusPoller } from './poller.js'
import { registerOnrampRoutes } from './routes.js'
import { createProviders, OnrampService } from './service.js'
import { SettlementStore } from './settlement/store.js'
import { SettlementWorker } from './settlement/worker.js'
import { registerWebhookRoutes } from './webhooks/routes.js'

/**
 * Wires the onramp feature into the gateway: the configured providers, the
 * orders table, the SPEC §7 routes, the providers' webhooks and status
 * polling, and (when enabled) the sandbox checkout.
 *
 * @example
 * registerOnramp(app, { config: config.onramp, db, chains, prices })
 */
export function registerOnramp(
  app: App,
  deps: { config: OnrampConfig; db: Database; chains: ChainRegistry; prices: PriceSource },
): OnrampService {
  const service = new OnrampService(
    createProviders(deps.config, deps.chains, deps.prices),
    deps.config,
    app.log,
  )
  const orders = new OrderStore(deps.db)
  registerOnrampRoutes(app, service, orders)
  registerWebhookRoutes(app, service, orders)
  if (service.sandbox) {
    const jobs = new SettlementStore(deps.db)
    const worker = new SettlementWorker(service.sandbox, jobs, orders, app.log)
    registerSandboxCheckout(app, service.sandbox, orders, { jobs, worker })
    app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => worker.stop())
  }
  // Background jobs run while the gateway listens; closing it stops them before the database closes.
  const poller = new StatusPoller(service.providers, orders, deps.config.pollTickMs, app.log)
  app.addHook('onReady', async () => poller.start())
  app.addHook('onClose', async () => poller.stop())
  return service
}
