import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from '../harness/index.js'
import {
  connectDevWallet,
  dialog,
  expectView,
  gotoDemo,
  porticoState,
  seriousViolations,
  setTheme,
  textOf,
  useDemo,
} from './demo.js'

/** True when the element's box lies inside the viewport and inside every scrolling ancestor's visible box. */
async function visibleWithoutScrolling(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight || box.width === 0) return false
    for (let up = el.parentElement as HTMLElement | null; up; ) {
      const style = getComputedStyle(up)
      if (/(auto|scroll|hidden)/.test(style.overflowY)) {
        const clip = up.getBoundingClientRect()
        if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false
      }
      const root = up.getRootNode()
      up = up.parentElement ?? (root instanceof ShadowRoot ? (root.host as HTMLElement) : null)
    }
    return true
  })
}

async function openAccountAt(page: Page, url: string): Promise<Locator> {
  await gotoDemo(page, url)
  return connectDevWallet(page)
}

// Issue 34: Account puts its actions right under the balance; Receive shows the address as a QR code.
describe('Account actions and Receive (issue 34)', () => {
  const demo = useDemo()

  for (const [width, height] of [
    [390, 844],
    [1280, 1000],
  ] as const) {
    it(`at ${width}×${height} Send, Receive and every plugin action are visible without scrolling`, async () => {
      const { page } = await demo.browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce' })
      const account = await openAccountAt(page, demo.world.demoUrl)
      const actions = account.locator('[data-testid="account-actions"] button')
      await expect.poll(() => actions.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
      const ids = await actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-action-id')))
      expect(ids.slice(0, 2)).toEqual(['send', 'receive'])
      for (let i = 0; i < ids.length; i++)
        expect(await visibleWithoutScrolling(actions.nth(i)), `${ids[i]} is above the fold`).toBe(true)
      await screenshot(page, `account-actions-${width}x${height}`)
    })
  }

  for (const [mode, locale] of [
    ['light', 'en'],
    ['dark', 'en'],
    ['light', 'ar'],
  ] as const) {
    it(`Receive (${mode}, ${locale}): QR and text of the connected address, Copy that tells the truth, keyboard reachable, axe clean`, async () => {
      const { page, context } = await demo.browser.newPage({ reducedMotion: 'reduce' })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      const url = new URL(demo.world.demoUrl)
      if (locale !== 'en') url.searchParams.set('locale', locale)
      await gotoDemo(page, url.toString())
      await setTheme(page, mode)
      const account = await connectDevWallet(page)
      const address = (await porticoState(page)).accounts.eip155!.address as string
      await account.locator('[data-action-id="receive"]').click()
      const receive = await expectView(page, 'Receive')
      const qr = receive.locator('svg[role="img"]')
      expect(await qr.getAttribute('data-qr-value')).toBe(address)
      expect(await textOf(receive.locator('[data-testid="receive-address"]'))).toBe(address)
      expect(await textOf(receive.locator('[data-testid="receive-network"]'))).not.toBe('')
      if (locale === 'en')
        expect(await textOf(receive.locator('[data-testid="receive-network"]'))).toMatch(
          /^Valid on .+\. Send only assets of this network to this address\.$/,
        )

      // Keyboard: Tab reaches Copy; Enter copies; the button says so only once the clipboard has it.
      const copy = receive.locator('[data-testid="receive-copy"]')
      for (let i = 0; i < 8 && !(await copy.evaluate((el) => el.matches(':focus'))); i++)
        await page.keyboard.press('Tab')
      expect(await copy.evaluate((el) => el.matches(':focus'))).toBe(true)
      await page.keyboard.press('Enter')
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)
      if (locale === 'en') await expect.poll(() => textOf(copy)).toBe('Copied')
      await screenshot(page, `receive-${mode}-${locale}`)
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    })
  }
})
