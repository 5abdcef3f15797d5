import type { CallRequest, CallsStatus, HostRequestState, Portico, SentCalls } from '@portico/core'
import { useMemo } from 'react'
import { usePortico } from '../context/index.js'
import { useStoreSelector } from './useSelector.js'

export interface UseCallsResult {
  /** `portico.getCallsCapabilities` (EIP-5792 `wallet_getCapabilities`). */
  getCapabilities: Portico['getCallsCapabilities']
  /** `portico.sendCalls`, tracked under this hook's `requestId`. */
  sendCalls: (params: {
    calls: readonly CallRequest[]
    atomicRequired?: boolean
    sponsored?: boolean
  }) => Promise<SentCalls>
  /** `portico.waitForCalls`: the batch followed to the chain's receipt status. */
  waitForCalls: (id: string) => Promise<CallsStatus>
  /** `portico.showCallsStatus`: the wallet shows the batch. */
  showCallsStatus: (id: string) => Promise<void>
  /** The tracked request (`state.requests[requestId]`): pending, success (`result` is the batch id), rejected, error. */
  request: HostRequestState | undefined
}

/**
 * EIP-5792 batches from React: capabilities, send, follow, show. The send is
 * tracked in core state under `requestId`, so every component using the same
 * id sees the same request.
 *
 * @example
 * const { getCapabilities, sendCalls, waitForCalls, request } = useCalls('swap-batch')
 * if ((await getCapabilities()).atomic === 'supported') await waitForCalls((await sendCalls({ calls })).id)
 */
export function useCalls(requestId: string): UseCallsResult {
  const portico = usePortico('useCalls')
  const request = useStoreSelector(portico, (s) => s.requests[requestId], Object.is)
  const actions = useMemo(
    () => ({
      getCapabilities: ((params?: Parameters<Portico['getCallsCapabilities']>[0]) =>
        portico.getCallsCapabilities(params)) as Portico['getCallsCapabilities'],
      sendCalls: (params: { calls: readonly CallRequest[]; atomicRequired?: boolean; sponsored?: boolean }) =>
        portico.sendCalls({ ...params, requestId }),
      waitForCalls: (id: string) => portico.waitForCalls({ id }),
      showCallsStatus: (id: string) => portico.showCallsStatus({ id }),
    }),
    [portico, requestId],
  )
  return { ...actions, request }
}
