import type {
  AnyTransactionRequest,
  HostRequestState,
  Portico,
  TransactionFailureReason,
  TransactionOutcome,
} from '@portico/core'
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
  /** sendTransaction: the hash the wallet returned, once it did; the modal then follows it on chain. */
  hash?: string
  /** sendTransaction: where the sent transaction stands (`state.outcomes[hash]`): pending, succeeded, failed, dropped. */
  outcome?: TransactionOutcome
  /** sendTransaction: following the transaction broke (the node could not be asked). */
  followError?: unknown
  retry(): void
  cancel(): void
}

/** The request the modal is showing (its id and controls), per instance. */
interface Shown {
  id: string
  kind: HostRequest['kind']
  input: { message?: string; request?: AnyTransactionRequest }
  hash?: string | undefined
  followError?: unknown
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

/**
 * A transaction the wallet sent that did not succeed on chain: `outcome` is
 * the chain's word — `failed` (with `reason`: the decoded revert, the ABCI
 * log, the instruction error…; the fee was paid), `dropped`, or still
 * `pending` when the visitor closed the modal before it settled. `hash` is
 * the sent transaction's.
 *
 * @example
 * try { await send(request) } catch (e) {
 *   if (e instanceof TransactionOutcomeError && e.outcome.status === 'failed') show(e.reason?.message)
 * }
 */
export class TransactionOutcomeError extends HostRequestError {
  override name = 'TransactionOutcomeError'
  readonly hash: string
  readonly outcome: Exclude<TransactionOutcome, { status: 'succeeded' }>
  readonly reason: TransactionFailureReason | undefined
  constructor(outcome: Exclude<TransactionOutcome, { status: 'succeeded' }>) {
    super(
      outcome.status === 'failed'
        ? `The transaction failed on chain: ${outcome.reason.message}`
        : outcome.status === 'dropped'
          ? `The transaction was dropped${outcome.reason ? `: ${outcome.reason}` : ''}`
          : 'The transaction is still pending',
    )
    this.hash = outcome.hash
    this.outcome = outcome
    this.reason =
      outcome.status === 'failed'
        ? outcome.reason
        : outcome.status === 'dropped' && outcome.reason
          ? { message: outcome.reason }
          : undefined
  }
}

let sequence = 0

/**
 * Opens the modal on the request's view, asks the wallet through the
 * instance (which tracks the request in `state.requests`), and resolves with
 * the signature / hash. A sent transaction is followed on chain first
 * (`portico.waitForTransaction`): the promise resolves once it succeeded
 * (or at once when the namespace's adapter cannot follow transactions).
 * After a rejection, or a transaction that failed or was dropped on chain,
 * the modal offers "Try again" (the same request id again); the promise
 * rejects only when the visitor cancels or closes the modal — with
 * `TransactionOutcomeError` (the chain's outcome and reason) when the
 * transaction was sent and did not succeed.
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
    let attemptNo = 0
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
    const succeed = (result: string) => {
      if (settled) return
      finish()
      resolve(result)
      if (portico.getState().modal.open) portico.close()
    }
    const show = (patch: Partial<Shown>) => {
      const current = store.get()
      if (current?.id === id) store.set({ ...current, ...patch })
    }
    const onClose = () => {
      const shown = store.get()
      // Closing while the wallet decides leaves the request to it; closing after (a refusal, an outcome) ends it.
      if (portico.getState().requests[id]?.status !== 'pending' || (shown?.id === id && shown.hash)) cancel()
    }
    /** A sent transaction, followed on chain: the promise waits for the chain's word. */
    const follow = (hash: string, mine: number) => {
      // Closed before the chain settles it: the host learns it is still pending.
      lastError = new TransactionOutcomeError({ status: 'pending', hash })
      show({ hash, followError: undefined })
      portico.waitForTransaction({ hash }).then(
        (outcome) => {
          if (settled || mine !== attemptNo) return
          if (outcome.status === 'succeeded') return succeed(hash)
          lastError = new TransactionOutcomeError(outcome)
          if (!portico.getState().modal.open) cancel()
        },
        (error: unknown) => {
          if (settled || mine !== attemptNo) return
          // An adapter that cannot follow transactions: the hash is all there is, as before outcomes.
          if ((error as { code?: unknown } | undefined)?.code === 'METHOD_NOT_SUPPORTED') return succeed(hash)
          show({ followError: error })
        },
      )
    }
    const attempt = () => {
      const mine = ++attemptNo
      show({ hash: undefined, followError: undefined })
      call().then(
        (result) => {
          if (settled || mine !== attemptNo) return
          if (kind === 'sendTransaction') follow(result, mine)
          else succeed(result)
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
  const readOutcome = useCallback(
    () => (shown?.hash ? portico.getState().outcomes?.[shown.hash] : undefined),
    [portico, shown],
  )
  const outcome = useSyncExternalStore(subscribe, readOutcome, readOutcome)
  if (!shown) return undefined
  return {
    id: shown.id,
    kind: shown.kind,
    // Before the wallet is asked (the modal opens first) the request is pending.
    status: entry?.status ?? 'pending',
    ...(shown.input.message !== undefined ? { message: shown.input.message } : {}),
    ...(shown.input.request !== undefined ? { request: shown.input.request } : {}),
    ...(entry?.error !== undefined ? { error: entry.error } : {}),
    ...(shown.hash !== undefined ? { hash: shown.hash } : {}),
    ...(outcome ? { outcome } : {}),
    ...(shown.followError !== undefined ? { followError: shown.followError } : {}),
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
 * Asks the connected wallet to send a transaction, showing the ApproveTransaction view meanwhile,
 * then follows it on chain: resolves the hash once the transaction succeeded; rejects with
 * `TransactionOutcomeError` (the chain's `outcome` and `reason`) when it failed, was dropped or
 * was still pending as the visitor closed the modal, and with `HostRequestError` when cancelled.
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
