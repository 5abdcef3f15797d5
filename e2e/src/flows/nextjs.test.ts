// Issue 21 "Server-rendered React": examples/nextjs (Next.js App Router) built
// once with `next build`, served by `next start` on a free 127.0.0.1 port
// against the global setup's anvil devnet, in real Chromium. Cookie storage lets
// the server draw the connected account on reload; a per-request nonce CSP
// (set by the app's proxy) must not block anything Portico does.
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { getEvmFixtures } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, useBrowser } from '../harness/index.js'
import { currentWorld } from '../harness/world.js'
import { DEV_WALLET, dialog, eventually, expectView, sel, shortAddress, textOf } from './demo.js'

const repoRoot = join(import.meta.dirname, '../../..')
const exampleDir = join(repoRoot, 'examples/nextjs')
// Relative to the example (Next.js keeps distDir inside the project); one folder per run.
const distDir = `.next-e2e-${process.pid}`
const nextBin = createRequire(join(exampleDir, 'package.json')).resolve('next/dist/bin/next')

interface Violation {
  directive: string
  blocked: string
}

/** A free port on 127.0.0.1 (bound to 0, read back, released) for `next start -p`. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Runs `next <args>` in the example; resolves once `ready` matches its output (or it exits 0). */
function runNext(args: string[], env: Record<string, string>, ready?: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], {
      cwd: exampleDir,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORTICO_NEXT_DIST_DIR: distDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const onData = (chunk: Buffer) => {
      output += String(chunk)
      if (ready?.test(output)) resolve(child)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 && !ready
        ? resolve(child)
        : reject(new Error(`next ${args[0]} exited with ${code}:\n${output.slice(-4000)}`)),
    )
  })
}

describe('examples/nextjs: server-rendered connected state, no hydration mismatch, strict nonce CSP', () => {
  const browser = useBrowser()
  let server: ChildProcess | undefined
  let url = ''
  const address = getEvmFixtures().accounts[0]!.address

  beforeAll(async () => {
    const world = currentWorld()
    const tokens = getEvmFixtures().tokens.map(({ address, symbol, name, decimals }) => ({
      address,
      symbol,
      name,
      decimals,
    }))
    const env = { PORTICO_EXAMPLE_DEVNET: JSON.stringify({ chains: world.chains, tokens }) }
    const t0 = Date.now()
    await runNext(['build', '--webpack'], env)
    console.log(`[nextjs] next build ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const port = await freePort()
    server = await runNext(['start', '-H', '127.0.0.1', '-p', String(port)], env, /Ready in/)
    url = `http://127.0.0.1:${port}/`
  }, 600_000)
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(join(exampleDir, distDir), { recursive: true, force: true })
  })

  /** The server's HTML for a request with these cookies, as a browser would get it before any script ran. */
  async function serverHtml(cookie?: string): Promise<{ html: string; csp: string }> {
    const res = await fetch(url, cookie ? { headers: { cookie } } : {})
    expect(res.status).toBe(200)
    return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' }
  }

  async function openWatched(): Promise<{ page: Page; errors: string[]; messages: string[] }> {
    const { page, errors } = await browser.newPage()
    const messages: string[] = []
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`))
    await page.addInitScript(() => {
      const list: Violation[] = []
      ;(window as unknown as { __cspViolations: Violation[] }).__cspViolations = list
      document.addEventListener('securitypolicyviolation', (e) =>
        list.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
      )
    })
    return { page, errors, messages }
  }
  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)

  it('every response has its own nonce in a strict CSP, and every script carries it; no cookie renders "Connect Wallet"', async () => {
    const first = await serverHtml()
    const second = await serverHtml()
    for (const { html, csp } of [first, second]) {
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce).toBeTruthy()
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`)
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).toContain('data-portico-button="connect"')
      expect(html).toContain('Connect Wallet')
      // No font or stylesheet from another origin.
      expect(html).not.toMatch(/<link[^>]+href="https?:\/\/(?!127\.0\.0\.1)/)
    }
    expect(/'nonce-([^']+)'/.exec(first.csp)?.[1]).not.toBe(/'nonce-([^']+)'/.exec(second.csp)?.[1])
  })

  it('connect the dev wallet, reload: the server HTML already shows the address, hydration is silent, the CSP blocks nothing', async () => {
    const { page, errors, messages } = await openWatched()
    await page.goto(url)
    await page.locator(sel.connectButton).waitFor({ timeout: 20_000 })
    // Hydrated: the button opens the modal.
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await screenshot(page, 'nextjs-connect-view')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    await eventually(
      async () => expect(await textOf(page.locator(sel.accountButton))).toContain(shortAddress(address)),
      20_000,
    )
    if (await dialog(page).count()) {
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    expect(await textOf(page.locator('[data-testid="account-address"]'))).toBe(address)
    await screenshot(page, 'nextjs-connected')

    // The cookies cookie storage wrote are the only state the server gets.
    const cookies = await page.context().cookies(url)
    const names = cookies.map((c) => decodeURIComponent(c.name)).sort()
    expect(names).toEqual(['portico:connections', 'portico:recentAccounts', 'portico:recentConnectors'])
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const { html } = await serverHtml(cookieHeader)
    expect(html).toContain(`<dd data-testid="account-address">${address}</dd>`)
    expect(html).toContain('data-portico-button="account"')
    expect(html).toContain(shortAddress(address))
    expect(html).not.toContain('Connect Wallet')
    expect(html).toContain('Anvil')

    // The reload: the browser hydrates that HTML, then restores the wallet (connected, balance shown).
    const before = messages.length
    await page.reload()
    await page.locator(sel.accountButton).waitFor({ timeout: 20_000 })
    await eventually(
      async () => expect(await textOf(page.locator('[data-testid="account-status"]'))).toBe('connected'),
      20_000,
    )
    await eventually(
      async () => expect(await textOf(page.locator(sel.accountButton))).toContain('ETH'),
      20_000,
    )
    await screenshot(page, 'nextjs-reloaded')
    const afterReload = messages.slice(before)
    expect(afterReload.filter((m) => /hydrat|did not match|mismatch/i.test(m))).toEqual([])
    expect(errors).toEqual([])
    expect(await violations(page)).toEqual([])
  })

  it('disconnect clears the cookies: the next server render is "Connect Wallet" again', async () => {
    const { page, errors } = await openWatched()
    await page.goto(url)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const accountView = await expectView(page, 'Account', 20_000).catch(async () => {
      await page.locator(sel.accountButton).click()
      return expectView(page, 'Account')
    })
    await accountView.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.locator(sel.connectButton).waitFor({ timeout: 15_000 })
    const cookies = await page.context().cookies(url)
    expect(cookies.map((c) => decodeURIComponent(c.name))).toEqual([])
    const { html } = await serverHtml(cookies.map((c) => `${c.name}=${c.value}`).join('; '))
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('<dd data-testid="account-address">Not connected</dd>')
    expect(errors).toEqual([])
    expect(await violations(page)).toEqual([])
  })
})
