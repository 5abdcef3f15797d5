/**
 * Methods the proxy forwards, per namespace: an allowlist, never a
 * denylist, so a node's admin or test surface (admin_, debug_, personal_,
 * miner_, txpool_, anvil_, hardhat_, evm_, eth_sign*, eth_sendTransaction
 * with the node's own keys) cannot be reached whatever the upstream is.
 * Filters (eth_newFilter …) are left out too: they live in one node's memory
 * and a fallback to another upstream would lose them.
 */
const EVM_METHODS = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_version',
  'net_listening',
  'web3_clientVersion',
] as const

/** Solana reads, plus sending and simulating a transaction the wallet signed. No airdrops, no validator admin. */
const SOLANA_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getBlocks',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getProgramAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
] as const

const ALLOWED: Record<string, ReadonlySet<string>> = {
  eip155: new Set(EVM_METHODS),
  solana: new Set(SOLANA_METHODS),
}

/** Namespaces the proxy serves. */
export type RpcNamespace = 'eip155' | 'solana'

/** Whether `method` may be forwarded on a chain of `namespace` (own-property check: no `__proto__` tricks). */
export function methodAllowed(namespace: RpcNamespace, method: string): boolean {
  return ALLOWED[namespace]?.has(method) === true
}

/** The allowlist of a namespace (documentation and tests). */
export function allowedMethods(namespace: RpcNamespace): readonly string[] {
  return [...(ALLOWED[namespace] ?? [])]
}
