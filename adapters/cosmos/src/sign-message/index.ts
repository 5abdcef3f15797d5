export { makeAdr036SignDoc, verifyAdr036Signature } from './adr036.js'
