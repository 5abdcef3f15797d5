import type { Portico, TransactionRequest } from '@portico/core'
import { useCallback, useSyncExternalStore } from 'react'
import { usePortico } from '../context/index.js'
import { isUserRejection } from '../format/index.js'

/** A signature or transaction the host asked for, as the modal shows it. */
export interface HostRequest {
  kind: 'signMessage' | 'sendTransaction'
  status: 'pending' | 'rejected' | 'error' | 'success'
  message?: string
  request?: TransactionRequest
  error?: unknown
  retry(): void
  cancel(): void
}

interface RequestStore {
  get(): HostRequest | undefined
  set(next: HostRequest | undefined): void
  subscribe(listener: () => void): () => void
}

// One store per instance (keyed by the instance, so two instances never share one).
const stores = new WeakMap<Portico, RequestStore>()
export function getRequestStore(portico: Portico): RequestStore {
  let store = stores.get(portico)
  if (!store) {
    let current: HostRequest | undefined
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

/** Thrown when the instance has no `signMessage` / `sendTransaction`, or the visitor cancels. */
export class HostRequestError extends Error {
  override name = 'HostRequestError'
}

/**
 * Opens the modal on the request's view, asks the wallet, and resolves with the
 * signature / hash. After a rejection the modal offers "Try again"; the promise
 * rejects only when the visitor cancels or closes the modal.
 */
export function runHostRequest(
  portico: Portico,
  kind: HostRequest['kind'],
  input: { message?: string; request?: TransactionRequest },
): Promise<string> {
  const call =
    kind === 'signMessage'
      ? portico.signMessage && (() => portico.signMessage!({ message: input.message ?? '' }))
      : portico.sendTransaction && (() => portico.sendTransaction!({ request: input.request ?? {} }))
  if (!call) return Promise.reject(new HostRequestError(`${kind} is not supported by this Portico instance.`))
  const store = getRequestStore(portico)
  return new Promise<string>((resolve, reject) => {
    let lastError: unknown
    let settled = false
    const finish = () => {
      settled = true
      portico.off('MODAL_CLOSE', onClose)
    }
    const cancel = () => {
      if (settled) return
      finish()
      store.set(undefined)
      reject(lastError ?? new HostRequestError('The request was cancelled.'))
      if (portico.getState().modal.open) portico.close()
    }
    const onClose = () => {
      if (store.get()?.status !== 'pending') cancel()
    }
    const attempt = () => {
      const base = { kind, ...input, retry: attempt, cancel }
      store.set({ ...base, status: 'pending' })
      call().then(
        (result) => {
          if (settled) return
          finish()
          store.set({ ...base, status: 'success' })
          resolve(result)
          if (portico.getState().modal.open) portico.close()
        },
        (error: unknown) => {
          lastError = error
          store.set({ ...base, status: isUserRejection(error) ? 'rejected' : 'error', error })
          if (!portico.getState().modal.open) cancel()
        },
      )
    }
    portico.on('MODAL_CLOSE', onClose)
    const view = kind === 'signMessage' ? 'SignMessage' : 'ApproveTransaction'
    const data = kind === 'signMessage' ? { message: input.message ?? '' } : { request: input.request }
    void portico.open({ view, data } as Parameters<Portico['open']>[0]).then(attempt, (e: unknown) => {
      lastError = e
      cancel()
    })
  })
}

/** The host request the modal is showing, if any. */
export function useHostRequest(): HostRequest | undefined {
  const store = getRequestStore(usePortico('useHostRequest'))
  return useSyncExternalStore(store.subscribe, store.get, store.get)
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
export function useSendTransaction(): (request: TransactionRequest) => Promise<string> {
  const portico = usePortico('useSendTransaction')
  return useCallback(
    (request: TransactionRequest) => runHostRequest(portico, 'sendTransaction', { request }),
    [portico],
  )
}
