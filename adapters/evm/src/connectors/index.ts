export { buildConnectors, type EvmConnectorConfig, INJECTED_ID } from './connectors.js'
