// `npm run bench` (via scripts/bench.mjs, after every package is built):
// bundle size and open latency of a minimal Portico app beside Reown AppKit,
// RainbowKit and a wagmi + viem floor app, measured in the same run on this
// machine, then AllWallets with 5,000 entries (allwallets/). Prints a table,
// checks the budgets (latency as ratios to the same run; exit 1 when one is
// missed, a ratio without its reference is skipped) and writes bench/RESULTS.md.
//
// Flags: --runs N (default 20), --no-peers (ours only, no install),
//        --source (build ours from TypeScript sources instead of dist/),
//        --floor-only (of the peers, only the wagmi + viem floor),
//        --bundles-only (bundle sizes, plugin costs and the size budgets — the
//        floor and the peers too unless --no-peers — no Chromium: the size
//        part alone, meaningful on a busy machine where timings are not).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { type BundleReport, buildApp } from './bundle.js'
import { type LatencyReport, launchChromium, measureLatency } from './latency.js'
import { ensurePeers, PEER_SETS } from './peers.js'
import { checkEmbeddedWalletCost, formatPluginCosts, pluginCost } from './plugin-cost.js'
import { BUDGETS, checkBudgets, formatHtmlMount, formatReport, HTML_APP } from './report.js'
import { checkSignerBudgets, formatSignerFrame, measureSignerFrame } from './signer-frame.js'
import { byPackage, checkSizeBudgets, FLOOR_APP, FULL_APP, formatLargeModules, MINIMAL_APP } from './sizes.js'

const args = process.argv.slice(2)
const runs = Number(args[args.indexOf('--runs') + 1]) || Number(process.env.BENCH_RUNS) || 20
const withPeers = !args.includes('--no-peers')
const fromSource = args.includes('--source')
const bundlesOnly = args.includes('--bundles-only')
// The floor alone of the peers (their wagmi 3 set): the size budgets without AppKit and RainbowKit.
const floorOnly = args.includes('--floor-only')
const apps = join(import.meta.dirname, 'apps')

const bundles: BundleReport[] = []
console.log(`▶ bundles (esbuild, minified${fromSource ? ', ours from sources' : ''})`)
bundles.push(
  await buildApp({
    app: MINIMAL_APP,
    entry: join(apps, 'portico.tsx'),
    conditions: fromSource ? ['source'] : [],
  }),
)
// The same button + modal on a page with no framework of its own (@portico/html, React inside).
bundles.push(
  await buildApp({
    app: HTML_APP,
    entry: join(apps, 'portico-html.ts'),
    conditions: fromSource ? ['source'] : [],
  }),
)
bundles.push(
  await buildApp({
    app: 'portico + walletconnect',
    entry: join(apps, 'portico-walletconnect.tsx'),
    conditions: fromSource ? ['source'] : [],
  }),
)
// Registration only: each plugin's views and flow are lazy chunks, so the first load grows by its `setup`.
const pluginApps = [
  { plugin: 'swap', app: 'portico + swap', entry: 'portico-swap.tsx' },
  { plugin: 'onramp', app: 'portico + onramp', entry: 'portico-onramp.tsx' },
  { plugin: 'names', app: 'portico + names', entry: 'portico-names.tsx' },
  { plugin: 'embedded-wallet', app: 'portico + embedded-wallet', entry: 'portico-embedded-wallet.tsx' },
]
for (const p of pluginApps) {
  bundles.push(
    await buildApp({ app: p.app, entry: join(apps, p.entry), conditions: fromSource ? ['source'] : [] }),
  )
}
// Every namespace and every plugin, SIWX on: the site that adds everything (issue 31).
bundles.push(
  await buildApp({
    app: FULL_APP,
    entry: join(apps, 'portico-full.tsx'),
    conditions: fromSource ? ['source'] : [],
  }),
)
const base = bundles.find((b) => b.app === MINIMAL_APP)!
const pluginCosts = pluginApps.map((p) => pluginCost(base, bundles.find((b) => b.app === p.app)!, p.plugin))
if (withPeers) {
  const appkitDir = ensurePeers('appkit')
  if (!floorOnly) {
    const rainbowDir = ensurePeers('rainbowkit')
    bundles.push(
      await buildApp({ app: 'appkit', entry: join(apps, 'peers/appkit.tsx'), projectDir: appkitDir }),
    )
    bundles.push(
      await buildApp({
        app: 'rainbowkit',
        entry: join(apps, 'peers/rainbowkit.tsx'),
        projectDir: rainbowDir,
      }),
    )
  }
  bundles.push(
    await buildApp({ app: FLOOR_APP, entry: join(apps, 'peers/floor.tsx'), projectDir: appkitDir }),
  )
}
for (const b of bundles) console.log(`  ${b.app}: initial ${(b.initial.gzip / 1024).toFixed(1)} KiB gz`)
console.log(`  ${formatHtmlMount(bundles)}`)
for (const b of [base, bundles.find((x) => x.app === FULL_APP)!])
  console.log(`▶ ${b.app}: initial JS by package (minified)\n  ${byPackage(b)}`)
console.log('▶ initial graph: modules above 2 KiB (minified KiB)')
for (const line of formatLargeModules(bundles)) console.log(`  ${line}`)
console.log('▶ plugins: initial JS added to the minimal app (registration only; views lazy)')
for (const line of formatPluginCosts(base, pluginCosts)) console.log(`  ${line}`)
const eager = pluginCosts.filter((c) => c.eager.length > 0)
if (eager.length > 0) {
  console.log(
    `  plugin(s) load more than their registration up front: ${eager.map((c) => c.plugin).join(', ')}`,
  )
  process.exitCode = 1
}
const embedded = checkEmbeddedWalletCost(
  pluginCosts.find((c) => c.plugin === '@portico/plugin-embedded-wallet')!,
)
console.log(`  ${embedded.line}`)
if (!embedded.ok) process.exitCode = 1
// The embedded wallet's signer frame (another origin, its own first load), as the gateway serves it.
const signerFrame = await measureSignerFrame()
console.log(`▶ ${formatSignerFrame(signerFrame)}`)
const signerChecks = checkSignerBudgets(signerFrame)
console.log('  Next.js example first-load JS: not measured by the bench (next build is too slow here)')
const sizeChecks = [...checkSizeBudgets(bundles), ...signerChecks]
console.log('▶ size budgets (initial JS gzip, ratios in this run)')
for (const c of sizeChecks)
  console.log(`  ${c.ok === undefined ? 'skipped' : c.ok ? 'met   ' : 'MISSED '} ${c.name}: ${c.value}`)
if (sizeChecks.some((c) => c.ok === false)) process.exitCode = 1
if (bundlesOnly) process.exit()

console.log(`▶ open latency in Chromium (median of ${runs}, loopback only)`)
const latency: LatencyReport[] = []
const browser = await launchChromium()
try {
  const dir = (app: string) => bundles.find((b) => b.app === app)!.dir
  latency.push(
    await measureLatency(browser, { app: MINIMAL_APP, dir: dir(MINIMAL_APP), detector: 'portico' }, runs),
  )
  latency.push(
    await measureLatency(browser, { app: FULL_APP, dir: dir(FULL_APP), detector: 'portico' }, runs),
  )
  latency.push(
    await measureLatency(
      browser,
      { app: 'portico + 10 wallets', dir: dir(MINIMAL_APP), detector: 'portico', wallets: 10 },
      runs,
    ),
  )
  if (withPeers) {
    latency.push(
      await measureLatency(browser, { app: 'appkit', dir: dir('appkit'), detector: 'appkit' }, runs),
    )
    latency.push(
      await measureLatency(
        browser,
        { app: 'rainbowkit', dir: dir('rainbowkit'), detector: 'rainbowkit' },
        runs,
      ),
    )
    // The reference of the navigation → button budget: wagmi + viem and a plain button.
    latency.push(
      await measureLatency(
        browser,
        { app: FLOOR_APP, dir: dir(FLOOR_APP), detector: 'floor', buttonOnly: true },
        runs,
      ),
    )
  }
} finally {
  await browser.close()
}

const chromium = execFileSync('/usr/bin/chromium', ['--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim()
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')
const machine = `${cpus().length} cores (load average at the end ${load}), Node ${process.version}, ${chromium}`
const checks = checkBudgets(bundles, latency)
const allWallets = await (await import('./allwallets/index.js')).runAllWalletsBench({ runs, fromSource })
const text = formatReport({
  date: new Date().toISOString().slice(0, 10),
  machine,
  runs,
  bundles,
  latency,
  checks,
  pluginCosts: formatPluginCosts(base, pluginCosts),
  signerFrame: formatSignerFrame(signerFrame),
  peers: PEER_SETS,
  allWallets: allWallets.text,
})
console.log(`\n${text}`)
if (withPeers && !fromSource) writeFileSync(join(import.meta.dirname, '../RESULTS.md'), text)
const missed = [...checks.filter((c) => c.ok === false), ...allWallets.checks.filter((c) => !c.ok)] as Array<{
  name: string
}>
const skipped = checks.filter((c) => c.ok === undefined)
if (skipped.length > 0)
  console.log(
    `\nskipped (not measured in this run${withPeers ? '' : ', --no-peers'}): ${skipped.map((c) => c.name).join('; ')}`,
  )
if (missed.length > 0) {
  console.log(`\n${missed.length} budget(s) missed: ${missed.map((c) => c.name).join('; ')}`)
  process.exitCode = 1
} else
  console.log(
    `\nall ${checks.filter((c) => c.ok !== undefined).length + allWallets.checks.length} budgets met (${Object.keys(BUDGETS).length + allWallets.checks.length} defined)`,
  )
