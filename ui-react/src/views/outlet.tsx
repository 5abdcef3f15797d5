import type { Portico, ViewName } from '@portico/core'
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from 'react'
import { useStrings } from '../i18n/index.js'
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
}

// One lazy component per loader function (loaders are stable: module constants or plugin registrations).
const lazyByLoader = new WeakMap<Loader, LazyExoticComponent<ComponentType>>()
function lazyView(loader: Loader): LazyExoticComponent<ComponentType> {
  let view = lazyByLoader.get(loader)
  if (!view) {
    view = lazy(async () => {
      const mod = await loader()
      if (typeof mod.default !== 'function' && typeof mod.default !== 'object')
        throw new Error('Not a view module')
      return { default: mod.default as ComponentType }
    })
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

/** Preloads a view's chunk (e.g. on hover of the button that will show it). */
export function preloadView(view: ViewName): void {
  void builtInLoaders[view]?.().catch(() => {})
}

export function ViewOutlet({ portico, view }: { portico: Portico; view: ViewName }) {
  const View = resolveView(portico, view)
  return (
    <ViewErrorBoundary key={view} view={view}>
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

class ViewErrorBoundary extends Component<{ view: string; children: ReactNode }, { failed: boolean }> {
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
        <Unavailable />
      </div>
    ) : (
      this.props.children
    )
  }
}
