/**
 * @portico/plugin-embedded-wallet/react — the email views for @portico/react.
 * `embeddedWalletPlugin()` registers them as lazy chunks; exported here too
 * for hosts that compose their own UI.
 */
export { default as ExportPrivateKeyView } from './account/ExportKey.js'
export { default as UpdateEmailWalletView } from './account/UpdateEmail.js'
export { default as ConnectEmailView } from './ConnectEmail.js'
export { default as EmailVerifyDeviceView } from './EmailVerifyDevice.js'
export { default as EmailVerifyOtpView, digitsOf } from './EmailVerifyOtp.js'
export { default as ConnectingFarcasterView } from './farcaster/ConnectingFarcaster.js'
export { type FarcasterStringKey, farcasterStrings } from './farcaster/strings.js'
export {
  type EmbeddedWalletStringKey,
  type EmbeddedWalletStrings,
  embeddedWalletStrings,
} from './strings.js'
