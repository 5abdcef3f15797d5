/**
 * Wallet request responses and request-method lists (SPEC §4, §5).
 */

const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * SPEC §5: `0x` followed by exactly 64 hex characters.
 *
 * @example
 * isTransactionHash('0x' + 'a'.repeat(64)) // true
 */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TX_HASH.test(value)
}

/**
 * SPEC §5: `0x` followed by at least 62 hex characters.
 *
 * @example
 * isSignedMessage('0x' + 'f'.repeat(130)) // true (an ECDSA signature)
 */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

export type WalletResponseType = 'transaction' | 'object'

/**
 * SPEC §4: a wallet response is of transaction type when it is a transaction
 * hash or a signed message (a `0x` hex string of 62+ hex digits), of object type
 * otherwise (objects, numbers, other strings, nullish).
 *
 * @example
 * classifyWalletResponse('0x' + 'a'.repeat(64)) // 'transaction'
 * classifyWalletResponse({ accounts: [] })      // 'object'
 */
export function classifyWalletResponse(value: unknown): WalletResponseType {
  return isTransactionHash(value) || isSignedMessage(value) ? 'transaction' : 'object'
}

/**
 * Request methods that only read and never need the user's approval (SPEC §4
 * "safe list"; the SPEC does not give its contents — this is our choice: EVM
 * JSON-RPC reads plus capability/status queries, and broadcasting an already
 * signed transaction).
 */
export const SAFE_REQUEST_METHODS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'eth_accounts',
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
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getPermissions',
  'solana_getAccounts',
])

/**
 * Request methods that sign, send, or change what the wallet exposes, and so
 * need the user's approval (SPEC §4 "not-safe list"; contents are our choice).
 */
export const UNSAFE_REQUEST_METHODS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'eth_requestAccounts',
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
  'solana_requestAccounts',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
])

const SAFE = /* @__PURE__ */ new Set(SAFE_REQUEST_METHODS)
const UNSAFE = /* @__PURE__ */ new Set(UNSAFE_REQUEST_METHODS)

export type RequestMethodSafety = 'safe' | 'unsafe' | 'unknown'

/**
 * Which list a wallet request method is on; `'unknown'` when on neither.
 *
 * @example
 * getRequestMethodSafety('eth_chainId')   // 'safe'
 * getRequestMethodSafety('personal_sign') // 'unsafe'
 */
export function getRequestMethodSafety(method: unknown): RequestMethodSafety {
  if (typeof method !== 'string') return 'unknown'
  return SAFE.has(method) ? 'safe' : UNSAFE.has(method) ? 'unsafe' : 'unknown'
}

/** SPEC §4: a request is known if its method is in the safe or the not-safe list. */
export function isKnownRequestMethod(method: unknown): boolean {
  return getRequestMethodSafety(method) !== 'unknown'
}

/** True only for methods on the safe list. */
export function isSafeRequestMethod(method: unknown): boolean {
  return getRequestMethodSafety(method) === 'safe'
}
