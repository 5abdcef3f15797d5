import type { BlockchainApi, CaipNetworkId } from '@portico/core'
import { outcomeText, plain, SwapOutcomeError, SwapStepError } from './errors.js'
import { minimumReceived } from './math.js'
import type { SwapWallet } from './wallet.js'

/**
 * Approve + swap as one atomic batch (EIP-5792) for a wallet that runs
 * batches atomically: both land or neither does. The swap is built without
 * the gateway's gas estimate (the allowance is not on chain before the
 * batch). Resolves the amount the swap was built for; a batch that did not
 * succeed on chain is a `SwapOutcomeError` of the swap step.
 */
export async function sendApproveAndSwap(p: {
  api: BlockchainApi
  wallet: SwapWallet
  caipNetworkId: CaipNetworkId
  userAddress: string
  from: string
  to: string
  quote: { fromUnits: bigint; toUnits: bigint }
  slippage: number
  onSent: (id: string) => void
}): Promise<{ toUnits: bigint }> {
  const { api, wallet, quote, slippage } = p
  if (!api.buildSwapTransaction || !api.buildSwapApproval || !wallet.sendBatch)
    throw new SwapStepError('This wallet cannot send a batch of calls')
  const amount = quote.fromUnits.toString()
  const [approve, built] = await Promise.all([
    api.buildSwapApproval({ userAddress: p.userAddress, from: p.from, to: p.to, amount }),
    api.buildSwapTransaction({
      amount,
      from: p.from,
      to: p.to,
      userAddress: p.userAddress,
      slippage: String(slippage),
      disableEstimate: true,
    }),
  ])
  // The gateway builds at the price of now: refuse when that is already below what the visitor accepted.
  if (built.toAmount !== undefined && BigInt(built.toAmount) < minimumReceived(quote.toUnits, slippage)) {
    throw new SwapStepError(
      `The price moved more than your ${slippage}% slippage tolerance since the quote: get a new quote`,
    )
  }
  const { outcome } = await wallet.sendBatch({
    caipNetworkId: p.caipNetworkId,
    calls: [
      { to: plain(approve.tx.to), data: approve.tx.data, value: 0n },
      {
        to: plain(built.tx.to),
        data: built.tx.data,
        value: BigInt(built.tx.value ?? built.tx.amount ?? '0'),
      },
    ],
    onSent: p.onSent,
  })
  if (outcome.status !== 'succeeded')
    throw new SwapOutcomeError('swap', outcome, outcomeText('swap', outcome, slippage))
  return { toUnits: BigInt(built.toAmount ?? quote.toUnits) }
}
