import {
  type ChainNamespace,
  formatUnits,
  type HistoryItem,
  type HistoryResponse,
  type PendingSend,
} from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../context/index.js'
import { usePorticoState } from '../hooks/index.js'

/** While the Activity tab is open, the gateway's history is read again this often (ms). */
export const ACTIVITY_POLL_MS = 5_000
/** After failed reads the pause doubles, up to this (ms). */
export const ACTIVITY_POLL_MAX_MS = 60_000

/**
 * The list after a fresh read of the first page: items not shown yet go on
 * top (newest first, as the gateway orders them); items shown whose status
 * changed (pending → confirmed) are replaced; the rest stay as they are.
 * Returns `items` itself when nothing changed, so nothing re-renders.
 */
export function mergeFresh(items: readonly HistoryItem[], fresh: readonly HistoryItem[]): HistoryItem[] {
  const byId = new Map(fresh.map((f) => [f.id, f]))
  let changed = false
  const updated = items.map((item) => {
    const f = byId.get(item.id)
    if (!f || f.metadata.status === item.metadata.status) return item
    changed = true
    return f
  })
  const shown = new Set(items.map((i) => i.id))
  const added = fresh.filter((f) => !shown.has(f.id))
  if (added.length === 0 && !changed) return items as HistoryItem[]
  return [...added, ...updated]
}

/** A send core follows (`state.pendingSends`) as a history item, until the gateway lists it. */
export function pendingSendItem(p: PendingSend): HistoryItem {
  return {
    id: `pending:${p.hash}`,
    metadata: {
      minedAt: p.sentAt,
      chain: p.caipNetworkId,
      hash: p.hash,
      sentFrom: p.from,
      sentTo: p.to,
      status: p.status,
      ...(p.reason ? { reason: p.reason.message } : {}),
      operationType: 'send',
    },
    transfers: [
      {
        direction: p.from.toLowerCase() === p.to.toLowerCase() ? 'self' : 'out',
        quantity: { numeric: formatUnits(p.amount, p.decimals) },
        fungible_info: { name: p.symbol, symbol: p.symbol },
      },
    ],
  }
}

/**
 * The account's own sends on its active network that the gateway's history
 * does not list yet (matched by hash), newest first, as history items.
 */
export function usePendingItems(
  namespace: ChainNamespace | undefined,
  listed: readonly HistoryItem[],
): HistoryItem[] {
  const sends = usePorticoState((s) => s.pendingSends)
  const address = usePorticoState((s) => (namespace ? s.accounts[namespace]?.address : undefined))
  const network = usePorticoState((s) => (namespace ? s.networks.active[namespace] : undefined))
  if (!sends?.length || !address) return []
  const hashes = new Set(listed.map((i) => i.metadata.hash.toLowerCase()))
  return sends
    .filter(
      (p) =>
        p.namespace === namespace &&
        p.caipNetworkId === network &&
        p.from.toLowerCase() === address.toLowerCase() &&
        !hashes.has(p.hash.toLowerCase()) &&
        // A user operation is listed under the bundle transaction that included it.
        !(
          p.outcome &&
          'transactionHash' in p.outcome &&
          hashes.has(p.outcome.transactionHash?.toLowerCase() ?? '')
        ),
    )
    .map(pendingSendItem)
}

/** A failed background read: what went wrong and when the next try is, in seconds. */
export interface PollProblem {
  error: unknown
  retryInS: number
}

/**
 * Re-reads the first page of history every `pollMs` while `active` (the tab
 * shows a list) and hands each answer to `onFresh`. One read at a time: the
 * next is scheduled only once the last settled. Failures double the pause
 * (up to `ACTIVITY_POLL_MAX_MS`) and are returned, not hidden; a success
 * clears them. Stops on unmount; skips reads while the page is hidden.
 */
export function useActivityPolling(
  namespace: ChainNamespace | undefined,
  active: boolean,
  onFresh: (answer: HistoryResponse) => void,
  pollMs = ACTIVITY_POLL_MS,
): PollProblem | undefined {
  const portico = usePortico()
  const [problem, setProblem] = useState<PollProblem | undefined>(undefined)
  useEffect(() => {
    if (!active) return
    let stopped = false
    let delay = pollMs
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      if (!stopped) timer = setTimeout(tick, delay)
    }
    const tick = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return schedule()
      portico.getActivity({ ...(namespace ? { namespace } : {}) }).then(
        (answer) => {
          if (stopped) return
          delay = pollMs
          setProblem(undefined)
          onFresh(answer)
          schedule()
        },
        (error: unknown) => {
          if (stopped) return
          delay = Math.min(delay * 2, ACTIVITY_POLL_MAX_MS)
          setProblem({ error, retryInS: Math.round(delay / 1000) })
          schedule()
        },
      )
    }
    schedule()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
    // onFresh is a state setter wrapper (useCallback), stable for the panel's life.
  }, [portico, namespace, active, pollMs, onFresh])
  return problem
}
