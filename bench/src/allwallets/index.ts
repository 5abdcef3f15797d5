// AllWallets with a 5,000-entry wallet directory (issues 6, 20), in Chromium:
// - open → first rows: the visitor opens the modal (Connect), reaches for
//   "All Wallets" and clicks it → the first page of rows is on screen (what the
//   prefetch on modal open is for); also a cold open straight into AllWallets
//   and a reopen in the same page (rendered from the cache);
// - keystroke → first matching rows: real key presses typing queries letter by
//   letter; each keystroke → the rows matching what is typed are in the DOM
//   with a layout (known matches), or the "Searching…" state when none is
//   known; and the last keystroke → the directory's results merged (300 ms
//   debounce included);
// - scrolling all 5,000 entries (infinite scroll, virtualized): long tasks
//   over 50 ms seen by a PerformanceObserver('longtask').
// The directory is a loopback HTTP server answering GET /v1/wallets with the
// gateway's query semantics (server/src/directory/directory.ts) over generated entries.
//
//   tsx src/allwallets/index.ts [--runs N] [--source]     (also run by `npm run bench`)
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { buildApp, OUT_DIR } from '../bundle.js'
import { launchChromium } from '../latency.js'
import {
  APP,
  DIRECTORY_SIZE,
  FEATURED,
  generateDirectory,
  queryDirectory,
  SEARCH_RESULTS_LIMIT,
  serve,
  WALLETS_PER_PAGE,
} from './directory.js'
import { type AllWalletsReport, IN_PAGE, measure, stats, typeMeasured } from './measure.js'
import { checkAllWallets, formatAllWallets } from './report.js'

export { DIRECTORY_SIZE, generateDirectory, queryDirectory } from './directory.js'
export type { AllWalletsReport, Stats } from './measure.js'
export {
  ALL_WALLETS_BUDGETS,
  type AllWalletsCheck,
  checkAllWallets,
  formatAllWallets,
  PREVIOUS,
} from './report.js'

/** Builds the app, serves it with the 5,000-entry directory and measures in Chromium. */
export async function benchAllWallets(
  options: { runs?: number; fromSource?: boolean; browser?: Browser; scrollRuns?: number } = {},
): Promise<AllWalletsReport> {
  const runs = options.runs ?? 20
  const scrollRuns = Math.min(runs, options.scrollRuns ?? 3)
  const srcDir = join(OUT_DIR, '../allwallets-src')
  mkdirSync(srcDir, { recursive: true })
  const entry = join(srcDir, 'app.tsx')
  writeFileSync(entry, APP)
  const built = await buildApp({
    app: 'allwallets',
    entry,
    conditions: options.fromSource ? ['source'] : [],
  })
  statSync(join(built.dir, 'index.html'))
  const directory = generateDirectory()
  const server = await serve(built.dir, directory)
  const browser = options.browser ?? (await launchChromium())
  const r = {
    open: [] as number[],
    coldOpen: [] as number[],
    reopen: [] as number[],
    rows: [] as number[],
    searching: [] as number[],
    merged: [] as number[],
    longTasks: [] as number[],
  }
  let maxRowsInDom = 0
  const firstPage = { count: WALLETS_PER_PAGE + FEATURED.length, firstId: FEATURED[0] }
  // Typed letter by letter: a name word (capped at 100), a name + number prefix, one wallet.
  const queries = ['ember', 'pocket 01', '4321']
  const portico = (call: string) => `window.__portico.${call}`
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(server.url)
      await page.waitForFunction(() => Boolean((window as { __portico?: unknown }).__portico))
      await page.evaluate(IN_PAGE)

      // Cold: straight into AllWallets on a fresh page (a deep link; nothing could be prefetched).
      const cold = await measure(page, 'browse', firstPage, portico("open({ view: 'AllWallets' })"), 'now')
      r.coldOpen.push(cold.ms)
      await context.close()

      // The visitor's path on a fresh page: open (Connect), reach for the button, click.
      const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const p2 = await ctx2.newPage()
      await p2.goto(server.url)
      await p2.waitForFunction(() => Boolean((window as { __portico?: unknown }).__portico))
      await p2.evaluate(IN_PAGE)
      await p2.evaluate(portico('open()'))
      const button = p2.locator('[data-portico-modal] [data-all-wallets]')
      await button.waitFor()
      await p2.waitForTimeout(400) // a visitor's reach for the button
      const open = await measure(p2, 'browse', firstPage, () => button.click())
      r.open.push(open.ms)
      if (i === 0) await p2.screenshot({ path: join(OUT_DIR, '../allwallets-first-render.png') })

      const input = p2.locator('[data-portico-modal] [data-view="AllWallets"] input[type="search"]')
      await input.focus()
      for (const q of queries) {
        const expected = queryDirectory(directory, {
          page: 1,
          entries: SEARCH_RESULTS_LIMIT,
          search: q,
          chains: ['eip155:1'],
        })
        await typeMeasured(p2, q, r.rows, r.searching)
        const state = (await p2.evaluate('window.__aw.state()')) as { busy: boolean; count: number }
        if (state.busy) {
          // Last keystroke → the directory's answer merged (t0: that keydown, measured in the page).
          const merged = await measure(
            p2,
            'merged',
            { value: q, count: Math.min(expected.count, SEARCH_RESULTS_LIMIT) },
            async () => {},
            'lastKey',
          )
          r.merged.push(merged.ms)
        }
        if (i === 0 && q === queries[0])
          await p2.screenshot({ path: join(OUT_DIR, '../allwallets-search.png') })
        await input.fill('')
      }

      if (i < scrollRuns) {
        // Scroll through all 5,000 (each page loads as the end nears); long tasks counted meanwhile.
        const before = ((await p2.evaluate('window.__aw.longTasks()')) as number[]).length
        for (;;) {
          const s = (await p2.evaluate(`(() => {
            const v = document.querySelector('[data-portico-modal]').shadowRoot.querySelector('[data-view="AllWallets"]')
            const box = v.querySelector('[role="listbox"]')
            box.scrollTop = box.scrollHeight
            box.dispatchEvent(new Event('scroll'))
            return { count: Number(box.getAttribute('data-count')), rows: v.querySelectorAll('[data-wallet-id]').length }
          })()`)) as { count: number; rows: number }
          maxRowsInDom = Math.max(maxRowsInDom, s.rows)
          if (s.count >= directory.length + 0) break
          await p2.waitForFunction(
            (c) =>
              Number(
                document
                  .querySelector('[data-portico-modal]')
                  ?.shadowRoot?.querySelector('[data-view="AllWallets"] [role="listbox"]')
                  ?.getAttribute('data-count'),
              ) > c,
            s.count,
            { timeout: 15_000 },
          )
        }
        await p2.waitForTimeout(100)
        r.longTasks.push(...((await p2.evaluate('window.__aw.longTasks()')) as number[]).slice(before))
      }

      // Reopen in the same page: the view chunk and the list are cached.
      await p2.evaluate(portico('close()'))
      await p2.waitForTimeout(200)
      const re = await measure(p2, 'browse', firstPage, portico("open({ view: 'AllWallets' })"), 'now')
      r.reopen.push(re.ms)
      await ctx2.close()
    }
  } finally {
    if (!options.browser) await browser.close()
    await server.close()
  }
  return {
    entries: directory.length,
    runs,
    open: stats(r.open),
    coldOpen: stats(r.coldOpen),
    reopen: stats(r.reopen),
    keystrokeRows: stats(r.rows),
    keystrokeSearching: stats(r.searching),
    serverMerged: stats(r.merged),
    scroll: { runs: scrollRuns, longTasks: r.longTasks, maxRowsInDom, entries: directory.length },
  }
}

/** `npm run bench` calls this at the end; also runnable alone. */
export async function runAllWalletsBench(options: { runs?: number; fromSource?: boolean } = {}) {
  console.log(`\n▶ AllWallets with ${DIRECTORY_SIZE.toLocaleString('en')} wallets`)
  const report = await benchAllWallets(options)
  const checks = checkAllWallets(report)
  const text = formatAllWallets(report, checks)
  console.log(text)
  console.log(`  screenshots: ${join(OUT_DIR, '..')}/allwallets-{first-render,search}.png`)
  return { report, checks, text }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const runs = Number(args[args.indexOf('--runs') + 1]) || Number(process.env.BENCH_RUNS) || 20
  const { checks } = await runAllWalletsBench({ runs, fromSource: args.includes('--source') })
  const missed = checks.filter((c) => !c.ok)
  if (missed.length) {
    console.log(`\n${missed.length} AllWallets budget(s) missed: ${missed.map((c) => c.name).join('; ')}`)
    process.exitCode = 1
  }
}
