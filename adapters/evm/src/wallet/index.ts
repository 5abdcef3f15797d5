export { readChainId, sendWithWallet } from './send.js'
export { switchChain } from './switch.js'
