export { registerSiwxRoutes } from './routes.js'
export {
  SIWX_CLOCK_SKEW_MS,
  SIWX_MAX_SESSION_MS,
  SIWX_NONCE_TTL_MS,
  SiwxService,
  type SiwxSessionView,
} from './service.js'
export { bitcoinSignInVerifier, COSMOS_SIGN_IN_PREFIXES, cosmosSignInVerifier } from './verifiers/index.js'
export { polkadotSignInVerifier } from './verifiers/polkadot.js'
export { parseSolanaSignInMessage, solanaSignInVerifier } from './verifiers/solana.js'
export { evmSignInVerifier, type SignInProof, type SignInVerifier } from './verify.js'
