/** Parts of `createGateway` kept out of its file: the secret-URL table, the embedded wallet's wiring, the shutdown drain. */
export { drain } from './drain.js'
export { type EmbeddedWalletDeps, embeddedWallet } from './embedded.js'
export { secretUrlsOf } from './secret-urls.js'
