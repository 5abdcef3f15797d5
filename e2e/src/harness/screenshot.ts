import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** e2e/test-results/screenshots — gitignored; `npm test` counts the files in it. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../test-results/screenshots')

/**
 * Saves a PNG of the page (or of one element) as
 * `e2e/test-results/screenshots/<name>.png` and returns its path.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<string> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`bad screenshot name: ${name}`)
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const path = join(SCREENSHOT_DIR, `${name}.png`)
  await target.screenshot({ path, animations: 'disabled' })
  return path
}
