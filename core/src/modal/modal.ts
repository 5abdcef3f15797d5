import { OPEN_READY_TIMEOUT_MS, SHAKE_DURATION_MS } from '../constants/index.js'
import type { ChainNamespace, OpenOptions, PorticoState, ViewName } from '../contracts/index.js'
import type { InstanceEventBus } from '../events/index.js'
import type { Timers } from '../portico/timers.js'
import type { RouterService } from '../router/index.js'
import { patchObject, type Store } from '../state/index.js'

/** Whether `promise` has already settled (a resolved promise answers within two microtasks). */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false
  const mark = () => {
    settled = true
  }
  promise.then(mark, mark)
  await Promise.resolve()
  await Promise.resolve()
  return settled
}

/** Views that show one namespace's state: they follow the active namespace when it changes. */
const HOME_VIEWS: ReadonlySet<ViewName> = new Set<ViewName>(['Connect', 'Account', 'UnsupportedChain'])

export interface ModalDeps {
  store: Store<PorticoState>
  events: InstanceEventBus
  timers: Timers
  router: RouterService
  embedded: boolean
  manualWCControl: boolean
  hasAdapters: boolean
  hasAdapter(namespace: ChainNamespace): boolean
  isMobile(): boolean
  isConnected(namespace?: ChainNamespace): boolean
  /** Whether the namespace (default: active) sits on a chain outside the networks array. */
  isUnsupported(namespace?: ChainNamespace): boolean
  /** Resolves when the instance finished its setup (adapters, plugins, reconnect). */
  ready(): Promise<void>
  /** Told when `open()` stopped waiting for `ready()` after OPEN_READY_TIMEOUT_MS. */
  onReadyTimeout?(): void
  /** SPEC §2: a namespace other than the active one switches network instead of opening a view. */
  switchToNamespace(namespace: ChainNamespace): Promise<void>
}

/**
 * The modal of SPEC §2 / §4: open rules, close, loading flags and shake.
 *
 * @example
 * await portico.open()                      // Connect, or Account when connected
 * await portico.open({ view: 'AllWallets' }) // an explicit view
 */
export class ModalService {
  private shakeTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly deps: ModalDeps) {}

  /**
   * Opens the modal (SPEC §2, §4). A `namespace` other than the active one
   * switches to it instead of opening a view: a requested `view` is not shown.
   * If the modal was closed, it opens on that namespace's own view (Account
   * when connected, Connect otherwise); if it was open, the stack stays, except
   * that a namespace home view on top (Connect / Account / UnsupportedChain) is
   * replaced by the new namespace's one.
   */
  async open<V extends ViewName>(options: OpenOptions<V> = {}): Promise<void> {
    const { store, router } = this.deps
    const namespace = options.namespace
    const activeNamespace = store.getState().activeNamespace
    const switching =
      namespace !== undefined && namespace !== activeNamespace && this.deps.hasAdapter(namespace)
    const wasOpen = store.getState().modal.open
    this.setLoading(true, namespace)
    let openedEarly = false
    try {
      const ready = this.deps.ready()
      if (!wasOpen && !(await settledNow(ready))) {
        // Setup or the reconnect is still running: the click shows the modal at once, on
        // its loading state (`modal.loading`), instead of doing nothing until setup ends.
        openedEarly = true
        router.reset(this.homeView(switching ? undefined : namespace))
        this.show(namespace)
      }
      if (!(await this.capped(ready))) {
        this.deps.onReadyTimeout?.()
        // Setup ends later: a home view still on screen then follows the real state.
        void ready.then(
          () => this.rehome(),
          () => this.rehome(),
        )
      }
      // The visitor closed the modal while it loaded: nothing to route.
      if (openedEarly && !store.getState().modal.open) return
      if (switching) {
        await this.deps.switchToNamespace(namespace)
        // The namespace now active (the requested one, unless the switch failed).
        const home = this.homeView()
        if (!wasOpen && !openedEarly) router.reset(home)
        else if (HOME_VIEWS.has(router.getState().view) && router.getState().view !== home)
          router.replace(home)
      } else if (options.view && !this.walletConnectOnly(namespace)) {
        router.reset(options.view, options.data)
      } else {
        router.reset(this.homeView(namespace))
      }
    } finally {
      this.setLoading(false, namespace)
    }
    if (!openedEarly) this.show(namespace)
  }

  private show(namespace: ChainNamespace | undefined): void {
    this.patch({ open: true, namespace })
    this.deps.events.emit('MODAL_OPEN', { connected: this.deps.isConnected(namespace) })
  }

  /** True when `ready` settled within OPEN_READY_TIMEOUT_MS. */
  private capped(ready: Promise<void>): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<boolean>((resolve) => {
      timer = this.deps.timers.setTimeout(() => resolve(false), OPEN_READY_TIMEOUT_MS)
    })
    const settled = ready.then(
      () => true,
      () => true,
    )
    return Promise.race([settled, timeout]).finally(() => this.deps.timers.clearTimeout(timer))
  }

  /**
   * The wallet moved to another chain on its own (a `chainChanged` event):
   * a modal showing the namespace's home view follows at once — UnsupportedChain
   * when the chain is outside the networks array (SPEC §4), Account again when
   * it is back on a configured one. A closed modal picks the right view at its
   * next `open()`; other views (a request, a switch in progress) stay.
   */
  followNetwork(namespace: ChainNamespace): void {
    const { store, router } = this.deps
    if (namespace !== store.getState().activeNamespace) return
    if (!store.getState().modal.open && !this.deps.embedded) return
    // Connect is left alone: a connect in progress routes itself when it ends.
    const view = router.getState().view
    if (view !== 'Account' && view !== 'UnsupportedChain') return
    const home = this.homeView()
    if (home !== view && (home === 'Account' || home === 'UnsupportedChain')) router.replace(home)
  }

  /** After a late setup: an open modal on a home view shows the home view the state now calls for. */
  private rehome(): void {
    const { store, router } = this.deps
    if (!store.getState().modal.open) return
    const view = router.getState().view
    const home = this.homeView()
    if (HOME_VIEWS.has(view) && view !== home) router.replace(home)
  }

  /**
   * The view a plain open shows for a namespace (default: the active one):
   * AllWallets on mobile / ConnectingWalletConnectBasic otherwise with manual
   * WalletConnect control or no adapters; UnsupportedChain when the wallet sits
   * on a chain outside the networks array (SPEC §4); Account when connected;
   * else Connect.
   */
  private homeView(namespace?: ChainNamespace): ViewName {
    const connected = this.deps.isConnected(namespace)
    if (this.walletConnectOnly(namespace))
      return this.deps.isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic'
    if (connected && this.deps.isUnsupported(namespace)) return 'UnsupportedChain'
    return connected ? 'Account' : 'Connect'
  }

  /** SPEC §2: with manual WalletConnect control, or no adapters and no connection, only WalletConnect is offered. */
  private walletConnectOnly(namespace?: ChainNamespace): boolean {
    return this.deps.manualWCControl || (!this.deps.hasAdapters && !this.deps.isConnected(namespace))
  }

  /**
   * Closes the modal and resets the router to Connect; MODAL_CLOSE only if it
   * was open. In embedded mode the modal never hides: it shows Account when
   * connected and Connect otherwise (SPEC §2).
   */
  close(): void {
    const { store, router } = this.deps
    const connected = this.deps.isConnected()
    if (this.deps.embedded) {
      router.reset(connected ? 'Account' : 'Connect')
      return
    }
    const wasOpen = store.getState().modal.open
    this.patch({ open: false, namespace: undefined })
    router.reset('Connect')
    if (wasOpen) this.deps.events.emit('MODAL_CLOSE', { connected })
  }

  /** SPEC §3: `loading` and, with a namespace, the per-namespace loading map. */
  setLoading(loading: boolean, namespace?: ChainNamespace): void {
    this.deps.store.setState((state) => {
      const byNs = state.modal.loadingByNamespace
      const loadingByNamespace =
        namespace === undefined ? byNs : patchObject(byNs, { [namespace]: loading } as typeof byNs)
      const modal = patchObject(state.modal, { loading, loadingByNamespace })
      return modal === state.modal ? state : { ...state, modal }
    })
  }

  /** SPEC §4, §9: the shake flag is on for 500 ms. */
  shake(): void {
    this.deps.timers.clearTimeout(this.shakeTimer)
    this.patch({ shake: true })
    this.shakeTimer = this.deps.timers.setTimeout(() => {
      this.shakeTimer = undefined
      this.patch({ shake: false })
    }, SHAKE_DURATION_MS)
  }

  private patch(patch: Partial<PorticoState['modal']>): void {
    this.deps.store.setState((state) => {
      const modal = patchObject(state.modal, patch)
      return modal === state.modal ? state : { ...state, modal }
    })
  }
}
