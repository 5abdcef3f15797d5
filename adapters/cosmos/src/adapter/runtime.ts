/**
 * The adapter's runtime: fees, message and transaction signing, sending and
 * outcomes (the code that drives CosmJS). `adapter/index.ts` loads it with
 * `import()` on first use (and in the background once set up in a browser),
 * so a page that registers the Cosmos adapter draws its button and Connect
 * view with the registration and wallet discovery only (issue 31).
 */

export { offlineSigner, sendCosmosTransaction, toMsgSend, waitForCosmosOutcome } from '../send/index.js'
export { signCosmosMessage } from '../sign-message/sign.js'
export { assertCanSend, estimateFee, feeDenomReserve } from './fees.js'
export { signCosmosTransaction } from './sign-transaction.js'
