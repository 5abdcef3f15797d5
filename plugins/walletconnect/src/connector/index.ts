export {
  createWalletConnectConnector,
  toWalletConnectError,
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_RELAY_TIMEOUT_MS,
  type WalletConnectConnector,
  type WalletConnectConnectorOptions,
  WalletConnectRelayTimeoutError,
  type WalletConnectState,
  type WalletConnectStorage,
} from './connector.js'
export { toBase58, toHexMessage } from './encoding.js'
export {
  accountsFromSession,
  buildProposalNamespaces,
  type ProposalNamespace,
  parseAccountId,
  WALLETCONNECT_EVENTS,
  WALLETCONNECT_METHODS,
} from './namespaces.js'
