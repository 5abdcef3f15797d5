// Issue 21 "Framework-free mount": the plain HTML example (examples/html) in
// real Chromium — a page with no framework of its own and one module script,
// Portico's <portico-button> / <portico-network-button> and a mountPortico()
// panel, the EIP-6963 dev wallet on the global setup's anvil devnet.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, useBrowser } from '../harness/index.js'
import { type StaticServer, startStaticServer } from '../harness/static-server.js'
import { currentWorld } from '../harness/world.js'
import { DEV_WALLET, eventually, sel, shortAddress, textOf } from './demo.js'

const repoRoot = join(import.meta.dirname, '../../..')
const exampleDir = join(repoRoot, 'examples/html')
const outDir = join(repoRoot, `e2e/test-results/html-dist-${process.pid}`)

const HEADER_BUTTON = 'portico-button [data-portico-button]'
const NETWORK_BUTTON = 'portico-network-button [data-portico-button="network"]'
const PANEL = '#mounted'

/** `vite build` of examples/html with its own config, into a folder of this run. */
async function buildExample(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const require = createRequire(join(repoRoot, 'package.json'))
  const viteBin = join(require.resolve('vite/package.json').replace(/package\.json$/, ''), 'bin/vite.js')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: exampleDir, stdio: ['ignore', 'inherit', 'inherit'] },
    )
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build of examples/html exited ${code}`)),
    )
  })
}

describe('plain HTML page (no framework) with @portico/html', () => {
  const browser = useBrowser()
  let server: StaticServer | undefined
  const world = () => currentWorld()

  beforeAll(async () => {
    await buildExample()
    const { chains, fixtures } = world()
    server = await startStaticServer({
      root: outDir,
      json: {
        '/devnet.json': {
          chains,
          tokens: fixtures.tokens.map((t) => ({ ...t, name: t.symbol })),
        },
      },
    })
  }, 300_000)
  afterAll(async () => {
    await server?.close()
    rmSync(outDir, { recursive: true, force: true })
  })

  async function openPage(): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await browser.newPage()
    await page.goto(server!.url)
    await page.locator(HEADER_BUTTON).waitFor({ timeout: 20_000 })
    return { page, errors }
  }

  it('the built page is plain HTML with one module script and no framework of its own', async () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/[^"]+\.js"/)
    expect(html).toContain('<portico-button></portico-button>')
    const { page, errors } = await openPage()
    // The custom elements were defined by the page's call, and render Portico's buttons inside.
    expect(await page.evaluate(() => Boolean(customElements.get('portico-button')))).toBe(true)
    expect(await page.evaluate(() => Boolean(customElements.get('portico-network-button')))).toBe(true)
    expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(1)
    expect(await textOf(page.locator(HEADER_BUTTON))).toBe('Connect Wallet')
    expect(await textOf(page.locator(`${PANEL} [data-portico-button="connect"]`))).toBe(
      'Connect from the panel',
    )
    expect(await textOf(page.locator(NETWORK_BUTTON))).toContain('Anvil')
    await screenshot(page, 'html-mount-disconnected')
    expect(errors).toEqual([])
  })

  it('<portico-button> → Connect → Portico Dev Wallet: the button shows the address, the panel too', async () => {
    const { page, errors } = await openPage()
    await page.locator(HEADER_BUTTON).click()
    const connect = page.locator(sel.view('Connect'))
    await connect.waitFor({ state: 'visible', timeout: 15_000 })
    await screenshot(page, 'html-mount-connect-view')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const address = world().fixtures.accounts[0]!
    const short = shortAddress(address)
    await eventually(async () => {
      expect(await textOf(page.locator('portico-button [data-portico-button="account"]'))).toContain(short)
    }, 20_000)
    // The modal moved on to Account or closed (SPEC §2 allows both): close it to see the page.
    if (await page.locator(sel.dialog).isVisible()) {
      await page.locator(sel.view('Account')).waitFor({ state: 'visible', timeout: 15_000 })
      await page.keyboard.press('Escape')
      await page.locator(sel.dialog).waitFor({ state: 'detached', timeout: 5_000 })
    }
    await eventually(async () => {
      expect(await textOf(page.locator('portico-button [data-portico-button="account"]'))).toContain('ETH')
      expect(await textOf(page.locator(`${PANEL} [data-portico-button="account"]`))).toContain(short)
      expect(await textOf(page.locator('#status'))).toBe(`Connected: ${address} on eip155:31337`)
    }, 15_000)
    await screenshot(page, 'html-mount-connected')
    // The account button opens the same modal on Account.
    await page.locator('portico-button [data-portico-button="account"]').click()
    await page.locator(sel.view('Account')).waitFor({ state: 'visible', timeout: 15_000 })
    expect(await textOf(page.locator(sel.view('Account')))).toContain(short)
    await screenshot(page, 'html-mount-account-view')
    expect(await page.locator('[data-portico-modal]').count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('the unmount function empties the panel and leaves the custom elements working; mounting again restores it', async () => {
    const { page, errors } = await openPage()
    await page.locator('#toggle-mount').click()
    await eventually(async () => expect(await page.locator(`${PANEL} *`).count()).toBe(0))
    expect(await page.locator('#toggle-mount').textContent()).toBe('Mount again')
    // The header's elements still hold the instance and its one modal.
    expect(await page.locator('[data-portico-modal]').count()).toBe(1)
    await page.locator(NETWORK_BUTTON).click()
    await page.locator(sel.view('Networks')).waitFor({ state: 'visible', timeout: 15_000 })
    await page.keyboard.press('Escape')
    await page.locator(sel.dialog).waitFor({ state: 'detached', timeout: 5_000 })
    await page.locator('#toggle-mount').click()
    await page.locator(`${PANEL} [data-portico-button="connect"]`).waitFor({ timeout: 5_000 })
    await screenshot(page, 'html-mount-remounted')
    expect(errors).toEqual([])
  })
})
