import { FARCASTER_METADATA_RESYNC_MS } from '../constants/index.js'
import type {
  AppMetadata,
  PorticoState,
  Router,
  RouterEntry,
  RouterState,
  ViewName,
  Views,
} from '../contracts/index.js'
import type { InstanceEventBus } from '../events/index.js'
import type { Timers } from '../portico/timers.js'
import type { Store } from '../state/index.js'

export interface RouterDeps {
  store: Store<PorticoState>
  events: InstanceEventBus
  timers: Timers
  /** Whether a wallet is connected on the active namespace. */
  isConnected(): boolean
  /** Closes the modal (goBack with one view left). */
  closeModal(): void
  /** Clears the Farcaster link of the active namespace's account. */
  clearFarcasterUrl(): void
  metadata: AppMetadata | undefined
}

/**
 * The view stack of SPEC §2. There are no URL routes: views are names.
 *
 * @example
 * portico.router.push('AllWallets')
 * portico.router.goBack() // back to Connect (or Account when connected)
 */
export class RouterService implements Router {
  constructor(private readonly deps: RouterDeps) {}

  getState(): RouterState {
    return this.deps.store.getState().router
  }

  /** Adds a view unless it is already current (SPEC §2). */
  push<V extends ViewName>(view: V, data?: Views[V]): void {
    const { history } = this.getState()
    if (history.at(-1)?.view === view) return
    this.set([...history, { view, data }])
  }

  /** Swaps the top entry (SPEC §2). */
  replace<V extends ViewName>(view: V, data?: Views[V]): void {
    const { history } = this.getState()
    this.set([...history.slice(0, -1), { view, data }])
  }

  /** Replaces the whole stack (SPEC §2). */
  reset<V extends ViewName>(view: V, data?: Views[V]): void {
    this.set([{ view, data }])
  }

  /**
   * Pops one view (SPEC §2). Returning to Connect while connected shows Account
   * instead; with one view left the modal closes. Leaving ConnectingFarcaster
   * while not connected clears the Farcaster link, reloads the auth connector
   * and resyncs app metadata after 100 ms.
   */
  goBack(): void {
    const { history } = this.getState()
    const connected = this.deps.isConnected()
    const leavingFarcaster = history.at(-1)?.view === 'ConnectingFarcaster' && !connected
    if (history.length > 1) {
      const next = history.slice(0, -1)
      const top = next.at(-1)
      if (top?.view === 'Connect' && connected) next[next.length - 1] = { view: 'Account', data: undefined }
      this.set(next)
    } else {
      this.deps.closeModal()
    }
    if (leavingFarcaster) {
      this.deps.clearFarcasterUrl()
      this.deps.events.emit('AUTH_CONNECTOR_RELOAD', { reason: 'farcaster-back' })
      this.deps.timers.setTimeout(() => {
        this.deps.events.emit('APP_METADATA_SYNC', { metadata: this.deps.metadata })
      }, FARCASTER_METADATA_RESYNC_MS)
    }
  }

  private set(history: RouterEntry[]): void {
    const top = history.at(-1)
    if (!top) return
    const previous = this.getState()
    const unchanged =
      history.length === previous.history.length &&
      history.every((e, i) => e.view === previous.history[i]?.view && e.data === previous.history[i]?.data)
    if (unchanged) return
    this.deps.store.setState((state) => ({
      ...state,
      router: { view: top.view, data: top.data, history },
    }))
    this.deps.events.emit('ROUTER_CHANGE', { view: top.view, previous: previous.view, data: top.data })
  }
}
