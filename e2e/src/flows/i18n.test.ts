import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from '../harness/index.js'
import { connectDevWallet, dialog, expectView, gotoDemo, openConnect, sel, useDemo } from './demo.js'

/** axe on the floating dialog (inside its shadow root): the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include([['[data-portico-modal]:not([data-embedded])', '[role="dialog"]']])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(results.passes.length).toBeGreaterThan(5)
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target.at(-1))).join('; ')}`)
}

/** The modal's root element (`.root` in the shadow root): carries `lang` and `dir`. */
const modalRoot = (page: Page) => page.locator(`${sel.modalHost} .root`)

/** Text that does not fit its box (clipped without an ellipsis, or pushed out of the dialog). */
async function clippedText(view: Locator): Promise<string[]> {
  return view.evaluate((root) => {
    const dialogBox = (root.closest('[role="dialog"]') as HTMLElement).getBoundingClientRect()
    const out: string[] = []
    for (const el of Array.from(
      root.querySelectorAll<HTMLElement>('button, a, h2, h3, p, span, dt, dd, li'),
    )) {
      if (!el.textContent?.trim() || el.closest('.visually-hidden') || el.getClientRects().length === 0)
        continue
      const style = getComputedStyle(el)
      const box = el.getBoundingClientRect()
      const outside = box.left < dialogBox.left - 1 || box.right > dialogBox.right + 1
      const clipped =
        style.overflow === 'hidden' &&
        style.textOverflow !== 'ellipsis' &&
        el.scrollWidth > el.clientWidth + 1
      if (outside || clipped)
        out.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.trim()}`)
    }
    return out
  })
}

async function openIn(page: Page, demoUrl: string, locale: string): Promise<void> {
  const url = new URL(demoUrl)
  url.searchParams.set('locale', locale)
  await gotoDemo(page, url.toString())
}

// Issue 20: the demo in Arabic (right to left) and Japanese — Connect and Account translated,
// laid out for the script, axe clean; switching the locale re-renders the open modal in place.
describe('languages (issue 20)', () => {
  const demo = useDemo()

  it('Arabic: the modal is right to left (dir="rtl"), mirrored, translated, and axe finds nothing serious', async () => {
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await openIn(page, demo.world.demoUrl, 'ar')
    await expect.poll(() => page.locator(sel.connectButton).textContent()).toBe('ربط المحفظة')

    const connect = await openConnect(page)
    await expect.poll(() => modalRoot(page).getAttribute('dir')).toBe('rtl')
    expect(await modalRoot(page).getAttribute('lang')).toBe('ar')
    expect(await dialog(page).locator('h2.title').textContent()).toBe('ربط المحفظة')
    // Mirrored: the close button sits at the start of an RTL line, the left edge.
    const close = await dialog(page).getByRole('button', { name: 'إغلاق' }).boundingBox()
    const title = await dialog(page).locator('h2.title').boundingBox()
    expect(close!.x).toBeLessThan(title!.x)
    expect(await clippedText(connect)).toEqual([])
    await screenshot(page, 'i18n-Connect-ar')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    const account = await connectDevWallet(page)
    expect(await dialog(page).locator('h2.title').textContent()).toBe('الحساب')
    expect(await account.getByRole('tab').allTextContents()).toEqual(['الرموز', 'NFT', 'النشاط'])
    // Icons that point along the line mirror: the action rows' chevrons are flipped.
    const transform = await account
      .locator('svg.mirror-rtl')
      .first()
      .evaluate((el) => getComputedStyle(el).transform)
    expect(transform).toMatch(/^matrix\(-1, 0, 0, 1/)
    // SPEC §5 still holds: the balance is truncated to 3 decimals, written the locale's way.
    const balance = (await account.locator('[data-testid="account-balance"]').textContent()) ?? ''
    expect(balance).toMatch(/^[\d٠-٩]+[.٫][\d٠-٩]{3} ETH$/)
    expect(await clippedText(account)).toEqual([])
    await screenshot(page, 'i18n-Account-ar')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('Japanese: Connect and Account are translated, left to right, and axe finds nothing serious', async () => {
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await openIn(page, demo.world.demoUrl, 'ja')
    const connect = await openConnect(page)
    expect(await modalRoot(page).getAttribute('dir')).toBe('ltr')
    expect(await modalRoot(page).getAttribute('lang')).toBe('ja')
    expect(await dialog(page).locator('h2.title').textContent()).toBe('ウォレットを接続')
    expect(await clippedText(connect)).toEqual([])
    await screenshot(page, 'i18n-Connect-ja')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    const account = await connectDevWallet(page)
    expect(await dialog(page).locator('h2.title').textContent()).toBe('アカウント')
    expect(await account.getByRole('button', { name: '接続を解除', exact: true }).count()).toBe(1)
    expect(await clippedText(account)).toEqual([])
    await screenshot(page, 'i18n-Account-ja')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('switching the locale at run time re-renders the open modal in place, without reopening it', async () => {
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await openIn(page, demo.world.demoUrl, 'en')
    await page.evaluate(() => {
      ;(window as unknown as { __closes: number }).__closes = 0
      ;(window.__portico!.portico as unknown as { on(e: string, h: () => void): void }).on(
        'MODAL_CLOSE',
        () => {
          ;(window as unknown as { __closes: number }).__closes++
        },
      )
    })
    await openConnect(page)
    const title = dialog(page).locator('h2.title')
    expect(await title.textContent()).toBe('Connect Wallet')
    // Mark the open dialog node: the same node must carry the new language.
    await dialog(page).evaluate((el) => el.setAttribute('data-marked', ''))

    // The page behind an open modal is inert: the host switches the language from code.
    const picker = page.locator('[data-testid="locale-picker"]')
    await picker.selectOption('ja', { force: true })
    await expect.poll(() => title.textContent()).toBe('ウォレットを接続')
    await picker.selectOption('ar', { force: true })
    await expect.poll(() => title.textContent()).toBe('ربط المحفظة')
    expect(await modalRoot(page).getAttribute('dir')).toBe('rtl')

    expect(await page.locator(`${sel.dialog}[data-marked]`).count()).toBe(1)
    await expectView(page, 'Connect')
    expect(await page.evaluate(() => (window as unknown as { __closes: number }).__closes)).toBe(0)
  })
})
