// Where AllWallets spends its time: a Chromium performance trace of the bench's
// three scenarios (click → first rows, typing, scrolling all 5,000), built with
// readable names (not minified), summarised per task over 50 ms and as CPU
// self / total time per function. A tool for finding causes, not a figure.
//
// Thread CPU time (the trace's tdur) is printed beside wall time: on a shared,
// loaded machine it is the figure that compares two builds.
//
//   tsx src/allwallets/profile.ts [open|type|scroll]... [--out DIR] [--app BUILT_APP_DIR]
//   tsx src/allwallets/profile.ts --summarise trace.json...
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { OUT_DIR } from '../bundle.js'
import { launchChromium } from '../latency.js'
import { APP, FEATURED, generateDirectory, serve, WALLETS_PER_PAGE } from './directory.js'
import { IN_PAGE, measure, typeMeasured } from './measure.js'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  cat: string
  args?: { data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] } }
}
interface CpuNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number }
}
interface CpuProfileChunk {
  nodes?: CpuNode[]
  samples?: number[]
}

const args = process.argv.slice(2)
const outDir = args.includes('--out')
  ? args[args.indexOf('--out') + 1]!
  : join(OUT_DIR, '../allwallets-profile')
const scenarios = args.filter((a) => ['open', 'type', 'scroll'].includes(a))
if (!scenarios.length) scenarios.push('open', 'type', 'scroll')

if (args[0] === '--summarise') {
  for (const file of args.slice(1)) {
    const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }
    console.log(summarise(traceEvents, file))
  }
  process.exit(0)
}
const prebuilt = args.includes('--app') ? args[args.indexOf('--app') + 1] : undefined
const appDir = prebuilt ?? join(OUT_DIR, 'allwallets-profile')
mkdirSync(join(OUT_DIR, '../allwallets-src'), { recursive: true })
mkdirSync(appDir, { recursive: true })
mkdirSync(outDir, { recursive: true })
const entry = join(OUT_DIR, '../allwallets-src/app-profile.tsx')
writeFileSync(entry, APP)
if (!prebuilt)
  await build({
    entryPoints: { main: entry },
    outdir: appDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minifySyntax: true,
    minifyWhitespace: true,
    keepNames: true,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    // From the packages' TypeScript (no package build needed).
    conditions: ['source', 'module'],
    logLevel: 'silent',
  })
if (!prebuilt)
  writeFileSync(
    join(appDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  )

const directory = generateDirectory()
const server = await serve(appDir, directory)
const browser = await launchChromium()
const firstPage = { count: WALLETS_PER_PAGE + FEATURED.length, firstId: FEATURED[0] }
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
]

function summarise(events: TraceEvent[], label: string): string {
  const lines: string[] = [`## ${label}`]
  // The renderer main thread: the one with the most RunTask time among CrRendererMain threads.
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name')
  const mains = new Set(
    names
      .filter((e) => (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`))
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 0)
  const long = tasks.filter((t) => (t.dur ?? 0) > 50_000)
  // Thread time (tdur): CPU the main thread spent, not the wall time a loaded machine stretches.
  const cpu = tasks.map((t) => ((t as { tdur?: number }).tdur ?? 0) / 1000).sort((x, y) => y - x)
  lines.push(
    `task CPU: total ${cpu.reduce((x, y) => x + y, 0).toFixed(0)} ms, over 50 ms: ${cpu.filter((c) => c > 50).length}, largest: ${cpu
      .slice(0, 10)
      .map((c) => c.toFixed(1))
      .join(', ')}`,
  )
  lines.push(
    `tasks: ${tasks.length}, over 50 ms: ${long.length} (${long.map((t) => ((t.dur ?? 0) / 1000).toFixed(1)).join(', ')})`,
  )
  // The tasks that took the visitor's input (a click, a key press): their thread CPU time is the
  // part of open → rows and keystroke → rows this page spent itself, whatever the machine's load.
  for (const type of ['click', 'keydown']) {
    const inputs = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === type)
    const own = new Set<TraceEvent>()
    for (const d of inputs) {
      const t = tasks.find((x) => x.ts <= d.ts && x.ts + (x.dur ?? 0) >= d.ts + (d.dur ?? 0))
      if (t) own.add(t)
    }
    if (!own.size) continue
    const ms = [...own].map((t) => ((t as { tdur?: number }).tdur ?? 0) / 1000).sort((x, y) => x - y)
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]!.toFixed(1)
    lines.push(
      `${type} tasks CPU: ${ms.length}, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms`,
    )
  }
  // CPU samples → per-function self time, and per long task.
  const nodes = new Map<number, CpuNode>()
  const samples: { ts: number; node: number }[] = []
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue
    const d = e.args?.data
    const p = d?.cpuProfile
    for (const n of p?.nodes ?? []) nodes.set(n.id, n)
    let ts = e.ts
    const deltas = d?.timeDeltas ?? []
    ;(p?.samples ?? []).forEach((s, i) => {
      ts += deltas[i] ?? 0
      samples.push({ ts, node: s })
    })
  }
  const frame = (id: number) => {
    const f = nodes.get(id)?.callFrame
    if (!f) return '?'
    const file = (f.url ?? '').split('/').pop() ?? ''
    return `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`
  }
  const top = (within: (ts: number) => boolean, n: number) => {
    const self = new Map<string, number>()
    const total = new Map<string, number>()
    let count = 0
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!
      if (!within(s.ts)) continue
      const dt = ((samples[i + 1]?.ts ?? s.ts) - s.ts) / 1000
      if (dt > 50) continue
      count += dt
      const name = frame(s.node)
      if (name.startsWith('(idle)')) continue
      self.set(name, (self.get(name) ?? 0) + dt)
      const seen = new Set<string>()
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const fn = frame(id)
        if (seen.has(fn)) continue
        seen.add(fn)
        total.set(fn, (total.get(fn) ?? 0) + dt)
      }
    }
    const fmt = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(1).padStart(7)} ms  ${k}`)
        .join('\n')
    return `  sampled ${count.toFixed(1)} ms\n  self:\n${fmt(self)}\n  total:\n${fmt(total)}`
  }
  // Children of each long task, by event name.
  for (const t of long.slice(0, 8)) {
    const end = t.ts + (t.dur ?? 0)
    const inner = new Map<string, number>()
    for (const e of onMain) {
      if (e === t || e.ph !== 'X' || e.ts < t.ts || e.ts >= end) continue
      const key =
        e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'EventDispatch'
          ? `${e.name} ${String(e.args?.data?.functionName ?? e.args?.data?.type ?? '')}`
          : e.name
      inner.set(key, (inner.get(key) ?? 0) + (e.dur ?? 0) / 1000)
    }
    const parts = [...inner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    lines.push(`- task ${((t.dur ?? 0) / 1000).toFixed(1)} ms: ${parts.join(' | ')}`)
    lines.push(top((ts) => ts >= t.ts && ts < end, 12))
  }
  lines.push('whole trace:')
  lines.push(top(() => true, 25))
  return lines.join('\n')
}

async function traced(page: import('playwright-core').Page, label: string, act: () => Promise<void>) {
  await browser.startTracing(page, { categories: CATEGORIES })
  await act()
  const buf = await browser.stopTracing()
  writeFileSync(join(outDir, `${label}.json`), buf)
  const { traceEvents } = JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }
  const text = summarise(traceEvents, label)
  writeFileSync(join(outDir, `${label}.txt`), text)
  console.log(text)
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(server.url)
  await page.waitForFunction(() => Boolean((window as { __portico?: unknown }).__portico))
  await page.evaluate(IN_PAGE)
  await page.evaluate('window.__portico.open()')
  const button = page.locator('[data-portico-modal] [data-all-wallets]')
  await button.waitFor()
  await page.waitForTimeout(400)
  if (scenarios.includes('open'))
    await traced(page, 'open', async () => {
      const m = await measure(page, 'browse', firstPage, () => button.click())
      console.log(`open → first rows: ${m.ms.toFixed(1)} ms`)
      await page.waitForTimeout(300)
    })
  else {
    await button.click()
    await measure(page, 'browse', firstPage, async () => {}, 'now')
  }
  const input = page.locator('[data-portico-modal] [data-view="AllWallets"] input[type="search"]')
  if (scenarios.includes('type')) {
    await input.focus()
    await traced(page, 'type', async () => {
      for (const q of ['ember', 'pocket 01', '4321']) {
        const rows: number[] = []
        const searching: number[] = []
        await typeMeasured(page, q, rows, searching)
        console.log(
          `typed ${q}: rows ${rows.map((r) => r.toFixed(1))} searching ${searching.map((r) => r.toFixed(1))}`,
        )
        await page.waitForTimeout(500)
        await input.fill('')
      }
    })
  }
  if (scenarios.includes('scroll'))
    await traced(page, 'scroll', async () => {
      for (;;) {
        const s = (await page.evaluate(`(() => {
          const v = document.querySelector('[data-portico-modal]').shadowRoot.querySelector('[data-view="AllWallets"]')
          const box = v.querySelector('[role="listbox"]')
          box.scrollTop = box.scrollHeight
          box.dispatchEvent(new Event('scroll'))
          return Number(box.getAttribute('data-count'))
        })()`)) as number
        if (s >= directory.length) break
        await page.waitForFunction(
          (c) =>
            Number(
              document
                .querySelector('[data-portico-modal]')
                ?.shadowRoot?.querySelector('[data-view="AllWallets"] [role="listbox"]')
                ?.getAttribute('data-count'),
            ) > c,
          s,
          { timeout: 15_000 },
        )
      }
      await page.waitForTimeout(100)
      console.log(`long tasks: ${(await page.evaluate('window.__aw.longTasks()')) as number[]}`)
    })
  await context.close()
} finally {
  await browser.close()
  await server.close()
}
