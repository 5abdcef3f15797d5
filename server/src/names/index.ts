export { AVATAR_TYPES, AvatarUnavailableError, isServableAvatar, loadAvatar } from './avatar.js'
export { EnsIdentityResolver, MAINNET_UNIVERSAL_RESOLVER } from './ens.js'
export { avatarPath, type NameRoutesOptions, registerNameRoutes } from './routes.js'
export { isEvmCoinType, NAME_LABEL, NameService, RegistrationMessage } from './service.js'
