/**
 * @portico/plugin-embedded-wallet/controller — the email-login flow and the
 * connector behind `embeddedWalletPlugin()`, loaded on first use.
 */

export {
  type DevicePoll,
  type EmailChangeStep,
  type LoginAnswer,
  parseDevicePoll,
  parseEmailChangeStep,
  parseLoginAnswer,
} from '../account-protocol.js'
export {
  type FrameErrorInfo,
  type FrameMessage,
  type FramePayload,
  parseFarcasterStart,
  parseFrameMessage,
  parseSession,
  parseSocialStart,
} from '../protocol.js'
export { EmbeddedAccount, type EmbeddedAccountDeps } from './account.js'
export {
  EMAIL_LOGIN_STORAGE_KEY,
  EmbeddedWalletController,
  type EmbeddedWalletControllerOptions,
} from './controller.js'
export { FarcasterLogin, type FarcasterSignIn } from './farcaster.js'
export {
  createFrameClient,
  EmbeddedFrameError,
  EmbeddedTimeoutError,
  type FrameClient,
  type FrameClientOptions,
  type FrameRequestOptions,
} from './frame-client.js'
export { getEmbeddedWallet } from './registry.js'
export { SocialPopupClosedError } from './social.js'
