export { SiwxApi, type SiwxApiOptions, type SiwxNonce, type SiwxVerifyBody } from './api.js'
export {
  formatSiwxMessage,
  type ParsedSiwxMessage,
  type ParseSiwxMessageOptions,
  parseSiwxMessage,
  SiwxMessageError,
  type SiwxMessageFields,
} from './message.js'
// createSiwx (service.ts) has a door of its own, runtime.ts: createPortico loads it with import()
// when `siwx` is configured, so a page's first load never reaches it through this one (issue 31).
export { checkSiwxSettings, SIWX_DEFAULT_EXPIRY_MS, SIWX_MAX_EXPIRY_MS, SiwxConfigError } from './options.js'
export type { SiwxController, SiwxOptions, SiwxSession, SiwxState, SiwxStatus } from './types.js'
