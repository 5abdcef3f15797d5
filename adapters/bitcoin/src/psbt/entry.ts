/**
 * @portico/adapter-bitcoin/psbt — the helpers that need bitcoinjs-lib: building and
 * checking payment PSBTs, signing and verifying ECDSA / BIP-322 messages. For servers
 * (a SIWX verifier), signers and tests; the adapter itself loads them on first use.
 *
 * @example
 * import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
 * verifyBitcoinMessage({ address, message, signature, params: addressParams(caipNetworkId) })
 */
export { type Bip322Signer, signMessageBip322, verifyBitcoinMessage } from '../message/index.js'
export { assertSamePayment, buildPayment, DUST_LIMITS } from './index.js'
