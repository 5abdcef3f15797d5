/**
 * Every text the UI shows, in English. A locale is an object of the same shape
 * (`Partial` is fine: missing keys fall back to English). `{name}` marks a value
 * filled in at render time.
 */
export const en = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  close: 'Close',
  dismiss: 'Dismiss',
  back: 'Back',
  cancel: 'Cancel',
  tryAgain: 'Try again',
  openModal: 'Open wallet modal',
  // Connect
  connectTitle: 'Connect Wallet',
  installed: 'Installed',
  recent: 'Recent',
  allWallets: 'All Wallets',
  noWallets: 'No wallet found in this browser.',
  walletListLabel: 'Wallets',
  termsNote: 'Portico never holds your keys. Your wallet asks you to approve every action.',
  qrCode: 'QR code',
  chainEip155: 'Ethereum & EVM',
  chainSolana: 'Solana',
  chainPolkadot: 'Polkadot',
  chainBip122: 'Bitcoin',
  chainCosmos: 'Cosmos',
  chainMulti: 'Any chain',
  // ConnectingExternal
  continueIn: 'Continue in {name}',
  approveInWallet: 'Accept the connection request in your wallet.',
  connectionDeclined: 'Connection declined',
  connectionDeclinedHint: 'You declined the request in your wallet.',
  connectionFailed: 'Connection failed',
  // Account
  accountTitle: 'Account',
  copyAddress: 'Copy address',
  copied: 'Copied',
  viewOnExplorer: 'View on explorer',
  disconnect: 'Disconnect',
  chainsLabel: 'Chains',
  connectChainWallet: 'Connect a {name} wallet',
  tabTokens: 'Tokens',
  tabNfts: 'NFTs',
  tabActivity: 'Activity',
  accountTabs: 'Account tabs',
  noTokens: 'No tokens yet.',
  noNfts: 'No NFTs yet. Collectibles appear here once a Portico gateway provides them.',
  noActivity: 'No activity yet. Transactions appear here once a Portico gateway provides them.',
  balanceLoading: 'Loading balance…',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  // Networks
  networksTitle: 'Choose Network',
  networkButtonLabel: 'Network: {name}',
  selectNetwork: 'Select network',
  currentNetwork: 'Current',
  wrongNetwork: 'Wrong network',
  // SwitchNetwork
  switchNetworkTitle: 'Switch Network',
  switchingTo: 'Switching to {name}',
  approveSwitch: 'Approve the network switch in your wallet.',
  switchDeclined: 'Switch declined',
  switchDeclinedHint: 'You declined the network switch in your wallet.',
  // UnsupportedChain
  unsupportedTitle: 'Unsupported network',
  unsupportedText:
    'This app doesn’t support your wallet’s current network. Switch to a supported network to continue.',
  // SignMessage / ApproveTransaction
  signMessageTitle: 'Sign Message',
  signMessagePending: 'Waiting for your signature',
  signMessageWaiting: 'Approve the signature request in your wallet.',
  signatureDeclined: 'Signature declined',
  signatureFailed: 'Signing failed',
  message: 'Message',
  approveTransactionTitle: 'Approve Transaction',
  approveTransactionPending: 'Waiting for approval',
  approveTransactionWaiting: 'Review and approve the transaction in your wallet.',
  transactionDeclined: 'Transaction declined',
  transactionFailed: 'Transaction failed',
  transactionTo: 'To',
  transactionValue: 'Value',
  done: 'Done',
  // Generic
  loadingView: 'Loading…',
  viewUnavailable: 'This screen is not available.',
  somethingWentWrong: 'Something went wrong',
}

export type PorticoStrings = typeof en
export type PorticoStringKey = keyof PorticoStrings
