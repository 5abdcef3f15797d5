export { bitcoinSignInVerifier } from './bitcoin.js'
export { COSMOS_SIGN_IN_PREFIXES, cosmosSignInVerifier } from './cosmos.js'
