import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from './fixture.js'
import { isAllowedUrl } from './network-guard.js'
import { screenshot } from './screenshot.js'
import { STRICT_CSP, type StaticServer, startStaticServer } from './static-server.js'

// The harness itself: these pass with or without the demo.
describe('e2e harness', () => {
  const browser = useBrowser()
  let root: string
  let server: StaticServer
  let cspServer: StaticServer

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portico-e2e-'))
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><title>t</title><h1 id="h">static ok</h1><script type="module" src="/app.js"></script>',
    )
    writeFileSync(join(root, 'app.js'), "document.body.dataset.js = 'ran'")
    writeFileSync(
      join(root, 'outbound.html'),
      '<!doctype html><img id="x" src="http://example.invalid/pixel.png">',
    )
    server = await startStaticServer({ root, json: { '/config.json': { ok: true } } })
    cspServer = await startStaticServer({ root, csp: true })
  })
  afterAll(async () => {
    await server?.close()
    await cspServer?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('allows only loopback hosts', () => {
    expect(isAllowedUrl('http://127.0.0.1:5173/x')).toBe(true)
    expect(isAllowedUrl('http://localhost:1/')).toBe(true)
    expect(isAllowedUrl('data:image/png;base64,AA==')).toBe(true)
    expect(isAllowedUrl('https://example.com/')).toBe(false)
    expect(isAllowedUrl('http://127.0.0.1.example.com/')).toBe(false)
    expect(isAllowedUrl('wss://relay.example.org/')).toBe(false)
  })

  it('serves the build on 127.0.0.1 with an SPA fallback, and with the strict CSP header when asked', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const plain = await fetch(`${server.url}/some/route`)
    expect(plain.headers.get('content-security-policy')).toBeNull()
    expect(await plain.text()).toContain('static ok')
    const csp = await fetch(`${cspServer.url}/`)
    expect(csp.headers.get('content-security-policy')).toBe(STRICT_CSP)
    expect(await csp.text()).toContain('static ok')
    expect(await (await fetch(`${server.url}/config.json`)).json()).toEqual({ ok: true })
    // An encoded `../` survives URL normalisation: the server must refuse to leave its root.
    const traversal = await fetch(`${server.url}/..%2f..%2f..%2f..%2fetc%2fpasswd`)
    expect(traversal.status).toBe(403)
  })

  it('runs Debian Chromium on a loopback page and saves a screenshot PNG', async () => {
    const { page } = await browser.newPage()
    await page.goto(`${cspServer.url}/`)
    await page.waitForSelector('body[data-js="ran"]')
    expect(await page.textContent('#h')).toBe('static ok')
    const path = await screenshot(page, 'harness-static')
    expect(existsSync(path)).toBe(true)
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG')
  })

  it('blocks and records a request to a non-loopback host', async () => {
    const { page, guard } = await browser.newPage()
    await page.goto(`${server.url}/outbound.html`)
    await page.waitForFunction(() => (document.getElementById('x') as HTMLImageElement).complete)
    expect(guard.blocked).toEqual(['http://example.invalid/pixel.png'])
    expect(() => guard.assertNoOutbound()).toThrow(/non-loopback/)
    guard.clear() // provoked on purpose: the afterEach check must not fail this test
  })
})
