import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { screenshot, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { connectDevWallet, dialog, expectView, gotoDemo, sel, setTheme } from './demo.js'

/** axe on the floating dialog only (inside its shadow root); returns the serious and critical violations. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include([['[data-portico-modal]:not([data-embedded])', '[role="dialog"]']])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(results.passes.length).toBeGreaterThan(5) // it really audited the dialog
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .map((n) => `${JSON.stringify(n.target.at(-1))} (${n.any[0]?.message ?? n.failureSummary ?? ''})`)
          .join('; ')}`,
    )
}

// Issue 4: axe-core finds no serious or critical violation in Connect, Account and Networks, light and dark.
describe('accessibility (axe-core)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  beforeAll(() => {
    world = getWorld()
  })

  for (const mode of ['light', 'dark'] as const) {
    it(`Connect, Account and Networks have no serious or critical violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, world.demoUrl)
      await setTheme(page, mode)

      await page.locator(sel.connectButton).click()
      await expectView(page, 'Connect')
      expect(await page.locator(sel.modalHost).getAttribute('data-theme')).toBe(mode)
      const found: Record<string, string[]> = {}
      found.Connect = await seriousViolations(page)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      await connectDevWallet(page)
      await screenshot(page, `view-Account-${mode}`)
      found.Account = await seriousViolations(page)

      await page
        .locator(`${sel.view('Account')} button.row`, { hasText: 'Anvil' })
        .first()
        .click()
      await expectView(page, 'Networks')
      await screenshot(page, `view-Networks-${mode}`)
      found.Networks = await seriousViolations(page)

      expect(found).toEqual({ Connect: [], Account: [], Networks: [] })
    })
  }
})
