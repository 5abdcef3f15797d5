/**
 * The adapter's runtime: opening sessions, balances, the reserve, message
 * signing and transfers. `adapter/index.ts` loads it with `import()` on first
 * use (and in the background once set up in a browser), so a page that
 * registers the Polkadot adapter draws its button and Connect view with the
 * registration and extension discovery only (issue 31).
 */

export { polkadotReserve, signRawMessage } from '../chain/index.js'
export { readBalance, readTokenBalances } from './balances.js'
export { openSession } from './connect.js'
export { estimateRequestFee, sendExtrinsic, transferRequest, waitForTransaction } from './transactions.js'
