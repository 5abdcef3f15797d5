import { type Browser, chromium } from 'playwright-core'
import { serveDir } from './serve.js'

export type Detector = 'portico' | 'appkit' | 'rainbowkit' | 'floor'

export interface LatencyTarget {
  app: string
  /** Built app folder (index.html + chunks). */
  dir: string
  detector: Detector
  /** Announce this many EIP-6963 wallets before the app loads. */
  wallets?: number
  /** Only navigation → button (the wagmi + viem floor has a button and no dialog). */
  buttonOnly?: boolean
}

export interface LatencySample {
  /** navigation start → connect button in the DOM with a non-empty box (ms). */
  button: number
  /** click on the button → dialog in the DOM with a non-empty box (ms). */
  dialog: number
  /** click → Connect view listing every announced wallet (ms); only with `wallets`. */
  walletsListed?: number
  /** click → the Connect view with its connect methods laid out (ms); Portico only. */
  connectView?: number
}

/** What the init script records in the page (ms since navigation start). */
interface BenchMarks {
  button?: number
  click?: number
  dialog?: number
  walletsListed?: number
  connectView?: number
}

declare global {
  interface Window {
    __bench?: BenchMarks
  }
}

export interface LatencyReport {
  app: string
  runs: number
  button: number
  /** Undefined for a button-only app (the floor). */
  dialog?: number
  walletsListed?: number
  /** click → Connect view laid out with its connect methods (Portico only). */
  connectView?: number
  /** Non-loopback requests the app tried during the runs (all were aborted). */
  blocked: string[]
}

/**
 * Debian Chromium with LOCAL-WORLD.md's flags (never a downloaded browser).
 * Non-loopback traffic is cut without intercepting requests (interception
 * would add a round trip to this process per request and skew the timings):
 * everything goes to a proxy on a closed loopback port, and Chromium always
 * bypasses proxies for loopback — so only 127.0.0.1 / localhost is reachable.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      // Not Playwright's `proxy` option: that one forces loopback through the proxy too.
      '--proxy-server=http://127.0.0.1:9',
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Where each app's button and dialog are, and how to click it (Playwright selectors pierce shadow roots). */
const CLICK: Record<Detector, string> = {
  portico: '[data-portico-button="connect"]',
  appkit: 'wui-connect-button button',
  rainbowkit: '[data-testid="rk-connect-button"]',
  floor: '#root button',
}

/**
 * Runs in the page before any app script. Marks (performance.mark) the first
 * moment the button, then — after the click — the dialog, exist with a layout
 * box. Checks run on every DOM mutation (observers on the document and on
 * every shadow root as it is attached), so the times are those of the DOM
 * commit, not of the next animation frame.
 */
function instrument({ detector, wallets }: { detector: Detector; wallets: number }) {
  if (wallets > 0) {
    const icon =
      'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%2336c"/%3E%3C/svg%3E'
    const details = Array.from({ length: wallets }, (_, i) =>
      Object.freeze({
        info: Object.freeze({
          uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          name: `Bench Wallet ${i + 1}`,
          icon,
          rdns: `dev.bench.wallet${i + 1}`,
        }),
        provider: {
          request: async ({ method }: { method: string }) =>
            method === 'eth_chainId' ? '0x1' : method === 'eth_accounts' ? [] : null,
          on() {},
          removeListener() {},
        },
      }),
    )
    const announce = () => {
      for (const detail of details)
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    }
    window.addEventListener('eip6963:requestProvider', announce)
  }

  const roots: Array<Document | ShadowRoot> = [document]
  const find = (selector: string): Element | null => {
    for (const r of roots) {
      const el = r.querySelector(selector)
      if (el) return el
    }
    return null
  }
  const boxed = (el: Element | null | undefined): el is Element => {
    if (!el) return false
    const b = el.getBoundingClientRect()
    if (b.width <= 0 || b.height <= 0) return false
    const cs = getComputedStyle(el)
    return cs.visibility !== 'hidden' && cs.display !== 'none'
  }
  const detect: Record<Detector, { button(): Element | null; dialog(): Element | null }> = {
    portico: {
      button: () => find('[data-portico-button="connect"]'),
      dialog: () => find('[role="dialog"]'),
    },
    appkit: {
      button: () => find('wui-connect-button')?.shadowRoot?.querySelector('button') ?? null,
      dialog: () => find('w3m-modal')?.shadowRoot?.querySelector('wui-card') ?? null,
    },
    rainbowkit: {
      button: () => find('[data-testid="rk-connect-button"]'),
      dialog: () => find('[role="dialog"]'),
    },
    floor: {
      button: () => find('#root button'),
      dialog: () => null,
    },
  }
  const d = detect[detector]
  const s: BenchMarks = {}
  window.__bench = s

  const check = () => {
    const now = performance.now()
    if (s.button === undefined && boxed(d.button())) {
      s.button = now
      performance.mark('bench:button-visible')
    }
    if (s.click !== undefined && s.dialog === undefined && boxed(d.dialog())) {
      s.dialog = now
      performance.mark('bench:dialog-visible')
    }
    if (detector === 'portico' && s.dialog !== undefined && s.connectView === undefined) {
      const view = find('[data-view="Connect"]')
      if (boxed(view) && view.querySelector('button')) {
        s.connectView = now
        performance.mark('bench:connect-view')
      }
    }
    if (wallets > 0 && s.dialog !== undefined && s.walletsListed === undefined) {
      const view = find('[data-view="Connect"]')
      if (view && view.querySelectorAll('[data-connector-id]').length >= wallets) {
        const names = view.textContent ?? ''
        if (names.includes(`Bench Wallet ${wallets}`)) {
          s.walletsListed = now
          performance.mark('bench:wallets-listed')
        }
      }
    }
  }
  const observer = new MutationObserver(check)
  const observe = (root: Node) =>
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
  observe(document)
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init)
    roots.push(root)
    observe(root)
    return root
  }
  addEventListener(
    'click',
    () => {
      if (s.click !== undefined) return
      s.click = performance.now()
      performance.mark('bench:click')
      queueMicrotask(check)
    },
    true,
  )
  // CSS-only changes (an animation making a node visible) trigger no mutation: poll too.
  const poll = () => {
    check()
    if (
      s.dialog === undefined ||
      (wallets > 0 && s.walletsListed === undefined) ||
      (detector === 'portico' && s.connectView === undefined)
    )
      setTimeout(poll, 4)
  }
  poll()
}

/**
 * The init script as source. tsx compiles with esbuild's keepNames, whose
 * `__name(...)` helper does not exist in the page: a local no-op stands in.
 */
function instrumentSource(target: LatencyTarget): string {
  const arg = JSON.stringify({ detector: target.detector, wallets: target.wallets ?? 0 })
  return `(() => { const __name = (f) => f; (${instrument.toString()})(${arg}) })()`
}

/**
 * Median of `runs` page loads in fresh contexts: navigation → button,
 * click → dialog (and → all wallets listed). Every non-loopback request is
 * aborted and recorded: the apps run with loopback only.
 */
export async function measureLatency(
  browser: Browser,
  target: LatencyTarget,
  runs = 20,
): Promise<LatencyReport> {
  const server = await serveDir(target.dir)
  const blocked: string[] = []
  const samples: LatencySample[] = []
  try {
    for (let i = 0; i <= runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      // Passive: records what the app tried to reach (the proxy makes it fail).
      context.on('request', (request) => {
        const url = new URL(request.url())
        if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol !== 'data:')
          blocked.push(url.href)
      })
      await context.addInitScript({ content: instrumentSource(target) })
      const page = await context.newPage()
      try {
        await page.goto(`${server.url}/`, { waitUntil: 'commit' })
        await page.waitForFunction(() => window.__bench?.button !== undefined, null, {
          timeout: 30_000,
        })
        if (target.buttonOnly) {
          const button = (await page.evaluate(() => window.__bench?.button)) as number
          if (i > 0) samples.push({ button, dialog: Number.NaN })
          continue
        }
        // Let the load settle (the app's idle work) so the click measures opening, not start-up.
        await page.waitForLoadState('load')
        await page.waitForTimeout(300)
        await page.locator(CLICK[target.detector]).first().click({ timeout: 10_000 })
        await page.waitForFunction(
          (w) => {
            const s = window.__bench
            return (
              s?.dialog !== undefined &&
              (w.wallets === 0 || s.walletsListed !== undefined) &&
              (!w.portico || s.connectView !== undefined)
            )
          },
          { wallets: target.wallets ?? 0, portico: target.detector === 'portico' },
          { timeout: 30_000 },
        )
        const s = (await page.evaluate(() => window.__bench)) as Required<
          Omit<BenchMarks, 'walletsListed' | 'connectView'>
        > &
          Pick<BenchMarks, 'walletsListed' | 'connectView'>
        // Run 0 warms the OS file cache and Chromium's code caches; it is not counted.
        if (i > 0) {
          samples.push({
            button: s.button,
            dialog: s.dialog - s.click,
            walletsListed: s.walletsListed !== undefined ? s.walletsListed - s.click : undefined,
            connectView: s.connectView !== undefined ? s.connectView - s.click : undefined,
          })
        }
      } finally {
        await context.close()
      }
    }
  } finally {
    await server.close()
  }
  const listed = samples.map((x) => x.walletsListed).filter((x): x is number => x !== undefined)
  const connect = samples.map((x) => x.connectView).filter((x): x is number => x !== undefined)
  return {
    app: target.app,
    runs: samples.length,
    button: median(samples.map((x) => x.button)),
    dialog: target.buttonOnly ? undefined : median(samples.map((x) => x.dialog)),
    walletsListed: listed.length ? median(listed) : undefined,
    connectView: connect.length ? median(connect) : undefined,
    blocked: [...new Set(blocked)],
  }
}

export function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b)
  const mid = Math.floor(v.length / 2)
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2
}
