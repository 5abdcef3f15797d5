export {
  ANNOUNCE_EVENT,
  type DiscoveredWallet,
  type Eip6963Discovery,
  MAX_ANNOUNCED_WALLETS,
  REQUEST_EVENT,
  startEip6963Discovery,
} from './discovery.js'
export {
  MAX_WALLET_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  type SafeWalletInfo,
  sanitizeAnnouncement,
  sanitizeWalletIcon,
  sanitizeWalletName,
} from './metadata.js'
