// Loaded with `await import()` when a smart account sends or follows a user operation.
import type { TransactionOutcome } from '@portico/core'
import { type Hex, http, isHex, type PublicClient } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  type SmartAccount,
  WaitForUserOperationReceiptTimeoutError,
} from 'viem/account-abstraction'
import { toBalance } from '../balances/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { decodeRevert } from '../outcome/decode.js'
import { SponsorshipRefusedError, UserOperationRejectedError } from './options.js'

export interface UserOperationCall {
  to: `0x${string}`
  value?: bigint
  data?: Hex
}

/** ERC-7677 refusal by the gateway (-32003 with `data.reason`), wherever viem nested it. */
function sponsorshipRefusal(error: unknown): SponsorshipRefusedError | undefined {
  const seen = new Set<unknown>()
  let e: unknown = error
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e)
    const { code, data } = e as { code?: unknown; data?: unknown }
    const reason = (data as { reason?: unknown } | undefined)?.reason
    if (code === -32003 && typeof reason === 'string') {
      const details = (e as { details?: unknown }).details
      const text = typeof details === 'string' && details ? details : reason
      return new SponsorshipRefusedError(reason, text, { cause: error })
    }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

function bundlerOf(client: PublicClient, url: string, sponsor: boolean) {
  const transport = http(url, { retryCount: 0 })
  return createBundlerClient({
    client,
    transport,
    ...(sponsor ? { paymaster: createPaymasterClient({ transport }) } : {}),
    pollingInterval: 250,
  })
}

/** What a sent user operation was and who pays its gas. */
export interface SentUserOperation {
  hash: Hex
  sponsored: boolean
}

/**
 * Builds, sponsors (when `sponsor`), signs (through the owner's wallet) and
 * sends one user operation carrying `calls` (one `execute`, or an atomic
 * `executeBatch`). A paymaster refusal is `SponsorshipRefusedError`; a
 * bundler refusal `UserOperationRejectedError`; the wallet's own refusal
 * passes through as the wallet's error.
 */
export async function sendUserOperation(p: {
  client: PublicClient
  account: SmartAccount
  url: string
  sponsor: boolean
  calls: readonly UserOperationCall[]
}): Promise<SentUserOperation> {
  const bundler = bundlerOf(p.client, p.url, p.sponsor)
  let prepared: Awaited<ReturnType<typeof bundler.prepareUserOperation>>
  try {
    prepared = await bundler.prepareUserOperation({ account: p.account, calls: [...p.calls] })
  } catch (error) {
    throw sponsorshipRefusal(error) ?? new UserOperationRejectedError({ cause: error })
  }
  // The wallet signs here: its refusal is its own error, not the bundler's.
  const signature = await p.account.signUserOperation(prepared)
  try {
    const hash = await bundler.sendUserOperation({ ...prepared, account: p.account, signature })
    return { hash, sponsored: p.sponsor }
  } catch (error) {
    throw sponsorshipRefusal(error) ?? new UserOperationRejectedError({ cause: error })
  }
}

/**
 * The most a user operation for `calls` can cost the account: nothing when
 * the paymaster agreed to sponsor it (its stub data came back), else every
 * gas limit at `maxFeePerGas`. A refusal is `SponsorshipRefusedError`.
 */
export async function priceUserOperation(p: {
  client: PublicClient
  account: SmartAccount
  url: string
  sponsor: boolean
  calls: readonly UserOperationCall[]
  network: EvmNetwork
}) {
  // Priced with the paymaster's stub only: pm_getPaymasterData signs, and each signature counts
  // against the budget, so the real one is asked for by the send alone.
  const transport = http(p.url, { retryCount: 0 })
  const pm = createPaymasterClient({ transport })
  let sponsorName: string | undefined
  const stub = async (params: Parameters<typeof pm.getPaymasterStubData>[0]) => {
    const answer = await pm.getPaymasterStubData(params)
    if (typeof answer.sponsor?.name === 'string') sponsorName = answer.sponsor.name
    return { ...answer, isFinal: true }
  }
  const bundler = createBundlerClient({
    client: p.client,
    transport,
    ...(p.sponsor ? { paymaster: { getPaymasterStubData: stub, getPaymasterData: stub } } : {}),
  })
  let op: Awaited<ReturnType<typeof bundler.prepareUserOperation>>
  try {
    op = await bundler.prepareUserOperation({ account: p.account, calls: [...p.calls] })
  } catch (error) {
    throw sponsorshipRefusal(error) ?? new UserOperationRejectedError({ cause: error })
  }
  const gas =
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  const sponsored = p.sponsor && typeof op.paymaster === 'string'
  const worst = sponsored ? 0n : BigInt(gas) * BigInt(op.maxFeePerGas)
  return {
    sponsored,
    ...(sponsored && sponsorName ? { sponsorName } : {}),
    fee: toBalance(worst, p.network.nativeCurrency.decimals, p.network.nativeCurrency.symbol),
  }
}

/**
 * A user operation's outcome from `eth_getUserOperationReceipt` (through the
 * gateway): `succeeded` or `failed` with the inner call's revert decoded
 * (`UserOperationRevertReason`), the fee being what the account (or its
 * paymaster) was charged; `pending` when no receipt came in `timeoutMs`.
 * `hash` stays the user operation's hash; `block` is the bundle's block.
 */
export async function followUserOperation(p: {
  client: PublicClient
  url: string
  hash: Hex
  network: EvmNetwork
  timeoutMs: number
}): Promise<TransactionOutcome & { transactionHash?: string; paidBy?: string }> {
  const bundler = bundlerOf(p.client, p.url, false)
  try {
    const r = await bundler.waitForUserOperationReceipt({ hash: p.hash, timeout: p.timeoutMs })
    const fee = toBalance(r.actualGasCost, p.network.nativeCurrency.decimals, p.network.nativeCurrency.symbol)
    const base = {
      hash: p.hash,
      block: r.receipt.blockNumber.toString(),
      fee,
      transactionHash: r.receipt.transactionHash,
      ...(r.paymaster ? { paidBy: r.paymaster } : {}),
    }
    if (r.success) return { status: 'succeeded', ...base }
    const raw = typeof r.reason === 'string' && isHex(r.reason) ? (r.reason as Hex) : undefined
    return { status: 'failed', ...base, reason: decodeRevert(raw) }
  } catch (error) {
    if (error instanceof WaitForUserOperationReceiptTimeoutError)
      return { status: 'pending', hash: p.hash, stage: 'submitted' }
    throw error
  }
}
