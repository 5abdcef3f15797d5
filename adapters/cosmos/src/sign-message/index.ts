export { makeAdr036SignDoc, verifyAdr036Signature } from './adr036.js'
export { signCosmosMessage } from './sign.js'
