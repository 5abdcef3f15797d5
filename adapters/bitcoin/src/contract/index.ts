import type { AccountRecord } from '@portico/core'

/**
 * bip122's entries of core's per-namespace maps. The contract itself
 * (`ChainAdapter`, `AccountRecord`…) comes from `@portico/core`; only the
 * requests, options and results a Bitcoin wallet speaks are defined here and
 * registered by declaration merging, so `portico.sendTransaction({ namespace:
 * 'bip122', request })` is typed once this package is installed.
 */

/** Why a Bitcoin account exists in a wallet: spending (payment) or holding inscriptions (ordinals). */
export type BitcoinPurpose = NonNullable<AccountRecord['purpose']>

/** A payment: `value` sats to `to`, at `feeRate` sat/vB (default: the `/fee-estimates` rate of the adapter's target). */
export interface BitcoinTransactionRequest {
  to: string
  value: bigint
  feeRate?: number
}

/** Options of `signMessage`. Default `ecdsa` (the "Bitcoin Signed Message" format) for p2wpkh, `bip322` for p2tr. */
export interface BitcoinSignMessageOptions {
  protocol?: 'ecdsa' | 'bip322'
}

/** Options of `connect`: which accounts to ask for; default both purposes. */
export interface BitcoinConnectOptions {
  purposes?: BitcoinPurpose[]
}

/** A dApp's own PSBT to sign: which inputs each account signs, and whether the adapter broadcasts it. */
export interface BitcoinSignTransactionRequest {
  psbt: Uint8Array
  inputsToSign: { address: string; index: number[]; sighashTypes?: number[] }[]
  broadcast?: boolean
}

/** The signed PSBT; `txid` when `broadcast` was asked. */
export interface BitcoinSignTransactionResult {
  psbt: Uint8Array
  txid?: string
}

declare module '@portico/core' {
  interface TransactionRequests {
    bip122: BitcoinTransactionRequest
  }
  interface SignMessageOptions {
    bip122: BitcoinSignMessageOptions
  }
  interface ConnectOptions {
    bip122: BitcoinConnectOptions
  }
  interface SignTransactionRequests {
    bip122: BitcoinSignTransactionRequest
  }
  interface SignTransactionResults {
    bip122: BitcoinSignTransactionResult
  }
}
