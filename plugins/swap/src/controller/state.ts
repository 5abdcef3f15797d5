import type { CaipNetworkId, SwapQuoteFee, TransactionOutcome } from '@portico/core'

/** SPEC §8: the text shown for a network without swaps. */
export const SWAP_NOT_SUPPORTED_TEXT = 'Network not supported for Swaps'
/** Gas units kept aside when "Max" is used on the native currency (a two-pool swap uses about 170k). */
export const MAX_GAS_RESERVE_UNITS = 300_000n

/** A token the visitor can swap, with the connected account's balance when known. */
export interface SwapTokenInfo {
  /** CAIP-10; native is `<caip2>:0xeeee…eeee`. */
  address: string
  symbol: string
  name: string
  decimals: number
  logoUri?: string
  /** USD price from the token list, when the service knows it. */
  price?: number
  /** Balance in integer units, when known. */
  balance?: bigint
  /** Not in the gateway's swap list: the visitor added it by address (metadata read from the chain). */
  imported?: boolean
}

/** SPEC-less but expected: what pasting a token address into the picker found. */
export interface CustomTokenLookup {
  /** What the visitor pasted (trimmed). */
  query: string
  status: 'loading' | 'ready' | 'invalid' | 'error'
  /** The token read from the chain (status ready), marked `imported`. */
  token?: SwapTokenInfo
  /** Why it cannot be used (status invalid / error), shown as is. */
  message?: string
}

/** Text for an address that is malformed (not 0x + 40 hex digits). */
export const INVALID_TOKEN_ADDRESS_TEXT =
  'Not a valid token address: paste 0x followed by 40 hexadecimal characters'
/** Text for a mixed-case address whose EIP-55 checksum does not match. */
export const BAD_CHECKSUM_TEXT =
  'This address has a wrong checksum (mixed-case EIP-55): check it was copied whole'
/** Text for an address that answers no ERC-20 reads. */
export const NOT_A_TOKEN_TEXT = 'No ERC-20 token at this address on this network'

export interface SwapQuoteInfo {
  fromUnits: bigint
  toUnits: bigint
  path: string[]
  fees: SwapQuoteFee[]
}

/** Where a swap is: filling the form, waiting on the wallet or the chain, done, or failed. */
export type SwapStep = 'form' | 'approving' | 'swapping' | 'success' | 'failed'

export interface SwapState {
  status: 'idle' | 'loading' | 'ready' | 'unsupported' | 'error'
  caipNetworkId?: CaipNetworkId
  /** Why loading failed or the network is unsupported (text shown as is). */
  message?: string
  tokens: SwapTokenInfo[]
  from?: SwapTokenInfo
  to?: SwapTokenInfo
  /** What the visitor typed (decimal units of `from`). */
  amount: string
  quote?: SwapQuoteInfo
  quoteStatus: 'idle' | 'loading' | 'ready' | 'error'
  quoteError?: string
  /** Percent; SPEC §9 default 1. */
  slippage: number
  /** Wei per gas (`standard` of the gas-price call), when known. */
  gasPrice?: bigint
  /** The connected account's allowance for the router, checked at preview (non-native input). */
  allowance?: bigint
  step: SwapStep
  stepError?: string
  approveHash?: string
  txHash?: string
  /** True when approve + swap went as one atomic batch (EIP-5792): `txHash` is the batch's id. */
  batched?: boolean
  /**
   * Set when a sent step did not succeed on chain (`step` is `failed`): which
   * step, and the chain's outcome — failed with its reason, dropped, or still
   * pending after the time-out — for the view to show with the explorer link.
   */
  failure?: { txStep: 'approve' | 'swap'; outcome: Exclude<TransactionOutcome, { status: 'succeeded' }> }
  /** The token-by-address lookup of the picker, when the search is an address not in the list. */
  custom?: CustomTokenLookup
  /** The quote the finished swap was sent with (kept for the success view). */
  sent?: { from: SwapTokenInfo; to: SwapTokenInfo; fromUnits: bigint; toUnits: bigint }
}

/** The state of a fresh flow with the given slippage (percent). */
export const initialSwapState = (slippage: number): SwapState => ({
  status: 'idle',
  tokens: [],
  amount: '',
  quoteStatus: 'idle',
  slippage,
  step: 'form',
})
