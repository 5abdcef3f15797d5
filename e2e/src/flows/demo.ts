import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { beforeAll, expect } from 'vitest'
import { type OpenedPage, useBrowser } from '../harness/fixture.js'
import { type E2eWorld, getWorld } from '../harness/world.js'

/** What the demo puts on `window.__portico` (examples/demo/src/main.tsx), as far as the tests use it. */
export interface DemoGlobal {
  portico: { getState(): unknown; router: { push(view: string, data?: unknown): void } }
  wallet: {
    setBehaviour(behaviour: 'approve' | 'reject' | 'hold'): void
    rejectNext(): void
    holdNext(): void
    releaseAll(): void
    rejectAll(): void
    selectChain(chainId: number): void
    readonly currentChainId: number
    provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }
  }
  devnet: { chains: { chainId: number; rpcUrl: string }[] }
}

/** The parts of the Portico state snapshot the tests read. */
export interface StateView {
  accounts: {
    eip155?: {
      address: string
      status: string
      tokenBalance?: { symbol: string; quantity: { numeric: string } }[]
    }
    solana?: { address: string; status: string }
  }
  networks: { active: { eip155?: string }; unsupported: { eip155?: boolean } }
}

declare global {
  interface Window {
    __portico?: DemoGlobal
    __pwned?: unknown
  }
}

/** The floating modal's host (the demo also shows an embedded instance, `[data-embedded]`). */
const MODAL = '[data-portico-modal]:not([data-embedded])'

/**
 * Selectors of the modal's documented contract (ARCHITECTURE.md "UI" and the
 * @portico/react components). Playwright's CSS engine pierces the open shadow root.
 */
export const sel = {
  connectButton: '[data-portico-button="connect"]',
  accountButton: '[data-portico-button="account"]',
  networkButton: '[data-portico-button="network"]',
  modalHost: MODAL,
  overlay: `${MODAL} [data-portico-overlay]`,
  dialog: `${MODAL} [role="dialog"]`,
  view: (name: string) => `${MODAL} [data-view="${name}"]`,
  wallet: (name: string) => `${MODAL} [data-view="Connect"] [data-connector-id]:has-text("${name}")`,
  network: (caip: string) => `[data-network-id="${caip}"]`,
} as const

export const DEV_WALLET = 'Portico Dev Wallet'

/** Waits for the demo to be interactive: the connect button (or the account button) and `window.__portico`. */
export async function gotoDemo(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => Boolean(window.__portico), null, { timeout: 20_000 })
  await page.locator(`${sel.connectButton}, ${sel.accountButton}`).first().waitFor({ timeout: 20_000 })
}

/**
 * A test file's setup on the built demo: one Chromium (the harness's `useBrowser`)
 * and the global setup's world, read before the first test. `open` gives a fresh
 * guarded page with the demo loaded.
 */
export function useDemo() {
  const browser = useBrowser()
  let world: (E2eWorld & { demoUrl: string }) | undefined
  beforeAll(() => {
    world = getWorld()
  })
  const demo = {
    browser,
    /** The global setup's world (read inside a test or hook). */
    get world(): E2eWorld & { demoUrl: string } {
      if (!world) throw new Error('useDemo: the world is read before the setup ran (read it inside a test)')
      return world
    },
    async open(options: BrowserContextOptions = {}): Promise<OpenedPage> {
      const opened = await browser.newPage(options)
      await gotoDemo(opened.page, demo.world.demoUrl)
      return opened
    },
  }
  return demo
}

/** Open → Connect: clicks the connect button and resolves with the Connect view. */
export async function openConnect(page: Page): Promise<Locator> {
  await page.locator(sel.connectButton).click()
  return expectView(page, 'Connect')
}

export function dialog(page: Page): Locator {
  return page.locator(sel.dialog)
}

export function view(page: Page, name: string): Locator {
  return page.locator(sel.view(name))
}

/** Resolves when the named view is the one shown in the dialog. */
export async function expectView(page: Page, name: string, timeout = 15_000): Promise<Locator> {
  const v = view(page, name)
  await v.waitFor({ state: 'visible', timeout })
  return v
}

/** A JSON copy of the state of the demo's floating-modal instance (`window.__portico.portico`). */
export async function porticoState(page: Page): Promise<StateView> {
  // Host requests in state keep their bigint values: JSON carries them as decimal strings.
  return page.evaluate(() =>
    JSON.parse(
      JSON.stringify(window.__portico!.portico.getState(), (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    ),
  )
}

/** The dev wallet's behaviour switch exposed by the demo (`window.__portico.wallet`). */
export async function devWallet(
  page: Page,
  action: 'rejectNext' | 'holdNext' | 'releaseAll' | 'approve',
): Promise<void> {
  await page.evaluate((a) => {
    const wallet = window.__portico?.wallet
    if (!wallet) throw new Error('the demo does not expose the dev wallet on window.__portico.wallet')
    if (a === 'approve') wallet.setBehaviour('approve')
    else wallet[a]()
  }, action)
}

/**
 * After a wallet was picked: the modal either moves on to Account or closes
 * on success (both are allowed by SPEC §2); in the latter case reopen it from
 * the account button, which must then show Account.
 */
export async function expectAccountAfterConnect(page: Page): Promise<Locator> {
  const account = view(page, 'Account')
  await page
    .locator(`${sel.view('Account')}, ${sel.accountButton}`)
    .first()
    .waitFor({ timeout: 20_000 })
  await page.waitForFunction(
    () => {
      const state = window.__portico!.portico.getState() as StateView
      return state.accounts.eip155?.status === 'connected'
    },
    null,
    { timeout: 20_000 },
  )
  if (!(await account.isVisible())) {
    await dialog(page)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {})
    if (!(await account.isVisible())) await page.locator(sel.accountButton).click()
  }
  await account.waitFor({ state: 'visible', timeout: 15_000 })
  return account
}

/** Open → Connect → Portico Dev Wallet → Account. */
export async function connectDevWallet(page: Page): Promise<Locator> {
  await openConnect(page)
  await page.locator(sel.wallet(DEV_WALLET)).click()
  return expectAccountAfterConnect(page)
}

/** Polls `fn` until it stops throwing (for values that settle a little after a view shows). */
export async function eventually<T>(fn: () => Promise<T>, timeout = 10_000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    try {
      return await fn()
    } catch (error) {
      if (Date.now() > end) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/** `0xf39Fd6…2266` → the way the UI shortens addresses (6 leading, 4 trailing characters). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * The text a screen reader announces: `textOf` without `aria-hidden` parts (a wallet icon's
 * fallback letter is shown when its image cannot load, and is decoration).
 */
export async function spokenTextOf(locator: Locator): Promise<string> {
  const text = await locator.evaluate((el) => {
    const copy = el.cloneNode(true) as Element
    for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove()
    return copy.textContent ?? ''
  })
  return text.replace(/\s+/g, ' ').trim()
}

export { expect }

/** Picks the theme with the demo's theme toggle (a radio group "Theme": Light / Dark / System). */
export async function setTheme(page: Page, mode: 'light' | 'dark' | 'system'): Promise<void> {
  const radio = page
    .getByRole('radiogroup', { name: 'Theme' })
    .getByRole('radio', { name: mode, exact: false })
  await radio.click()
  expect(await radio.getAttribute('aria-checked')).toBe('true')
}

/** axe on the floating dialog: its serious and critical violations, one line each (empty when clean). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include([[MODAL, '[role="dialog"]']])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target.at(-1))).join('; ')}`)
}
