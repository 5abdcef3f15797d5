import type { PaymentSession, PayParams } from '@portico/core'
import { useCallback } from 'react'
import { usePortico } from '../context/index.js'
import { shallowEqual, useStoreSelector } from './useSelector.js'

export interface UsePayResult {
  /** `portico.pay`: opens the Pay view; resolves the transaction id once the chain says it succeeded, or rejects typed. */
  pay: (params: PayParams) => Promise<string>
  /** The payment the Pay view shows (`state.payment`), undefined when none. */
  payment: PaymentSession | undefined
}

/**
 * Asks the visitor to pay, and follows the shown payment.
 *
 * @example
 * const { pay, payment } = usePay()
 * const hash = await pay({ recipient, amount: '12.5', asset: 'native', network: 'eip155:1', reference: orderId })
 */
export function usePay(): UsePayResult {
  const portico = usePortico('usePay')
  const payment = useStoreSelector(portico, (s) => s.payment, shallowEqual)
  const pay = useCallback((params: PayParams) => portico.pay(params), [portico])
  return { pay, payment }
}
