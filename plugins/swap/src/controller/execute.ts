import type { CaipNetworkId } from '@portico/core'
import { sendApproveAndSwap } from './batch.js'
import { outcomeText, plain, SwapOutcomeError, SwapStepError, stepErrorText } from './errors.js'
import { isNativeToken, minimumReceived } from './math.js'
import type { SwapControllerOptions } from './options.js'
import type { SwapState } from './state.js'

/** What the approve → swap sequence reads and changes of its controller. */
export interface SwapRun {
  options: SwapControllerOptions
  state(): SwapState
  set(patch: Partial<SwapState>): void
  /** Reads the router allowance of the input token into the state. */
  checkAllowance(): Promise<void>
  needsApproval(): boolean
  syncBalances(): void
}

/**
 * Runs the swap: approve exactly the amount first when the allowance is
 * short (and waits for it), then builds the swap at the slippage, sends it
 * through the connected wallet and waits for the receipt.
 */
export async function executeSwap(run: SwapRun): Promise<void> {
  const { from, to, quote, slippage } = run.state()
  const account = run.options.wallet.account()
  const api = run.options.api
  if (!from || !to || !quote || !account || !api?.buildSwapTransaction || !api.buildSwapApproval) return
  const { wallet } = run.options
  const userAddress = `${account.caipNetworkId}:${account.address}`
  try {
    if (!isNativeToken(from.address)) {
      await run.checkAllowance()
      if (run.needsApproval() && (await atomicBatch(run, account.caipNetworkId))) {
        await executeBatch(run, account, userAddress)
        return
      }
      if (run.needsApproval()) {
        run.set({ step: 'approving', stepError: undefined, approveHash: undefined })
        const approve = await api.buildSwapApproval({
          userAddress,
          from: from.address,
          to: to.address,
          amount: quote.fromUnits.toString(),
        })
        const hash = await wallet.send({
          caipNetworkId: account.caipNetworkId,
          to: plain(approve.tx.to),
          data: approve.tx.data,
          value: 0n,
        })
        run.set({ approveHash: hash })
        const approved = await wallet.wait(hash, account.caipNetworkId)
        if (approved.status !== 'succeeded') {
          throw new SwapOutcomeError('approve', approved, outcomeText('approve', approved, slippage))
        }
        run.set({ allowance: quote.fromUnits })
      }
    }
    run.set({ step: 'swapping', stepError: undefined, txHash: undefined })
    const built = await api.buildSwapTransaction({
      amount: quote.fromUnits.toString(),
      from: from.address,
      to: to.address,
      userAddress,
      slippage: String(slippage),
    })
    // The gateway builds at the price of now: refuse when that is already below what the visitor accepted.
    if (built.toAmount !== undefined && BigInt(built.toAmount) < minimumReceived(quote.toUnits, slippage)) {
      throw new SwapStepError(
        `The price moved more than your ${slippage}% slippage tolerance since the quote: get a new quote`,
      )
    }
    const hash = await wallet.send({
      caipNetworkId: account.caipNetworkId,
      to: plain(built.tx.to),
      data: built.tx.data,
      value: BigInt(built.tx.value ?? built.tx.amount ?? '0'),
    })
    run.set({ txHash: hash })
    const swapped = await wallet.wait(hash, account.caipNetworkId)
    if (swapped.status !== 'succeeded') {
      throw new SwapOutcomeError('swap', swapped, outcomeText('swap', swapped, slippage))
    }
    run.set({
      step: 'success',
      sent: { from, to, fromUnits: quote.fromUnits, toUnits: BigInt(built.toAmount ?? quote.toUnits) },
    })
    await run.options.refreshBalance?.().catch((error: unknown) => {
      run.options.onWarning?.('swap: balance refresh after the swap failed', error)
    })
    run.syncBalances()
  } catch (error) {
    run.set({
      step: 'failed',
      stepError: stepErrorText(error, slippage),
      failure:
        error instanceof SwapOutcomeError ? { txStep: error.txStep, outcome: error.outcome } : undefined,
    })
    // A transaction that reached the chain paid its fee (and an approval may have landed): balances are read again.
    if (error instanceof SwapOutcomeError) {
      await run.options.refreshBalance?.().catch((e: unknown) => {
        run.options.onWarning?.('swap: balance refresh after the failed swap failed', e)
      })
      run.syncBalances()
    }
  }
}

/** Whether the wallet batches atomically; a failed capability read is logged and the two steps are used. */
async function atomicBatch(run: SwapRun, caipNetworkId: CaipNetworkId): Promise<boolean> {
  try {
    return (await run.options.wallet.atomicBatch?.(caipNetworkId)) === true
  } catch (error) {
    run.options.onWarning?.(
      'swap: reading the wallet capabilities failed; approving in a step of its own',
      error,
    )
    return false
  }
}

/** Approve + swap as one atomic batch (`sendApproveAndSwap`): both land or neither does. */
async function executeBatch(
  run: SwapRun,
  account: { caipNetworkId: CaipNetworkId; address: string },
  userAddress: string,
) {
  const { from, to, quote, slippage } = run.state()
  const { api, wallet } = run.options
  if (!from || !to || !quote || !api) return
  run.set({
    step: 'swapping',
    stepError: undefined,
    txHash: undefined,
    approveHash: undefined,
    batched: true,
  })
  const { toUnits } = await sendApproveAndSwap({
    api,
    wallet,
    caipNetworkId: account.caipNetworkId,
    userAddress,
    from: from.address,
    to: to.address,
    quote,
    slippage,
    onSent: (id) => run.set({ txHash: id }),
  })
  run.set({ step: 'success', allowance: 0n, sent: { from, to, fromUnits: quote.fromUnits, toUnits } })
  await run.options.refreshBalance?.().catch((error: unknown) => {
    run.options.onWarning?.('swap: balance refresh after the swap failed', error)
  })
  run.syncBalances()
}
