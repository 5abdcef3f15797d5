/**
 * @portico/wagmi — a wagmi connector over the account connected through
 * Portico, and the EIP-1193 provider it hands wagmi.
 */
export {
  PORTICO_CONNECTOR_TYPE,
  type PorticoConnectorOptions,
  type PorticoCreateConnectorFn,
  porticoConnector,
} from './connector/index.js'
export { InvalidProviderParamsError, PorticoWagmiOptionsError } from './errors.js'
export {
  createPorticoProvider,
  type PorticoEip1193Provider,
  type PorticoProviderEvents,
} from './provider/index.js'
