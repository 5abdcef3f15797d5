export {
  formatNativeUrl,
  formatUniversalUrl,
  getLinkTarget,
  getWalletLink,
  isHttpUrl,
  isSafeNativeLink,
  isSafeUniversalLink,
  openWalletLink,
  type WalletLink,
  type WalletLinks,
} from './deeplink.js'
