export {
  ANNOUNCE_EVENT,
  type DiscoveredWallet,
  type Eip6963Discovery,
  MAX_ANNOUNCED_WALLETS,
  REQUEST_EVENT,
  startEip6963Discovery,
} from './discovery.js'
export { type SafeWalletInfo, sanitizeAnnouncement } from './metadata.js'
