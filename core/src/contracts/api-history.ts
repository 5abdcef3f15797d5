/**
 * Transaction history over HTTP (SPEC §3, §7): the items the gateway answers
 * for an account, onramp orders included. Part of the contract in `api.ts`.
 */
import type { CaipNetworkId } from './network.js'

export interface HistoryTransfer {
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  /** Fungible transfers (native or ERC-20 / SPL). */
  fungible_info?: { name: string; symbol: string; icon?: { url: string } }
  /**
   * NFT transfers; `flags.is_spam` is the SPEC §3 spam flag. `content.preview.url`
   * is the gateway's own image link (its image proxy), never the token's URI.
   */
  nft_info?: {
    name?: string
    flags: { is_spam: boolean }
    content?: { preview?: { url: string } }
    /** Collection name as the contract reports it. */
    collection?: string
    /** Contract address (lowercase). */
    contract?: string
    /** Token id, decimal. */
    token_id?: string
    standard?: 'erc721' | 'erc1155'
  }
  value?: number
  price?: number
}

/** SPEC §3 Transaction-history item. */
export interface HistoryItem {
  id: string
  metadata: {
    /** ISO-8601 time the transaction was mined. */
    minedAt: string
    /** CAIP-2 network id. */
    chain: CaipNetworkId
    hash: string
    sentFrom: string
    sentTo: string
    /** `dropped`: a send core followed that never made it into a block (replaced, expired). */
    status: 'confirmed' | 'failed' | 'pending' | 'dropped'
    /** Why it failed or was dropped, in the chain's words, when known (core's own sends). */
    reason?: string
    operationType: 'send' | 'receive' | 'execute' | 'mint' | 'trade' | 'approve'
    /** The network fee the account paid for this transaction, when the gateway reads it (Cosmos, Polkadot). */
    fee?: { numeric: string; symbol: string }
    /** Set on the onramp orders that `?onramp=<provider|all>` adds to the history. */
    onramp?: OnrampHistoryInfo
  }
  transfers: HistoryTransfer[]
}

/** An onramp order as a history item carries it (`metadata.onramp`). */
export interface OnrampHistoryInfo {
  orderId: string
  provider: string
  status: 'pending' | 'completed' | 'failed'
  paymentAmount: string | null
  paymentCurrency: string
  purchaseAmount: string | null
  purchaseCurrency: string
  failureReason: string | null
}

/** GET /v1/account/{account}/history?cursor&onramp&chainId */
export interface HistoryResponse {
  data: HistoryItem[]
  next: string | null
}
