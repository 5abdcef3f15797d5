export { createSessionChannel, sessionAccounts, sessionChains } from './channel.js'
export {
  createWalletConnectConnector,
  isLoopbackRelay,
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_RELAY_TIMEOUT_MS,
  type WalletConnectConnector,
  type WalletConnectConnectorOptions,
  type WalletConnectState,
  type WalletConnectStorage,
} from './connector.js'
export {
  ProjectIdNotConfiguredError,
  toWalletConnectError,
  WalletConnectRelayTimeoutError,
} from './errors.js'
export { peerFromMetadata, type WalletConnectPeer } from './peer.js'
export { buildProposalNamespaces, type ProposalNamespace } from './proposal.js'
