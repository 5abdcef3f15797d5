import {
  HttpRequestError,
  PorticoError,
  type TransactionOutcome,
  UserRejectedRequestError,
} from '@portico/core'
import { SWAP_NOT_SUPPORTED_TEXT } from './state.js'

/** A step failure whose message is already the visitor's text. */
export class SwapStepError extends Error {}

/** A sent step (approve or swap) the chain did not carry out: failed with its reason, dropped, or still pending. */
export class SwapOutcomeError extends SwapStepError {
  constructor(
    readonly txStep: 'approve' | 'swap',
    readonly outcome: Exclude<TransactionOutcome, { status: 'succeeded' }>,
    message: string,
  ) {
    super(message)
  }
}

export function plain(caip10OrAddress: string): string {
  const parts = caip10OrAddress.split(':')
  return parts.length === 3 ? parts[2]! : caip10OrAddress
}

export function isSwapUnsupported(error: unknown): boolean {
  if (error instanceof PorticoError && error.code === 'SWAP_NETWORK_NOT_SUPPORTED') return true
  return error instanceof HttpRequestError && error.body?.code === 'swap_network_not_supported'
}

export function errorMessage(error: unknown): string {
  if (error instanceof HttpRequestError) return error.body?.message ?? error.shortMessage
  if (error instanceof PorticoError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}

export function quoteErrorText(error: unknown): string {
  if (error instanceof HttpRequestError && error.body?.code === 'no_route')
    return 'No liquidity for this pair'
  if (isSwapUnsupported(error)) return SWAP_NOT_SUPPORTED_TEXT
  return errorMessage(error)
}

export function stepErrorText(error: unknown, slippage: number): string {
  if (error instanceof SwapStepError) return error.message
  if (error instanceof UserRejectedRequestError) return 'You rejected the request in your wallet'
  if (error instanceof HttpRequestError && error.body?.code === 'estimate_failed') {
    return `The swap would fail now (the price may have moved more than your ${slippage}% slippage): ${error.body.message ?? ''}`.trim()
  }
  return errorMessage(error)
}

/** The visitor's text for a sent step the chain did not carry out (the view shows the outcome itself beside it). */
export function outcomeText(
  txStep: 'approve' | 'swap',
  outcome: Exclude<TransactionOutcome, { status: 'succeeded' }>,
  slippage: number,
): string {
  const what = txStep === 'approve' ? 'approval' : 'swap'
  switch (outcome.status) {
    case 'failed':
      return txStep === 'approve'
        ? `The approval failed on chain: ${outcome.reason.message}`
        : `The swap reverted on chain: ${outcome.reason.message} (the price may have moved more than your ${slippage}% slippage tolerance allows)`
    case 'dropped':
      return `The ${what} was dropped: the network never included it${outcome.replacedBy ? ` (replaced by ${outcome.replacedBy})` : ''}`
    case 'pending':
      return `The ${what} is still pending: check the explorer before trying again`
  }
}
