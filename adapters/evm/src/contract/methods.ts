import type { ChannelCapabilities, RequestMethodLists } from '@portico/core'

/**
 * SPEC §4 safe / not-safe lists for eip155 (the SPEC leaves their contents to
 * us). Safe: JSON-RPC reads and capability / status queries. Everything that
 * signs, sends — including `eth_sendRawTransaction`, which broadcasts a
 * transaction the visitor never saw here — or changes what the wallet exposes
 * needs approval.
 */
export const EVM_REQUEST_METHODS: RequestMethodLists = Object.freeze({
  safe: Object.freeze([
    'eth_accounts',
    'eth_blobBaseFee',
    'eth_blockNumber',
    'eth_call',
    'eth_chainId',
    'eth_coinbase',
    'eth_estimateGas',
    'eth_feeHistory',
    'eth_gasPrice',
    'eth_getBalance',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getCode',
    'eth_getFilterChanges',
    'eth_getFilterLogs',
    'eth_getLogs',
    'eth_getProof',
    'eth_getStorageAt',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_maxPriorityFeePerGas',
    'eth_newBlockFilter',
    'eth_newFilter',
    'eth_newPendingTransactionFilter',
    'eth_syncing',
    'eth_uninstallFilter',
    'net_version',
    'web3_clientVersion',
    'wallet_getCallsStatus',
    'wallet_getCapabilities',
    'wallet_getPermissions',
  ]),
  unsafe: Object.freeze([
    'eth_requestAccounts',
    'eth_sendRawTransaction',
    'eth_sendTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'personal_sign',
    'wallet_addEthereumChain',
    'wallet_grantPermissions',
    'wallet_requestPermissions',
    'wallet_revokePermissions',
    'wallet_sendCalls',
    'wallet_switchEthereumChain',
    'wallet_watchAsset',
  ]),
})

/**
 * What the adapter sends over a request channel (a WalletConnect session):
 * a proposal asks for exactly these. `eth_accounts` / `eth_chainId` are
 * answered from the session itself; `eth_sign` is never used.
 */
export const EVM_CHANNEL: ChannelCapabilities = Object.freeze({
  methods: Object.freeze([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
  ]),
  events: Object.freeze(['accountsChanged', 'chainChanged']),
})
