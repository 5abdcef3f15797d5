export { type PaymentsConfig, PaymentsConfigSchema, ProjectPaymentsConfigSchema } from './config.js'
export {
  BITCOIN_PAYMENT_WINDOW_MS,
  type PaymentNetwork,
  paymentNetworks,
  SOLANA_PAYMENT_WINDOW_MS,
} from './networks/index.js'
export { CreatePaymentBody, PaymentSchema, registerPaymentRoutes } from './routes.js'
export { type PaymentRequest, PaymentService, SETTLED_EVENT } from './service.js'
export {
  PAYMENT_DELIVERY_HEADER,
  PAYMENT_EVENT_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signPaymentWebhook,
  verifyPaymentWebhook,
} from './signature.js'
export { PAYMENTS_MIGRATION, type Payment, type PaymentStatus, PaymentStore } from './store.js'
export { type DeliveryState, WebhookWorker } from './webhooks.js'

import type { ChainRegistry } from '../chains/index.js'
import type { GatewayConfig, ProjectConfig } from '../config/index.js'
import type { App } from '../http/app.js'
import type { Database } from '../storage/index.js'
import type { PaymentsConfig } from './config.js'
import { paymentNetworks } from './networks/index.js'
import { registerPaymentRoutes } from './routes.js'
import { PaymentService } from './service.js'
import { WebhookWorker } from './webhooks.js'

/** The payments feature as the gateway runs it: the routes, the chain watcher and the webhook worker. */
export interface Payments {
  service: PaymentService
  webhooks: WebhookWorker
  /** One watcher pass now (tests; the gateway runs one every `watchIntervalMs`). */
  watch(): Promise<void>
}

/**
 * Wires payments into the gateway: `/v1/payments` routes, a watcher that re-reads open payments
 * from the chain every `watchIntervalMs`, and the webhook worker. Both start when the gateway
 * listens and stop before the database closes.
 *
 * @example
 * registerPayments(app, { db, chains, config: config.payments, projects: config.projects, dev: config.dev })
 */
export function registerPayments(
  app: App,
  deps: {
    db: Database
    chains: ChainRegistry
    /** Every configured network: the Solana and Bitcoin ones verify payments too. */
    networks: GatewayConfig['networks']
    config: PaymentsConfig
    projects: readonly ProjectConfig[]
    dev: boolean
  },
): Payments {
  const webhooks = new WebhookWorker(deps.db, deps.projects, deps.config.webhooks, app.log)
  const service = new PaymentService(
    deps.db,
    paymentNetworks(deps.chains, deps.networks),
    deps.config,
    app.log,
    () => webhooks.kick(),
  )
  registerPaymentRoutes(app, service, { dev: deps.dev })
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = true
  const pass = () => {
    running = service
      .watch()
      .catch((error) => app.log.error({ err: error }, 'payment watcher pass failed'))
      .finally(() => {
        running = undefined
        if (!stopped) timer = setTimeout(pass, deps.config.watchIntervalMs)
      })
  }
  app.addHook('onReady', async () => {
    stopped = false
    timer = setTimeout(pass, deps.config.watchIntervalMs)
    webhooks.start()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await running
    await webhooks.stop()
  })
  return { service, webhooks, watch: () => service.watch() }
}
