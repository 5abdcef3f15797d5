import type { Portico } from '@portico/core'
import { useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { usePortico } from '../context/index.js'
import { useStoreSelector } from '../hooks/index.js'
import { Shell } from './Shell.js'
import { addedModalCss, createSheet, sharedSheet, subscribeModalCss } from './sheets.js'
import { modalCss, type ThemeVariables, themeOverrideCss } from './styles.js'
import { useResolvedTheme } from './theme.js'

export interface PorticoModalProps {
  /** Overrides the instance's `themeMode`. */
  themeMode?: 'light' | 'dark' | 'system'
  /** `--portico-*` overrides, e.g. `{ '--portico-accent': '#e11d48' }`. */
  themeVariables?: ThemeVariables
  /** Stacking order of the overlay (default 999). */
  zIndex?: number
  /** Render in place and never hide (SPEC §2 embedded mode). Defaults to the instance's `embedded`. */
  embedded?: boolean
}

/**
 * The Portico modal. Renders into a shadow root (styles can't leak in or out)
 * with constructable stylesheets only, so it works under a strict CSP.
 *
 * @example <PorticoModal themeMode="system" themeVariables={{ '--portico-radius': '12px' }} />
 */
export function PorticoModal(props: PorticoModalProps) {
  const portico = usePortico('PorticoModal')
  const stateEmbedded = useStoreSelector(portico, (s) => s.embedded)
  const embedded = props.embedded ?? stateEmbedded
  const [inlineHost, setInlineHost] = useState<HTMLElement | null>(null)
  const [bodyHost, setBodyHost] = useState<HTMLElement | null>(null)

  // A floating modal lives at the end of <body>, created once so that opening is instant.
  useLayoutEffect(() => {
    if (embedded) return
    const el = document.createElement('div')
    el.setAttribute('data-portico-modal', '')
    document.body.appendChild(el)
    setBodyHost(el)
    return () => {
      el.remove()
      setBodyHost(null)
    }
  }, [embedded])

  const host = embedded ? inlineHost : bodyHost
  return (
    <>
      {embedded ? <div data-portico-modal="" data-embedded="" ref={setInlineHost} /> : null}
      {host ? <ShadowContent host={host} portico={portico} embedded={embedded} {...props} /> : null}
    </>
  )
}

function ShadowContent({
  host,
  portico,
  embedded,
  themeMode,
  themeVariables,
  zIndex,
}: PorticoModalProps & { host: HTMLElement; portico: Portico; embedded: boolean }) {
  const shadow = useMemo(() => host.shadowRoot ?? host.attachShadow({ mode: 'open' }), [host])
  const open = useStoreSelector(portico, (s) => s.modal.open)
  const stateTheme = useStoreSelector(portico, (s) => s.themeMode)
  const theme = useResolvedTheme(themeMode ?? stateTheme)
  const visible = embedded || open
  const heightSheet = useMemo(() => createSheet(host.ownerDocument, ''), [host])
  const overrides = themeOverrideCss(themeVariables, zIndex)

  useLayoutEffect(() => {
    const doc = host.ownerDocument
    // The views' sheet arrives with the first lazy view: adopted at once, before that view renders.
    const adopt = () => {
      const sheets = [
        sharedSheet(doc, modalCss),
        ...addedModalCss().map((css) => sharedSheet(doc, css)),
        overrides && sharedSheet(doc, overrides),
        heightSheet,
      ]
      shadow.adoptedStyleSheets = sheets.filter((s): s is CSSStyleSheet => Boolean(s))
    }
    adopt()
    return subscribeModalCss(adopt)
  }, [host, shadow, overrides, heightSheet])

  useLayoutEffect(() => {
    host.setAttribute('data-theme', theme)
    host.setAttribute('data-state', visible ? 'open' : 'closed')
  }, [host, theme, visible])

  useEffect(() => () => host.removeAttribute('data-state'), [host])

  if (!visible) return null
  return createPortal(
    <Shell portico={portico} shadow={shadow} embedded={embedded} theme={theme} heightSheet={heightSheet} />,
    shadow,
  )
}
