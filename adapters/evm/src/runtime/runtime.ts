// The viem half of the adapter: everything here is loaded by `loadEvmRuntime()`
// (`await import()`), never statically from the package entry.
export {
  bytesToHex,
  encodeFunctionData,
  getAddress,
  numberToHex,
  serializeTransaction,
  stringToHex,
} from 'viem'
export { createEvmPublicClient } from '../transport/index.js'
export { readTokenBalances } from './balances.js'
