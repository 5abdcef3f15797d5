export {
  createWalletConnectConnector,
  toWalletConnectError,
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectConnector,
  type WalletConnectConnectorOptions,
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
