export { loadSeedWallets, type SeedWallet, WalletDirectory, type WalletQuery } from './directory.js'
export { escapeXml, monogramSvg } from './images.js'
export { registerDirectoryRoutes } from './routes.js'
export { isDeepLink, isHttpsLink, validWallets, walletProblem } from './validate.js'
