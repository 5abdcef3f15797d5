export { registerNameRoutes } from './routes.js'
export { isEvmCoinType, NAME_LABEL, NameService, RegistrationMessage } from './service.js'
