/**
 * @portico/plugin-embedded-wallet — email login with a self-hosted embedded
 * wallet. The root holds the registration only; the flow
 * (`/controller`) and the views (`/react`) load lazily.
 */
export type { EmbeddedWalletController } from './controller/index.js'
export {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedWalletPluginOptions,
  embeddedWalletPlugin,
  resolveFrameUrl,
  resolveTimeouts,
} from './plugin.js'
