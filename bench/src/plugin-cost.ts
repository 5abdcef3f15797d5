import type { BundleReport } from './bundle.js'

/** What adding one plugin to the minimal app costs on the first load. */
export interface PluginCost {
  app: string
  plugin: string
  /** Initial JS of the app with the plugin minus the base app's, gzip -9 and raw minified. */
  addedGzip: number
  addedRaw: number
  /** Minified bytes of the plugin package itself in the initial JS (its registration). */
  pluginInitialBytes: number
  /** Plugin modules in the initial JS: registration only is the goal, so views/controllers here are a regression. */
  pluginModules: string[]
  /** Plugin modules that are not the registration (views, controller, state): must be empty. */
  eager: string[]
  /** The plugin's lazy chunks (gzip), loaded when a view opens. */
  lazyGzip: number
}

/** Modules a plugin's root may load up front: its door and the registration itself. */
const REGISTRATION = /\/(index|plugin)\.(ts|tsx|js)$/

/**
 * Compares a "minimal app + plugin" build with the minimal app: the bytes
 * the plugin adds before the first render and which of its modules are in
 * them. Anything beyond `index` / `plugin` (views, controllers) counts as eager.
 */
export function pluginCost(base: BundleReport, withPlugin: BundleReport, plugin: string): PluginCost {
  const folder = `plugins/${plugin}/`
  const pkg = `@portico/plugin-${plugin}`
  const mine = (m: string) => m.includes(folder) || m.includes(`${pkg}/`)
  const pluginModules = withPlugin.initialModules.filter(mine)
  const pluginInitialBytes = withPlugin.initialByPackage
    .filter((p) => p.pkg === `@portico: plugins/${plugin}` || p.pkg === pkg)
    .reduce((a, p) => a + p.bytes, 0)
  const baseLazy = new Set(base.lazyChunks.map((c) => c.file.replace(/-[A-Z0-9]+\.js$/, '')))
  return {
    app: withPlugin.app,
    plugin: pkg,
    addedGzip: withPlugin.initial.gzip - base.initial.gzip,
    addedRaw: withPlugin.initial.raw - base.initial.raw,
    pluginInitialBytes,
    pluginModules,
    eager: pluginModules.filter((m) => !REGISTRATION.test(m)),
    lazyGzip: withPlugin.lazyChunks
      .filter((c) => !baseLazy.has(c.file.replace(/-[A-Z0-9]+\.js$/, '')))
      .reduce((a, c) => a + c.gzip, 0),
  }
}

/** One line per plugin: base figure, what the plugin adds, and whether only its registration is eager. */
export function formatPluginCosts(base: BundleReport, costs: PluginCost[]): string[] {
  const kib = (n: number) => (n / 1024).toFixed(2)
  const lines = [
    `| plugin | initial JS gzip (base ${kib(base.initial.gzip)} KiB) | added gzip | added raw | plugin bytes in initial | plugin modules in initial | eager beyond registration | new lazy gzip |`,
    '|---|---:|---:|---:|---:|---|---|---:|',
  ]
  for (const c of costs) {
    const app = base.initial.gzip + c.addedGzip
    lines.push(
      `| ${c.plugin} | ${kib(app)} KiB | ${c.addedGzip} B | ${c.addedRaw} B | ${c.pluginInitialBytes} B | ${c.pluginModules.map((m) => `\`${m.replace(/^.*plugins\//, 'plugins/')}\``).join(', ') || '–'} | ${c.eager.length === 0 ? 'none' : `**${c.eager.join(', ')}**`} | ${kib(c.lazyGzip)} KiB |`,
    )
  }
  return lines
}

/** Issue 14: the minimal app's initial JS grows by at most 5 KiB gz with the embedded wallet installed. */
export const EMBEDDED_WALLET_BUDGET_GZIP = 5 * 1024

/**
 * Issue 14's budget on the embedded-wallet row: met or missed, and when
 * missed by how much and which of the plugin's modules (beyond its
 * registration) are in the initial JS — those are what must go lazy.
 */
export function checkEmbeddedWalletCost(c: PluginCost): { ok: boolean; line: string } {
  const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`
  const ok = c.addedGzip <= EMBEDDED_WALLET_BUDGET_GZIP
  const head = `issue 14 budget: ${c.plugin} adds ≤ ${kib(EMBEDDED_WALLET_BUDGET_GZIP)} gz to the minimal app's initial JS: ${kib(c.addedGzip)}`
  if (ok) return { ok, line: `${head} — met` }
  const modules = c.pluginModules.map((m) => m.replace(/^.*plugins\//, 'plugins/'))
  return {
    ok,
    line: `${head} — **missed** by ${kib(c.addedGzip - EMBEDDED_WALLET_BUDGET_GZIP)}; plugin modules in the initial JS: ${modules.join(', ') || '–'}${c.eager.length ? `; eager beyond registration (to make lazy): ${c.eager.map((m) => m.replace(/^.*plugins\//, 'plugins/')).join(', ')}` : ''}`,
  }
}
