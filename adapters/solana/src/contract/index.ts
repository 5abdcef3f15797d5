import type { CaipNetworkId } from '@portico/core'

/**
 * A Solana transaction request: a SOL transfer the adapter builds from
 * `{ to, value }` (lamports), an SPL token transfer from `{ to, value, token }`
 * (`token` the mint, `value` in its integer units; built when sent: the
 * receiver's associated token account is opened when missing, then
 * `transferChecked`), or an already-built transaction (wire bytes, or
 * their base64) the wallet signs and sends. `caipNetworkId` picks the cluster
 * (default: the active one); `from` the fee payer (default: the first account).
 */
export type SolanaTransactionRequest = (
  | { to: string; value: bigint; token?: string; transaction?: undefined }
  | { transaction: Uint8Array | string; to?: undefined; value?: undefined; token?: undefined }
) & { from?: string; caipNetworkId?: CaipNetworkId }

/** A transaction to sign without sending: wire bytes (or base64). */
export interface SolanaSignTransactionRequest {
  transaction: Uint8Array | string
}

/** The signed transaction's wire bytes. */
export interface SolanaSignTransactionResult {
  signedTransaction: Uint8Array
}

declare module '@portico/core' {
  interface TransactionRequests {
    solana: SolanaTransactionRequest
  }
  interface SignTransactionRequests {
    solana: SolanaSignTransactionRequest
  }
  interface SignTransactionResults {
    solana: SolanaSignTransactionResult
  }
}

export { SOLANA_CHANNEL, SOLANA_REQUEST_METHODS } from './methods.js'
