import type { EvmTransactionRequest } from '../contract/index.js'
import type { EvmFeeFields } from './fee-fields.js'

/** A priced transaction: the gas limit and fee fields the send will carry, and what they cost at most. */
export interface EvmFeeQuote {
  gas: bigint
  fields: EvmFeeFields
  /** The OP-stack L1 data fee (0 on other chains). */
  l1DataFee: bigint
  /** gas × the max price per gas + the L1 data fee: the most the sender can be charged. */
  worstCase: bigint
  /** When it was priced (ms since the epoch). */
  at: number
}

/** How long a quote's fee fields are reused by the send of the same request (the preview then matches the wallet). */
export const FEE_QUOTE_TTL_MS = 60_000

/**
 * The last quote of each request object: core prices a request with
 * `estimateFee` and sends that same object with `sendTransaction`, so the
 * send carries exactly the gas limit and fee fields the preview showed.
 * Keyed by identity (a WeakMap): a request is never matched by its content.
 */
export interface FeeQuotes {
  remember(request: EvmTransactionRequest, quote: EvmFeeQuote): void
  /** The quote of `request` if it is younger than `FEE_QUOTE_TTL_MS`. */
  fresh(request: EvmTransactionRequest, now?: number): EvmFeeQuote | undefined
}

export function createFeeQuotes(): FeeQuotes {
  const quotes = new WeakMap<EvmTransactionRequest, EvmFeeQuote>()
  return {
    remember: (request, quote) => {
      quotes.set(request, quote)
    },
    fresh(request, now = Date.now()) {
      const quote = quotes.get(request)
      return quote && now - quote.at <= FEE_QUOTE_TTL_MS ? quote : undefined
    },
  }
}

/** The fee fields a request names itself (a dApp's own choice wins over ours), if any. */
export function requestFeeFields(request: EvmTransactionRequest): EvmFeeFields | undefined {
  if (request.maxFeePerGas !== undefined)
    return {
      type: 'eip1559',
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? 0n,
    }
  if (request.gasPrice !== undefined) return { type: 'legacy', gasPrice: request.gasPrice }
  return undefined
}

/** The request with `fields` (and `gas` when it names none) set, as the wallet receives it. */
export function withFeeFields(
  request: EvmTransactionRequest,
  fields: EvmFeeFields,
  gas?: bigint,
): EvmTransactionRequest {
  const { maxFeePerGas: _a, maxPriorityFeePerGas: _b, gasPrice: _c, ...rest } = request
  return {
    ...rest,
    ...(request.gas === undefined && gas !== undefined ? { gas } : {}),
    ...(fields.type === 'eip1559'
      ? { maxFeePerGas: fields.maxFeePerGas, maxPriorityFeePerGas: fields.maxPriorityFeePerGas }
      : { gasPrice: fields.gasPrice }),
  }
}
