import type { Portico, ViewName } from '@portico/core'
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react'
import { useStrings } from '../i18n/index.js'
import { addModalCss } from '../modal/sheets.js'
import { ConnectView } from './Connect.js'

type ViewModule = { default: unknown }
type Loader = () => Promise<ViewModule>

// Built-in views other than Connect are separate chunks, loaded on first use.
const builtInLoaders: Partial<Record<ViewName, Loader>> = {
  Account: () => import('./Account.js'),
  ConnectingExternal: () => import('./ConnectingExternal.js'),
  Networks: () => import('./Networks.js'),
  SwitchNetwork: () => import('./SwitchNetwork.js'),
  UnsupportedChain: () => import('./UnsupportedChain.js'),
  SignMessage: () => import('./SignMessage.js'),
  ApproveTransaction: () => import('./ApproveTransaction.js'),
  SIWXSignMessage: () => import('./SIWXSignMessage.js'),
  WalletSend: () => import('./send/index.js'),
  Receive: () => import('./receive/index.js'),
  Pay: () => import('./pay/index.js'),
  Help: () => import('./help/index.js'),
  Sessions: () => import('./sessions/index.js'),
}

/**
 * A lazy view's chunk and the views' stylesheet (a chunk of its own, shared by every view but
 * Connect, plugins' views included): the view renders once both are here, so it never paints unstyled.
 */
function loadWithStyles(loader: Loader): Promise<ViewModule> {
  return Promise.all([loader(), loadViewStyles()]).then(([mod]) => mod)
}

let viewStyles: Promise<void> | undefined
function loadViewStyles(): Promise<void> {
  viewStyles ??= import('../modal/view-styles.js').then(
    (m) => addModalCss(m.viewsCss),
    (error: unknown) => {
      viewStyles = undefined // the next view asks again (offline, a new deploy)
      throw error
    },
  )
  return viewStyles
}

/**
 * Fetches the views' stylesheet once the modal shows Connect, so the first view after it (a
 * wallet's connecting view, Account) waits for its own chunk only. A failure is only logged:
 * the view that needs the sheet loads it again and shows Try again if it still fails.
 */
export function preloadViewStyles(): void {
  loadViewStyles().catch((error: unknown) =>
    console.warn("[portico] preloading the views' stylesheet failed", error),
  )
}

// One lazy component per loader function (loaders are stable: module constants or plugin registrations).
const lazyByLoader = new WeakMap<Loader, LazyExoticComponent<ComponentType>>()
/** View components already loaded (by a preload or an earlier render), by loader. */
const loadedByLoader = new WeakMap<Loader, ComponentType>()

function toView(mod: ViewModule): ComponentType {
  if (typeof mod.default !== 'function' && typeof mod.default !== 'object')
    throw new Error('Not a view module')
  return mod.default as ComponentType
}

function lazyView(loader: Loader): LazyExoticComponent<ComponentType> {
  let view = lazyByLoader.get(loader)
  if (!view) {
    const created = lazy(() => {
      const ready = loadedByLoader.get(loader)
      // Already loaded: a thenable that settles at once, so React renders the view in the same
      // pass, with no fallback and no Suspense retry (whose reveal React throttles by up to 300 ms).
      if (ready)
        return {
          // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; one that settles at once renders without suspending.
          then: (ok: (m: { default: ComponentType }) => void) => ok({ default: ready }),
        } as never
      return loadWithStyles(loader)
        .then((mod) => {
          const component = toView(mod)
          loadedByLoader.set(loader, component)
          return { default: component }
        })
        .catch((error: unknown) => {
          // React keeps a lazy component's failure forever: drop it, so the next render
          // (Try again, or the next open) asks the loader again instead of failing until reload.
          if (lazyByLoader.get(loader) === created) lazyByLoader.delete(loader)
          throw error
        })
    })
    view = created
    lazyByLoader.set(loader, view)
  }
  return view
}

/** The component for a view: Connect is bundled; plugins' registrations win over built-ins. */
export function resolveView(portico: Portico, view: ViewName): ComponentType | undefined {
  if (view === 'Connect') return ConnectView
  const loader = (portico.getViewLoader?.(view) as Loader | undefined) ?? builtInLoaders[view]
  return loader ? lazyView(loader) : undefined
}

/**
 * Loads a view's chunk ahead of its first render (the Connect view does it for All Wallets on
 * mount, pointer-enter and focus), so that render needs no loading state. Plugins' views too.
 * A failure is only logged: the render that needs the view loads it again and shows Try again.
 */
export function preloadView(view: ViewName, portico?: Portico): void {
  const loader = (portico?.getViewLoader?.(view) as Loader | undefined) ?? builtInLoaders[view]
  if (!loader || loadedByLoader.has(loader)) return
  loadWithStyles(loader).then(
    (mod) => loadedByLoader.set(loader, toView(mod)),
    (error: unknown) => console.warn(`[portico] preloading view ${view} failed`, error),
  )
}

/**
 * A plugin's registered view rendered inside another view (the embedded
 * wallet's email field inside Connect): lazy like any view; nothing when
 * no plugin registered it. Wrap it in a Suspense boundary.
 */
export function InlineView({ portico, view }: { portico: Portico; view: ViewName }) {
  const loader = portico.getViewLoader?.(view) as Loader | undefined
  if (!loader) return null
  const View = lazyView(loader)
  return <View />
}

export function ViewOutlet({ portico, view }: { portico: Portico; view: ViewName }) {
  // Bumped by "Try again" after a failure: a new boundary, and a new lazy component for the view.
  const [attempt, setAttempt] = useState(0)
  const View = resolveView(portico, view)
  return (
    <ViewErrorBoundary key={`${view}:${attempt}`} view={view} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Loading />}>
        <div className="view" data-view={view}>
          {View ? <View /> : <Unavailable />}
        </div>
      </Suspense>
    </ViewErrorBoundary>
  )
}

function Loading() {
  const t = useStrings()
  return (
    <div className="center" aria-busy="true">
      <p>{t('loadingView')}</p>
    </div>
  )
}

function Unavailable() {
  const t = useStrings()
  return <p className="empty">{t('viewUnavailable')}</p>
}

/** A view whose chunk failed to load (offline, a new deploy) or that threw: say so, offer Try again. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useStrings()
  return (
    <div className="center" role="alert" data-testid="view-load-failed">
      <p className="error-text">{t('viewLoadFailed')}</p>
      <div className="actions">
        <button type="button" className="button" data-variant="primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    </div>
  )
}

class ViewErrorBoundary extends Component<
  { view: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[portico] view ${this.props.view} failed`, error, info.componentStack)
  }
  override render() {
    return this.state.failed ? (
      <div className="view" data-view={this.props.view}>
        <LoadFailed onRetry={this.props.onRetry} />
      </div>
    ) : (
      this.props.children
    )
  }
}
