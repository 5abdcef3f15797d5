import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { screenshot, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, expectView, gotoDemo, sel, setTheme, textOf } from './demo.js'

/** The focused element, looking through shadow roots; described as `tag[data-…]` + whether it is in the dialog. */
async function focusInfo(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    const host = document.querySelector('[data-portico-modal]:not([data-embedded])')
    const dlg = host?.shadowRoot?.querySelector('[role="dialog"]')
    return {
      inDialog: Boolean(el && dlg && (el === dlg || dlg.contains(el))),
      key: el
        ? `${el.tagName.toLowerCase()}|${el.getAttribute('aria-label') ?? ''}|${(el.textContent ?? '').trim().slice(0, 40)}`
        : 'none',
      isConnectButton: el?.matches?.('[data-portico-button="connect"]') ?? false,
    }
  })
}

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map(Number) as [
    number,
    number,
    number,
  ]
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

// Issue 4 "End-to-end": dialog semantics, layout, theme and isolation on the built demo.
describe('the modal dialog', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  beforeAll(() => {
    world = getWorld()
  })

  it('Esc closes it and focus returns to the connect button', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, world.demoUrl)
    const button = page.locator(sel.connectButton)
    await button.focus()
    await page.keyboard.press('Enter')
    await expectView(page, 'Connect')
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true')
    expect((await focusInfo(page)).inDialog).toBe(true)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await page.locator(sel.modalHost).first().getAttribute('data-state')).toBe('closed')
    expect((await focusInfo(page)).isConnectButton).toBe(true)
  })

  it('is labelled by its title, closes on a backdrop click, and locks the page scroll while open', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 600 } })
    await gotoDemo(page, world.demoUrl)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await page.locator(sel.modalHost).getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    const before = await page.evaluate(() => window.scrollY)
    await page.mouse.move(100, 400)
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(200)
    expect(await page.evaluate(() => window.scrollY)).toBe(before)
    await page.mouse.click(20, 580) // on the overlay, outside the dialog
    await dialog(page).waitFor({ state: 'detached' })
    await page.mouse.wheel(0, 600)
    await page.waitForFunction((y) => window.scrollY > y, before, { timeout: 5_000 })
  })

  it('Tab and Shift+Tab cycle inside the dialog', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, world.demoUrl)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    const seen: string[] = []
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const f = await focusInfo(page)
      expect(f.inDialog, `Tab #${i + 1} left the dialog (focus on ${f.key})`).toBe(true)
      seen.push(f.key)
    }
    const distinct = new Set(seen)
    expect(distinct.size).toBeGreaterThanOrEqual(2)
    expect(distinct.size).toBeLessThan(seen.length) // it wrapped around instead of leaving
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab')
      expect((await focusInfo(page)).inDialog).toBe(true)
    }
  })

  it('is 360px wide with z-index 999 on a desktop viewport, and a full-width bottom sheet under 430px', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, world.demoUrl)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    expect(await dialog(page).evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(360)
    await eventuallyBox(page, (b) => b.width === 360) // once the open animation (a scale) has ended
    const z = await page
      .locator(sel.modalHost)
      .first()
      .evaluate((host) => {
        const layers = [
          host,
          ...host.shadowRoot!.querySelectorAll('.root, [data-portico-overlay], [role="dialog"]'),
        ]
        return layers.map((el) => getComputedStyle(el)).find((cs) => cs.position === 'fixed')?.zIndex
      })
    expect(z).toBe('999')

    await page.setViewportSize({ width: 390, height: 800 })
    await eventuallyBox(page, (b) => b.width === 390 && Math.abs(b.y + b.height - 800) <= 1)
    await screenshot(page, 'view-Connect-mobile-sheet')
  })

  it('applies the dark theme, and the light one', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, world.demoUrl)
    for (const mode of ['dark', 'light'] as const) {
      await setTheme(page, mode)
      await page.locator(sel.connectButton).click()
      await expectView(page, 'Connect')
      expect(await page.locator(sel.modalHost).first().getAttribute('data-theme')).toBe(mode)
      const bg = await dialog(page).evaluate((el) => getComputedStyle(el).backgroundColor)
      const fg = await page.locator(`${sel.dialog} h2`).evaluate((el) => getComputedStyle(el).color)
      if (mode === 'dark') {
        expect(luminance(bg)).toBeLessThan(0.3)
        expect(luminance(fg)).toBeGreaterThan(0.7)
      } else {
        expect(luminance(bg)).toBeGreaterThan(0.8)
        expect(luminance(fg)).toBeLessThan(0.4)
      }
      await screenshot(page, `view-Connect-${mode}`)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  })

  it('host-page CSS `* { color: red !important }` does not reach inside the modal', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, world.demoUrl)
    // The demo's own CSP forbids inline styles: the hostile rule comes as a same-origin stylesheet.
    await page.route('**/e2e-hostile.css', (route) =>
      route.fulfill({
        contentType: 'text/css',
        body: '* { color: red !important; font-family: serif !important }',
      }),
    )
    await page.addStyleTag({ url: `${world.demoUrl}/e2e-hostile.css` })
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const red = 'rgb(255, 0, 0)'
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).color)).toBe(red) // it applies outside
    const colors = await connect.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].map((el) => getComputedStyle(el).color),
    )
    expect(colors.length).toBeGreaterThan(3)
    expect(colors.filter((c) => c === red)).toEqual([])
    const title = await page.locator(`${sel.dialog} h2`).evaluate((el) => getComputedStyle(el).color)
    expect(title).not.toBe(red)
    await screenshot(page, 'host-css-red')
  })

  it('an EIP-6963 wallet named `<img src=x onerror=…>` is shown as text, never as markup', async () => {
    const { page } = await browser.newPage()
    const evilName = '<img src=x onerror="window.__pwned=1">'
    await page.addInitScript((name) => {
      const detail = Object.freeze({
        info: Object.freeze({
          uuid: '6f0e6c33-0000-4000-8000-000000000001',
          name,
          icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%23c33"/%3E%3C/svg%3E',
          rdns: 'test.evil.wallet',
        }),
        provider: { request: async () => null, on() {}, removeListener() {} },
      })
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    }, evilName)
    await gotoDemo(page, world.demoUrl)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const row = connect.locator('[data-connector-id]', { hasText: '<img' })
    await row.waitFor({ timeout: 10_000 })
    expect(await textOf(row)).toContain(evilName.slice(0, 20))
    expect(await connect.locator('img[src="x"], img[onerror]').count()).toBe(0)
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined()
    await screenshot(page, 'evil-wallet-name')
  })
})

async function eventuallyBox(
  page: Page,
  ok: (b: { x: number; y: number; width: number; height: number }) => boolean,
) {
  const end = Date.now() + 5000
  let last: unknown
  while (Date.now() < end) {
    const b = await dialog(page).boundingBox()
    last = b
    if (b && ok(b)) return
    await page.waitForTimeout(50)
  }
  throw new Error(`dialog box never matched: ${JSON.stringify(last)}`)
}
