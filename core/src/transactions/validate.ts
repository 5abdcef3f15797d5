import type { Balance, TransactionFailureReason, TransactionOutcome } from '../contracts/index.js'
import { InvalidTransactionOutcomeError } from '../errors/index.js'

/** Longest reason text kept (a revert string or ABCI log can be long; the rest is in `raw`). */
const REASON_MAX_CHARS = 500
const RAW_MAX_CHARS = 4_000

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'
const text = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' ? (v.length > max ? `${v.slice(0, max - 1)}…` : v) : undefined

function readBalance(v: unknown): Balance | undefined {
  if (!isRecord(v) || typeof v.value !== 'bigint' || typeof v.decimals !== 'number') return undefined
  if (typeof v.symbol !== 'string' || typeof v.formatted !== 'string') return undefined
  return v as unknown as Balance
}

function readReason(v: unknown): TransactionFailureReason {
  if (!isRecord(v) || typeof v.message !== 'string' || v.message.trim() === '')
    throw new InvalidTransactionOutcomeError('a failed outcome needs reason.message (text)')
  const code = typeof v.code === 'string' || typeof v.code === 'number' ? v.code : undefined
  const raw = text(v.raw, RAW_MAX_CHARS)
  return {
    message: text(v.message, REASON_MAX_CHARS)!,
    ...(code !== undefined ? { code } : {}),
    ...(raw !== undefined ? { raw } : {}),
  }
}

/**
 * Checks an adapter's answer field by field and copies only what the
 * contract names (an adapter's extra fields never reach the state), with
 * the hash core asked about.
 */
export function readOutcome(value: unknown, hash: string): TransactionOutcome {
  if (!isRecord(value))
    throw new InvalidTransactionOutcomeError(`expected an outcome object, got ${typeof value}`)
  const block = typeof value.block === 'string' ? value.block : undefined
  const fee = readBalance(value.fee)
  const confirmations =
    typeof value.confirmations === 'number' &&
    Number.isInteger(value.confirmations) &&
    value.confirmations >= 0
      ? value.confirmations
      : undefined
  // A user operation's including transaction (a transaction id: short text, never markup).
  const transactionHash =
    typeof value.transactionHash === 'string' && /^[A-Za-z0-9]{1,128}$/.test(value.transactionHash)
      ? value.transactionHash
      : undefined
  const included = transactionHash !== undefined ? { transactionHash } : {}
  switch (value.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        hash,
        ...included,
        ...(block !== undefined ? { block } : {}),
        ...(confirmations !== undefined ? { confirmations } : {}),
        ...(fee ? { fee } : {}),
      }
    case 'failed':
      return {
        status: 'failed',
        hash,
        ...included,
        reason: readReason(value.reason),
        ...(block !== undefined ? { block } : {}),
        ...(fee ? { fee } : {}),
      }
    case 'dropped': {
      const replacedBy = typeof value.replacedBy === 'string' ? value.replacedBy : undefined
      const reason = text(value.reason, REASON_MAX_CHARS)
      return {
        status: 'dropped',
        hash,
        ...(replacedBy !== undefined ? { replacedBy } : {}),
        ...(reason !== undefined ? { reason } : {}),
      }
    }
    case 'pending': {
      const stage = value.stage === 'submitted' || value.stage === 'mempool' ? value.stage : undefined
      return {
        status: 'pending',
        hash,
        ...(stage ? { stage } : {}),
        ...(confirmations !== undefined ? { confirmations } : {}),
      }
    }
  }
  throw new InvalidTransactionOutcomeError(
    `unknown status ${JSON.stringify(value.status) ?? String(value.status)}`,
  )
}
