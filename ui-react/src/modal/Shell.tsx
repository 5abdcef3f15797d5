import type { Portico } from '@portico/core'
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { shallowEqual, useStoreSelector } from '../hooks/index.js'
import { useLocale, useStrings } from '../i18n/index.js'
import { ViewOutlet } from '../views/outlet.js'
import { getDeepActiveElement, getTabbables, trapTab } from './focus.js'
import { BackIcon, CloseIcon } from './icons.js'
import { adoptDocumentCss } from './sheets.js'
import { documentCss } from './styles.js'
import { TitleContext } from './title.js'

interface ShellProps {
  portico: Portico
  shadow: ShadowRoot
  embedded: boolean
  theme: 'light' | 'dark'
  heightSheet: CSSStyleSheet | undefined
}

/** Header + animated body + current view; dialog semantics when floating, a labelled region when embedded. */
export function Shell({ portico, shadow, embedded, theme, heightSheet }: ShellProps) {
  const t = useStrings()
  const { locale, dir, pending: localePending } = useLocale()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const { view, depth, shake, loading } = useStoreSelector(
    portico,
    (s) => ({
      view: s.router.view,
      depth: s.router.history.length,
      shake: s.modal.shake,
      loading: s.modal.loading,
    }),
    shallowEqual,
  )
  const [title, setTitle] = useState<string | undefined>(undefined)
  const shownTitle = title ?? humanize(view)
  // A view sets its title in a layout effect; clear it when the view changes so a stale one never shows.
  const [titleView, setTitleView] = useState(view)
  if (titleView !== view) {
    setTitleView(view)
    setTitle(undefined)
  }

  useFocusManagement(shadow, dialogRef, embedded, view)
  useScrollLock(!embedded)
  useAnimatedHeight(contentRef, heightSheet)

  const close = useCallback(() => portico.close(), [portico])
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (embedded) return
    if (e.key === 'Escape') {
      e.stopPropagation()
      close()
    } else if (e.key === 'Tab' && dialogRef.current) trapTab(e.nativeEvent, shadow, dialogRef.current)
  }
  // Escape also closes when focus fell out of the dialog (the focused row was re-rendered away and
  // focus went to <body>): the dialog's own handler stops the event, so this never runs twice.
  useEffect(() => {
    if (embedded) return
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close()
    }
    document.addEventListener('keydown', onDocumentKey)
    return () => document.removeEventListener('keydown', onDocumentKey)
  }, [embedded, close])
  const onOverlayDown = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget) close()
  }

  const dialog = (
    <div
      ref={dialogRef}
      className="dialog"
      // Inline (embedded) it is part of the page, not a dialog: a region named by its title.
      {...(embedded
        ? { role: 'region', 'aria-labelledby': titleId }
        : { role: 'dialog', 'aria-modal': 'true' as const, 'aria-labelledby': titleId, onKeyDown })}
      tabIndex={-1}
      data-state="open"
      data-theme={theme}
      data-embedded={embedded ? '' : undefined}
      data-shake={shake ? '' : undefined}
    >
      <div className="header">
        {depth > 1 ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('back')}
            onClick={() => portico.router.goBack()}
          >
            <BackIcon />
          </button>
        ) : (
          <span />
        )}
        <h2 className="title" id={titleId} key={shownTitle}>
          {shownTitle}
        </h2>
        {embedded ? (
          <span />
        ) : (
          <button type="button" className="icon-button" aria-label={t('close')} onClick={close}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="body">
        <div className="content" ref={contentRef}>
          <AlertBanner portico={portico} />
          <TitleContext.Provider value={setTitle}>
            {/* `modal.loading` (SPEC §3): open() waits for setup / the reconnect; say so
                instead of a view that would show a premature state (e.g. no wallets yet).
                The same while the visitor's locale loads: the view then renders in it at once. */}
            {loading || localePending ? <ModalLoading /> : <ViewOutlet portico={portico} view={view} />}
          </TitleContext.Provider>
        </div>
      </div>
    </div>
  )

  return (
    // `lang` and `dir` of the visitor's locale: Arabic lays the modal out right to left.
    <div className="root" data-theme={theme} lang={locale} dir={dir}>
      {embedded ? (
        dialog
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Esc and Close are the keyboard paths
        <div className="overlay" data-portico-overlay="" data-state="open" onMouseDown={onOverlayDown}>
          {dialog}
        </div>
      )}
    </div>
  )
}

function ModalLoading() {
  const t = useStrings()
  return (
    <div className="center" aria-busy="true" data-testid="modal-loading">
      <span className="ring" data-status="pending">
        <span className="wallet-icon" data-size="lg" />
      </span>
      <p role="status">{t('loadingView')}</p>
    </div>
  )
}

/** SPEC §8 alerts from `state.alert`, above the view; dismissible when the core can clear them. */
function AlertBanner({ portico }: { portico: Portico }) {
  const t = useStrings()
  const alert = useStoreSelector(portico, (s) => s.alert)
  if (!alert) return null
  return (
    <div className="alert" role="alert" data-severity={alert.severity} data-code={alert.code}>
      <div>
        <strong>{alert.shortMessage}</strong>
        <span className="row-sub">{alert.longMessage}</span>
      </div>
      {portico.clearAlert ? (
        <button
          type="button"
          className="icon-button"
          aria-label={t('dismiss')}
          onClick={() => portico.clearAlert?.()}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  )
}

function humanize(view: string): string {
  return view.replace(/([a-z])([A-Z])/g, '$1 $2')
}

/** Focus moves into the dialog on open, stays inside, and returns to the opener on close. */
function useFocusManagement(
  shadow: ShadowRoot,
  dialogRef: React.RefObject<HTMLDivElement | null>,
  embedded: boolean,
  view: string,
) {
  useLayoutEffect(() => {
    if (embedded) return
    const doc = shadow.host.ownerDocument
    const opener = getDeepActiveElement(doc)
    const restoreHidden = hideOthers(shadow.host)
    dialogRef.current?.focus({ preventScroll: true })
    // Guard: focus that escapes to the page (e.g. a click on a focusable node behind) is pulled back.
    const onFocusIn = (e: FocusEvent) => {
      if (!e.composedPath().includes(shadow.host)) {
        dialogRef.current?.focus({ preventScroll: true })
      }
    }
    doc.addEventListener('focusin', onFocusIn)
    return () => {
      doc.removeEventListener('focusin', onFocusIn)
      restoreHidden()
      if (!(opener instanceof HTMLElement)) return
      const restore = () => opener.isConnected && opener.focus({ preventScroll: true })
      restore()
      // The dialog's nodes are removed after this cleanup; some engines move focus then.
      queueMicrotask(() => {
        if (doc.activeElement === shadow.host || doc.activeElement === doc.body) restore()
      })
    }
  }, [shadow, dialogRef, embedded])

  // After a view change the focused node may be gone: focus the first control of the new view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger, not read inside
  useEffect(() => {
    if (embedded || !dialogRef.current) return
    const active = shadow.activeElement
    if (active && active !== dialogRef.current && dialogRef.current.contains(active)) return
    const timer = setTimeout(() => {
      const dialog = dialogRef.current
      if (!dialog || (shadow.activeElement && shadow.activeElement !== dialog)) return
      const first = getTabbables(dialog.querySelector('.content') ?? dialog)[0]
      ;(first ?? dialog).focus({ preventScroll: true })
    }, 0)
    return () => clearTimeout(timer)
  }, [shadow, dialogRef, embedded, view])
}

/**
 * Makes the rest of the page inert while the dialog is open: hidden from
 * assistive tech and unfocusable (like Radix's hideOthers, without leaving
 * focusable nodes under aria-hidden).
 */
function hideOthers(host: Element): () => void {
  const hidden: Element[] = []
  for (const el of Array.from(host.ownerDocument.body.children)) {
    if (
      el === host ||
      el.contains(host) ||
      el.hasAttribute('inert') ||
      /^(SCRIPT|STYLE|TEMPLATE)$/.test(el.tagName)
    )
      continue
    el.setAttribute('inert', '')
    hidden.push(el)
  }
  return () => {
    for (const el of hidden) el.removeAttribute('inert')
  }
}

/** Locks page scroll while a floating modal is open (a document rule, no inline style). */
function useScrollLock(active: boolean) {
  // The `html[data-portico-scroll-lock]` rule lives in the document sheet: adopt it here
  // too, so the lock works on pages that mount no Portico button.
  useInsertionEffect(() => (active ? adoptDocumentCss(document, documentCss) : undefined), [active])
  useLayoutEffect(() => {
    if (!active) return
    const root = document.documentElement
    const count = Number(root.getAttribute('data-portico-scroll-lock') || 0) + 1
    root.setAttribute('data-portico-scroll-lock', String(count))
    return () => {
      const left = Number(root.getAttribute('data-portico-scroll-lock') || 1) - 1
      if (left > 0) root.setAttribute('data-portico-scroll-lock', String(left))
      else root.removeAttribute('data-portico-scroll-lock')
    }
  }, [active])
}

/** Animates the body height (150 ms, SPEC §9) through a per-instance sheet rule. */
function useAnimatedHeight(
  contentRef: React.RefObject<HTMLDivElement | null>,
  sheet: CSSStyleSheet | undefined,
) {
  useLayoutEffect(() => {
    const el = contentRef.current
    if (!el || !sheet || typeof ResizeObserver === 'undefined') return
    const apply = () =>
      sheet.replaceSync(`.body { height: ${Math.ceil(el.getBoundingClientRect().height)}px; }`)
    apply()
    const ro = new ResizeObserver(apply)
    ro.observe(el)
    return () => {
      ro.disconnect()
      sheet.replaceSync('')
    }
  }, [contentRef, sheet])
}
