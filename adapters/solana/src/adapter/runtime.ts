/**
 * The adapter's runtime: connecting, reads, fees, signing, sending and
 * outcomes. `adapter/index.ts` loads it with `import()` on first use (and in
 * the background once set up in a browser), so a page that registers the
 * Solana adapter draws its button and Connect view with the registration and
 * wallet discovery only (issue 31).
 */

export { connectChannel, connectWallet, restoreAccounts, switchSessionNetwork } from './connect.js'
export { assertSolCoversFee, estimateSolanaFee } from './fees.js'
export { waitForSolanaTransaction } from './outcome.js'
export { readBalance, readTokenBalances } from './reads.js'
export { assertSolTransferKeepsRent, solanaReserve } from './reserve.js'
export { sendWithSession, signTransactionWithSession } from './send.js'
export { signInWithSession, signMessageWithSession } from './signing.js'
export { InvalidSolanaAddressError } from './transactions.js'
