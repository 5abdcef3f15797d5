/**
 * @portico/plugin-walletconnect/react — the plugin's views for @portico/react.
 * `walletConnectPlugin()` registers them as lazy chunks; they are exported
 * here too for hosts that compose their own UI.
 */
export { default as AllWalletsView, ROW_HEIGHT, VIEWPORT_HEIGHT } from './AllWallets.js'
export { default as ConnectingWalletConnectView } from './ConnectingWalletConnect.js'
export { default as ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasic.js'
export { QrCode, type QrCodeProps } from './QrCode.js'
export { qrPath } from './qr.js'
export { WalletImage } from './shared.js'
export {
  createWalletList,
  mergeInstalled,
  type WalletList,
  type WalletListItem,
  type WalletListOptions,
  type WalletListState,
} from './walletList.js'
export { mergeSearchResults, searchKnown } from './walletSearch.js'
