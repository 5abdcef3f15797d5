import type { Portico } from '@portico/core'
import type { ReactNode } from 'react'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { PorticoProvider } from '../context/index.js'

export interface Rendered {
  container: HTMLElement
  root: Root
  unmount: () => void
}

/** Renders `ui` inside a provider for `portico` into a fresh container on <body>. */
export async function render(portico: Portico, ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  await act(async () => root.render(<PorticoProvider portico={portico}>{ui}</PorticoProvider>))
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount())
      container.remove()
    },
  }
}

/** The modal's shadow root (throws when the modal host is missing). */
export function modalRoot(): ShadowRoot {
  const host = document.querySelector('[data-portico-modal]')
  if (!host?.shadowRoot) throw new Error('modal host not found')
  return host.shadowRoot
}

/** Waits (in act) until `fn` returns a truthy value. */
export async function waitFor<T>(fn: () => T, timeout = 2000): Promise<NonNullable<T>> {
  const start = Date.now()
  for (;;) {
    let value: T | undefined
    try {
      value = fn()
    } catch {}
    if (value) return value as NonNullable<T>
    if (Date.now() - start > timeout) throw new Error(`waitFor timed out: ${fn.toString()}`)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10))
    })
  }
}

export function byText(root: ParentNode, selector: string, text: string): HTMLElement | undefined {
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).find((el) => el.textContent?.includes(text))
}

export async function click(el: Element | null | undefined) {
  if (!el) throw new Error('click: no element')
  await act(async () => {
    ;(el as HTMLElement).click()
  })
}
