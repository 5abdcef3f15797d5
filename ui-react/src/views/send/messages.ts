import { type FeeEstimate, PENDING_TRANSACTIONS_LIMIT } from '@portico/core'
import { errorText } from '../../format/index.js'
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

/** The fee as shown: total and symbol, plus — when the transfer opens the receiver's account — that deposit, labelled. */
export function feeAmountText(fee: FeeEstimate, t: Translate): string {
  const total = `${fee.formatted} ${fee.symbol}`
  if (!fee.accountDeposit) return total
  const amount = `${fee.accountDeposit.formatted} ${fee.accountDeposit.symbol}`
  return `${total} (${t('sendFeeAccountDeposit', { amount })})`
}
