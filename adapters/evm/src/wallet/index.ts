export { switchChain } from './switch.js'
