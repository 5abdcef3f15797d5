/**
 * @portico/plugin-walletconnect/react — the plugin's views for @portico/react.
 * `walletConnectPlugin()` registers them as lazy chunks; they are exported
 * here too for hosts that compose their own UI.
 */

// The QR code drawing lives in @portico/react (Receive uses it too); re-exported here as before.
export { QrCode, type QrCodeProps, qrPath } from '@portico/react/qr'
export { default as AllWalletsView, ROW_HEIGHT, VIEWPORT_HEIGHT } from './AllWallets.js'
export { default as ConnectingWalletConnectView } from './ConnectingWalletConnect.js'
export { default as ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasic.js'
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
