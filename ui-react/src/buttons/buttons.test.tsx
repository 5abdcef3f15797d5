// Issue 22: the Portico buttons live in the host's light DOM and must follow the
// theme like the modal does (themeMode 'dark', or 'system' with a dark OS setting).
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { documentCss } from '../modal/styles.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { type Rendered, render } from '../test-helpers/render.js'
import { ConnectButton, NetworkButton } from './index.js'

let rendered: Rendered | undefined
const originalMatchMedia = window.matchMedia
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  window.matchMedia = originalMatchMedia
})

/** A `prefers-color-scheme` the test can flip, as the OS setting does. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>()
  const mql = {
    get matches() {
      return dark
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }
  window.matchMedia = (() => mql) as unknown as typeof window.matchMedia
  return (next: boolean) => {
    dark = next
    for (const l of listeners) l()
  }
}

const themes = () =>
  Array.from(rendered!.container.querySelectorAll('[data-portico-button]')).map((b) =>
    b.getAttribute('data-theme'),
  )

describe('Light-DOM buttons follow the theme (themeMode dark / system)', () => {
  it('themeMode "dark" draws the Connect and Network buttons dark; back to "light" draws them light', async () => {
    const t = await createTestPortico()
    rendered = await render(
      t.portico,
      <>
        <ConnectButton />
        <NetworkButton />
      </>,
    )
    expect(themes()).toEqual(['light', 'light'])
    await act(async () => t.portico.setThemeMode('dark'))
    expect(themes()).toEqual(['dark', 'dark'])
    await act(async () => t.portico.setThemeMode('light'))
    expect(themes()).toEqual(['light', 'light'])
  })

  it('the connected account button is dark too', async () => {
    const t = await createTestPortico()
    await t.connect()
    t.portico.setThemeMode('dark')
    rendered = await render(t.portico, <ConnectButton />)
    const button = rendered.container.querySelector('[data-portico-button="account"]')!
    expect(button.getAttribute('data-theme')).toBe('dark')
  })

  it('themeMode "system" follows prefers-color-scheme live', async () => {
    const setDark = fakeColorScheme(true)
    const t = await createTestPortico()
    t.portico.setThemeMode('system')
    rendered = await render(
      t.portico,
      <>
        <ConnectButton />
        <NetworkButton />
      </>,
    )
    expect(themes()).toEqual(['dark', 'dark'])
    await act(async () => setDark(false))
    expect(themes()).toEqual(['light', 'light'])
  })

  it('a button’s own themeMode prop wins over the instance’s', async () => {
    const t = await createTestPortico()
    rendered = await render(t.portico, <ConnectButton themeMode="dark" />)
    expect(themes()).toEqual(['dark'])
  })

  it('the buttons’ sheet has dark rules for every variant, with text colours that reach WCAG AA 4.5:1 on their dark background', () => {
    const rule = (selector: string) => documentCss.split('\n').find((line) => line.startsWith(selector))
    const account = rule(".portico-button[data-theme='dark'][data-variant='account']")
    expect(account).toBeDefined()
    const background = /background: (#[0-9a-f]{6})/.exec(account!)![1]!
    const color = /[^-]color: (#[0-9a-f]{6})/.exec(account!)![1]!
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5)
    const balance = /color: (#[0-9a-f]{6})/.exec(
      rule(".portico-button[data-theme='dark'] .portico-button-balance")!,
    )![1]!
    expect(contrast(balance, background)).toBeGreaterThanOrEqual(4.5)
    const danger = /[^-]color: (#[0-9a-f]{6})/.exec(
      rule(".portico-button[data-theme='dark'][data-variant='network'][data-unsupported]")!,
    )![1]!
    expect(contrast(danger, background)).toBeGreaterThanOrEqual(4.5)
    const primary = rule(".portico-button[data-theme='dark'] {")!
    const accent = /--portico-accent: (#[0-9a-f]{6})/.exec(primary)![1]!
    const onAccent = /--portico-accent-foreground: (#[0-9a-f]{6})/.exec(primary)![1]!
    expect(contrast(onAccent, accent)).toBeGreaterThanOrEqual(4.5)
  })
})

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
