export { EnsIdentityResolver, MAINNET_UNIVERSAL_RESOLVER } from './ens.js'
export { registerNameRoutes } from './routes.js'
export { isEvmCoinType, NAME_LABEL, NameService, RegistrationMessage } from './service.js'
