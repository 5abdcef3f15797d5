import type { AnyTransactionRequest, HostRequestState, Portico } from '@portico/core'
import { useCallback, useSyncExternalStore } from 'react'
import { usePortico } from '../context/index.js'

/**
 * A signature or transaction the host asked for, as the modal shows it: the
 * request's entry in core state (`state.requests[id]`) plus the modal's
 * controls. Two concurrent requests are two entries; the modal shows the one
 * it opened for.
 */
export interface HostRequest {
  id: string
  kind: 'signMessage' | 'sendTransaction'
  status: HostRequestState['status']
  message?: string
  request?: AnyTransactionRequest
  error?: unknown
  retry(): void
  cancel(): void
}

/** The request the modal is showing (its id and controls), per instance. */
interface Shown {
  id: string
  kind: HostRequest['kind']
  input: { message?: string; request?: AnyTransactionRequest }
  retry(): void
  cancel(): void
}

interface ShownStore {
  get(): Shown | undefined
  set(next: Shown | undefined): void
  subscribe(listener: () => void): () => void
}

// One store per instance (keyed by the instance, so two instances never share one).
const stores = new WeakMap<Portico, ShownStore>()
export function getRequestStore(portico: Portico): ShownStore {
  let store = stores.get(portico)
  if (!store) {
    let current: Shown | undefined
    const listeners = new Set<() => void>()
    store = {
      get: () => current,
      set: (next) => {
        current = next
        for (const l of listeners) l()
      },
      subscribe: (l) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
    }
    stores.set(portico, store)
  }
  return store
}

/** Thrown when the visitor cancels the request (or closes the modal). */
export class HostRequestError extends Error {
  override name = 'HostRequestError'
}

let sequence = 0

/**
 * Opens the modal on the request's view, asks the wallet through the
 * instance (which tracks the request in `state.requests`), and resolves with
 * the signature / hash. After a rejection the modal offers "Try again" (the
 * same request id again); the promise rejects only when the visitor cancels
 * or closes the modal.
 */
export function runHostRequest(
  portico: Portico,
  kind: HostRequest['kind'],
  input: { message?: string; request?: AnyTransactionRequest },
): Promise<string> {
  sequence += 1
  const id = `ui-${kind}-${sequence}`
  const call =
    kind === 'signMessage'
      ? () => portico.signMessage({ message: input.message ?? '', requestId: id })
      : () => portico.sendTransaction({ request: input.request ?? {}, requestId: id })
  const store = getRequestStore(portico)
  return new Promise<string>((resolve, reject) => {
    let lastError: unknown
    let settled = false
    const finish = () => {
      settled = true
      portico.off('MODAL_CLOSE', onClose)
      if (store.get()?.id === id) store.set(undefined)
      portico.clearRequest(id)
    }
    const cancel = () => {
      if (settled) return
      finish()
      reject(lastError ?? new HostRequestError('The request was cancelled.'))
      if (portico.getState().modal.open) portico.close()
    }
    const onClose = () => {
      if (portico.getState().requests[id]?.status !== 'pending') cancel()
    }
    const attempt = () => {
      call().then(
        (result) => {
          if (settled) return
          finish()
          resolve(result)
          if (portico.getState().modal.open) portico.close()
        },
        (error: unknown) => {
          lastError = error
          if (!portico.getState().modal.open) cancel()
        },
      )
    }
    portico.on('MODAL_CLOSE', onClose)
    store.set({ id, kind, input, retry: attempt, cancel })
    const view = kind === 'signMessage' ? 'SignMessage' : 'ApproveTransaction'
    const data = kind === 'signMessage' ? { message: input.message ?? '' } : { request: input.request }
    void portico.open({ view, data } as Parameters<Portico['open']>[0]).then(attempt, (e: unknown) => {
      lastError = e
      cancel()
    })
  })
}

/** The host request the modal is showing, if any: its core-state entry with the modal's controls. */
export function useHostRequest(): HostRequest | undefined {
  const portico = usePortico('useHostRequest')
  const store = getRequestStore(portico)
  const shown = useSyncExternalStore(store.subscribe, store.get, store.get)
  const subscribe = useCallback((l: () => void) => portico.subscribe(() => l()), [portico])
  const read = useCallback(
    () => (shown ? portico.getState().requests[shown.id] : undefined),
    [portico, shown],
  )
  const entry = useSyncExternalStore(subscribe, read, read)
  if (!shown) return undefined
  return {
    id: shown.id,
    kind: shown.kind,
    // Before the wallet is asked (the modal opens first) the request is pending.
    status: entry?.status ?? 'pending',
    ...(shown.input.message !== undefined ? { message: shown.input.message } : {}),
    ...(shown.input.request !== undefined ? { request: shown.input.request } : {}),
    ...(entry?.error !== undefined ? { error: entry.error } : {}),
    retry: shown.retry,
    cancel: shown.cancel,
  }
}

/**
 * Asks the connected wallet to sign a message, showing the SignMessage view meanwhile.
 *
 * @example const signMessage = useSignMessage(); const sig = await signMessage('Hello')
 */
export function useSignMessage(): (message: string) => Promise<string> {
  const portico = usePortico('useSignMessage')
  return useCallback((message: string) => runHostRequest(portico, 'signMessage', { message }), [portico])
}

/**
 * Asks the connected wallet to send a transaction, showing the ApproveTransaction view meanwhile.
 *
 * @example const send = useSendTransaction(); const hash = await send({ to, value: 1n })
 */
export function useSendTransaction(): (request: AnyTransactionRequest) => Promise<string> {
  const portico = usePortico('useSendTransaction')
  return useCallback(
    (request: AnyTransactionRequest) => runHostRequest(portico, 'sendTransaction', { request }),
    [portico],
  )
}
