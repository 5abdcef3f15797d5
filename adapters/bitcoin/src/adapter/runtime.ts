// What needs bitcoinjs-lib (PSBTs, BIP-322 / ECDSA messages): loaded by the adapter on the
// first send, fee estimate, reserve, PSBT or message, so the page's first load does not carry it.
export { dustReserve, estimatePaymentFee, sendPayment } from './send.js'
export { signBitcoinMessage } from './sign-message.js'
export { signDappPsbt } from './sign-psbt.js'
