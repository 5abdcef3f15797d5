export {
  PORTICO_CONNECTOR_TYPE,
  type PorticoConnectorOptions,
  type PorticoCreateConnectorFn,
  porticoConnector,
} from './connector.js'
