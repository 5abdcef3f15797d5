export {
  isAddress,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  shortenAddress,
} from './address.js'
export {
  type ConnectMethod,
  filterSocialProviders,
  getConnectMethodsOrder,
  type Platform,
  type PlatformOs,
  SOCIAL_PROVIDERS,
  shortenEmail,
} from './connect.js'
export { formatBalance, formatFiat, formatUnits, type Numeric, parseUnits } from './format.js'
export {
  classifyWalletResponse,
  getRequestMethodSafety,
  isKnownRequestMethod,
  isSafeRequestMethod,
  isSignedMessage,
  isTransactionHash,
  type RequestMethodSafety,
  type WalletResponseType,
} from './response.js'
export { assertEmailLoginAllowed, getEmailLoginWait, getPairingExpiry, isPairingExpired } from './time.js'
export { isValidEmail, isValidNameLabel } from './validation.js'
export {
  MAX_WALLET_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  sanitizeWalletIcon,
  sanitizeWalletName,
} from './wallet-metadata.js'
