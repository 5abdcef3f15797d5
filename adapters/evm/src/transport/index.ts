export {
  createEvmPublicClient,
  createEvmTransport,
  type EvmTransportOptions,
  resolveTransportOptions,
  toViemChain,
} from './transport.js'
