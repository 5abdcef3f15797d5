export { SiwxApi, type SiwxApiOptions, type SiwxNonce, type SiwxVerifyBody } from './api.js'
export {
  formatSiwxMessage,
  type ParsedSiwxMessage,
  type ParseSiwxMessageOptions,
  parseSiwxMessage,
  SiwxMessageError,
  type SiwxMessageFields,
} from './message.js'
export { createSiwx, SIWX_DEFAULT_EXPIRY_MS, SIWX_MAX_EXPIRY_MS, SiwxConfigError } from './service.js'
export type { SiwxController, SiwxOptions, SiwxSession, SiwxState, SiwxStatus } from './types.js'
