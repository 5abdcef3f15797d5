export {
  adr036KeyAlgorithm,
  ETH_SECP256K1_KEY_TYPES,
  makeAdr036SignDoc,
  SECP256K1_KEY_TYPE,
  verifyAdr036Signature,
} from './adr036.js'
export { signCosmosMessage } from './sign.js'
