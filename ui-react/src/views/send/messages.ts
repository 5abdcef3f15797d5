import { type AccountReserve, type FeeEstimate, formatUnits, PENDING_TRANSACTIONS_LIMIT } from '@portico/core'
import { errorText, type Formatters } from '../../format/index.js'
import type { Translate } from '../../i18n/index.js'

/**
 * A Send failure in the visitor's words: the SPEC §5 texts and our own
 * errors by their code from the catalogue, anything else (a node's or a
 * wallet's message) as it came.
 */
export function sendErrorText(error: unknown, t: Translate, network: string): string {
  const e = (error ?? {}) as { code?: unknown; input?: unknown; details?: unknown }
  const name = typeof e.input === 'string' ? e.input : ''
  switch (e.code) {
    case 'AMOUNT_AND_RECEIVER_REQUIRED':
      return t('sendAmountReceiverRequired')
    case 'TOKEN_REQUIRED':
      return t('sendTokenRequired')
    case 'INVALID_RECEIVER_ADDRESS':
      return t('sendInvalidReceiver', { network })
    case 'INVALID_DECIMAL_NUMBER':
      return t('sendInvalidAmount')
    case 'AMOUNT_EXCEEDS_BALANCE':
      return t('sendExceedsBalance')
    case 'INSUFFICIENT_SOL_FOR_FEE':
    case 'INSUFFICIENT_NATIVE_FOR_FEE':
      return t('sendFeeNotCovered')
    case 'RECEIVER_IS_TOKEN_ACCOUNT':
      return t('sendReceiverTokenAccount')
    case 'INVALID_SPL_MINT':
    case 'UNKNOWN_ASSET':
      return t('sendTokenNotSendable')
    case 'BELOW_MINIMUM_BALANCE': {
      const minimum =
        typeof (e as { minimum?: unknown }).minimum === 'string' ? (e as { minimum: string }).minimum : ''
      return (e as { account?: unknown }).account === 'receiver'
        ? t('sendBelowMinimumReceiver', { minimum })
        : t('sendBelowMinimumSender', { minimum })
    }
    case 'PENDING_TRANSACTIONS_LIMIT':
      return t('sendPendingLimit', { n: PENDING_TRANSACTIONS_LIMIT })
    case 'INVALID_NAME':
      return t('sendInvalidName')
    case 'NAME_NOT_FOUND':
      return t('sendNameNotFound', { name })
    case 'NAME_RESOLUTION_UNAVAILABLE':
      return t('sendNamesUnavailable')
    case 4001:
      return t('transactionDeclined')
  }
  return feeErrorText(error as Error | undefined) || t('somethingWentWrong')
}

/**
 * The reason a fee could not be estimated, as the node or adapter gave it:
 * a wrapped unknown error shows its cause's own text.
 */
export function feeErrorText(error: Error | undefined): string {
  if (!error || typeof error !== 'object') return ''
  const cause = (error as { code?: unknown; cause?: unknown }).cause
  if ((error as { code?: unknown }).code === 'UNKNOWN_ERROR' || error.name === 'UnknownError') {
    const text = errorText(cause)
    if (text) return text
  }
  return errorText(error) ?? ''
}

/** The smallest fee the 3-decimal display (SPEC §5) can show: `0.001`. */
const DISPLAY_STEP_DECIMALS = 3

/** One amount as the visitor reads it: `0.021 ETH`, or `< 0.001 ETH` when above zero but below 3 decimals. */
function amountText(amount: FeeEstimate, t: Translate, format: Formatters): string {
  const step =
    amount.decimals > DISPLAY_STEP_DECIMALS ? 10n ** BigInt(amount.decimals - DISPLAY_STEP_DECIMALS) : 1n
  if (amount.value > 0n && amount.value < step)
    return t('sendFeeBelowPrecision', { amount: format.tokenAmount('0.001'), symbol: amount.symbol })
  return `${format.tokenAmount(amount.formatted)} ${amount.symbol}`
}

/**
 * A network fee as the visitor reads it: `0.021 ETH`, or `< 0.001 ETH` when
 * the fee is above zero but below what 3 truncated decimals can show — a
 * fee of 0.0004 ETH written `0.000 ETH` would read as free — plus, when the
 * transfer opens the receiver's account, that deposit, labelled.
 */
export function feeAmountText(fee: FeeEstimate, t: Translate, format: Formatters): string {
  const total = amountText(fee, t, format)
  if (!fee.accountDeposit) return total
  return `${total} (${t('sendFeeAccountDeposit', { amount: amountText(fee.accountDeposit, t, format) })})`
}

const RESERVE_KEYS = {
  'rent-exempt-minimum': 'sendReserveRentExempt',
  'existential-deposit': 'sendReserveExistentialDeposit',
  'dust-limit': 'sendReserveDustLimit',
  'fee-denom': 'sendReserveFeeDenom',
} as const

/**
 * What the chain makes the account keep, beside Max: "Keeps 0.00089088 SOL
 * (rent-exempt minimum)". The amount is exact, not the 3-decimal display: a
 * minimum under 0.001 would read as nothing kept. An unknown kind shows the
 * adapter's own reason.
 */
export function reserveText(reserve: AccountReserve, t: Translate): string {
  const key = RESERVE_KEYS[reserve.kind as keyof typeof RESERVE_KEYS]
  if (!key) return reserve.reason
  return t(key, {
    amount: `${formatUnits(reserve.keep.value, reserve.keep.decimals)} ${reserve.keep.symbol}`,
  })
}
