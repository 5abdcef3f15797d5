export {
  formatNativeUrl,
  formatUniversalUrl,
  getLinkTarget,
  getWalletLink,
  isHttpUrl,
  openWalletLink,
  type WalletLink,
  type WalletLinks,
} from './deeplink.js'
