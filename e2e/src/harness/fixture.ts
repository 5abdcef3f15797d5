import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'
import { waitForDemoBuild } from './demo-build.js'
import { guardNetwork, type NetworkGuard } from './network-guard.js'
import { currentWorld } from './world.js'

/** How long a file waits for the demo build (a loaded 2-core machine took ~4 minutes). */
const DEMO_BUILD_TIMEOUT_MS = 10 * 60_000

export interface OpenedPage {
  page: Page
  context: BrowserContext
  guard: NetworkGuard
  /** Page errors and console errors seen so far. */
  errors: string[]
}

/**
 * One Chromium per test file. Every page opened with `newPage` gets a fresh
 * context (no storage shared between tests) guarded against non-loopback
 * requests; after each test the contexts close and the test fails if any
 * outbound request was attempted.
 *
 * Before the file's first test it waits for the global setup's demo build
 * (started, not awaited, by the setup), and fails the file with the build's
 * error if it failed.
 */
export function useBrowser() {
  let browser: Browser | undefined
  const opened: OpenedPage[] = []

  // Its own time-out: in a lone e2e run the first file waits for the whole build.
  beforeAll(async () => {
    const url = currentWorld().demoBuildUrl
    if (url) await waitForDemoBuild(url)
  }, DEMO_BUILD_TIMEOUT_MS)
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async (ctx) => {
    const pages = opened.splice(0)
    if (ctx.task.result?.state === 'fail') {
      // Leave evidence: a screenshot of each page and the page's errors beside it.
      const dir = join(import.meta.dirname, '../../test-results/failures')
      mkdirSync(dir, { recursive: true })
      const base = ctx.task.name.replace(/[^\w]+/g, '-').slice(0, 80)
      for (const [i, p] of pages.entries()) {
        await p.page.screenshot({ path: join(dir, `${base}-${i}.png`) }).catch(() => {})
        writeFileSync(join(dir, `${base}-${i}.log`), p.errors.join('\n'))
      }
    }
    await Promise.all(pages.map((p) => p.context.close()))
    for (const p of pages) p.guard.assertNoOutbound()
  })
  afterAll(async () => {
    await browser?.close()
  })

  return {
    async newPage(options: BrowserContextOptions = {}): Promise<OpenedPage> {
      if (!browser)
        throw new Error('useBrowser: the browser is not launched yet (call newPage inside a test)')
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
      const guard = await guardNetwork(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
      })
      const entry = { page, context, guard, errors }
      opened.push(entry)
      return entry
    },
  }
}
