export { PORTICO_CONNECTOR_TYPE, type PorticoConnectorOptions, porticoConnector } from './connector.js'
