import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getEvmFixtures, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Frame, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectView, gotoDemo, porticoState, sel, textOf } from './demo.js'
import { codeFrom, emailLogin } from './embedded-login.js'

// Issue 14, "Security tests" and the SPEC §9 time-outs: the signer frame answers only the page
// that embeds it on an allowlisted origin, the dApp page listens only to that frame, no key
// material reaches the dApp page, and a stalled gateway ends in SPEC's alerts (time-outs
// shortened through the plugin's options; their SPEC defaults are asserted in the plugin's unit test).

/** A loopback HTTP server on a free port; `handler` gets every request. */
async function serve(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; origin: string; close(): Promise<void> }> {
  const server = createServer(handler)
  const sockets = new Set<Socket>()
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Records every message a top-level page receives (origin and data) in `window.__seen`. */
const RECORD_MESSAGES = `if (window.top === window) {
  window.__seen = []
  addEventListener('message', (e) => {
    let data
    try { data = JSON.stringify(e.data) } catch { data = String(e.data) }
    window.__seen.push({ origin: e.origin, data })
  }, true)
}`

type Seen = { origin: string; data: string }[]
const seenOf = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen)

describe('embedded wallet security (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let gateway: Gateway | undefined
  let apiUrl = ''
  let frameUrl = ''
  let demo: DemoProxy | undefined
  let stalledLoadDemo: DemoProxy | undefined
  let stalledOtpDemo: DemoProxy | undefined
  let hostile: Awaited<ReturnType<typeof serve>> | undefined
  let stalled: Awaited<ReturnType<typeof serve>> | undefined
  let stallingSigner: Awaited<ReturnType<typeof serve>> | undefined
  const heldOtp: { count: number } = { count: 0 }

  beforeAll(async () => {
    world = getWorld()
    smtp = await startSmtpCatcher()
    // A gateway that never answers: the signer page does not load.
    stalled = await serve(() => {})
    // The real signer origin, except that mailing a code hangs (a stalled email request).
    stallingSigner = await serve((req, res) => {
      if (req.method === 'POST' && req.url?.startsWith('/v1/auth/email/otp')) {
        heldOtp.count++
        return
      }
      const target = new URL(frameUrl)
      const up = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers)
          r.pipe(res)
        },
      )
      up.on('error', (err) => {
        if (!res.headersSent) res.writeHead(502)
        res.end(String(err))
      })
      req.pipe(up)
    })
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl },
    }))
    stalledLoadDemo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl: stalled!.origin, loadTimeoutMs: 2000 },
    }))
    stalledOtpDemo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl: stallingSigner!.origin, requestTimeoutMs: 3000 },
    }))
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        // The allowlist names the three demo origins only: the hostile page's port is not on it.
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: [demo.url, stalledLoadDemo.url, stalledOtpDemo.url] },
        ],
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3: getEvmFixtures().multicall3,
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-4567',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        },
      }),
    )
    apiUrl = await gateway.listen()
    frameUrl = gateway.signerUrl() as string
    // Another site on another 127.0.0.1 port: embeds the signer page, or opens the dApp and gets
    // handles to its windows (its frames included).
    const dappUrl = demo.url
    hostile = await serve((req, res) => {
      const path = req.url?.split('?')[0]
      const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Elsewhere</title><script>${RECORD_MESSAGES}</script></head><body>`
      if (path === '/embed') {
        // Once claiming to be the dApp (the gateway serves the page, the browser's frame-ancestors
        // check must refuse it), once honestly (the gateway refuses the origin).
        const lying = `${frameUrl}/frame?${new URLSearchParams({ projectId: 'local', origin: dappUrl })}`
        const honest = `${frameUrl}/frame?${new URLSearchParams({ projectId: 'local', origin: hostile!.origin })}`
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          `${head}<h1>Elsewhere</h1><iframe id="lying" src="${lying}"></iframe><iframe id="honest" src="${honest}"></iframe></body></html>`,
        )
        return
      }
      if (path === '/opener') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          `${head}<h1>Elsewhere</h1><button id="open">Open the dApp</button><script>document.getElementById('open').addEventListener('click', () => { window.__w = window.open(${JSON.stringify(dappUrl)}, 'dapp') })</script></body></html>`,
        )
        return
      }
      res.writeHead(404)
      res.end()
    })
  })

  afterAll(async () => {
    await demo?.close()
    await stalledLoadDemo?.close()
    await stalledOtpDemo?.close()
    await hostile?.close()
    await stalled?.close()
    await stallingSigner?.close()
    await gateway?.close()
    await smtp?.close()
  })

  const PASSPHRASE = 'correct horse battery staple'
  async function logIn(page: Page, email: string) {
    return (await emailLogin(page, email, codeFrom(smtp!), { passphrase: PASSPHRASE })).address
  }

  it('the signer page embedded by a site outside the allowlist never runs: frame-ancestors refuses it, the gateway refuses the origin, the frame never answers', async () => {
    const { page } = await browser.newPage()
    const consoleLines: string[] = []
    page.on('console', (m) => consoleLines.push(m.text()))
    await page.goto(`${hostile!.origin}/embed`)
    // Chromium says why it blocked the frame (CSP frame-ancestors with the allowlist's origins).
    await eventually(async () => expect(consoleLines.join('\n')).toMatch(/frame-ancestors/), 15_000)
    expect(consoleLines.join('\n')).toContain(demo!.url)
    // The honest request gets 403 from the gateway.
    const res = await fetch(
      `${frameUrl}/frame?${new URLSearchParams({ projectId: 'local', origin: hostile!.origin })}`,
    )
    expect(res.status).toBe(403)
    // Give a running frame every chance to say "ready": nothing arrives.
    await page.waitForTimeout(3000)
    expect(await seenOf(page)).toEqual([])
    // No frame on the page runs the signer's script (a blocked frame shows the browser's error page).
    for (const f of page.frames().filter((f) => f !== page.mainFrame())) {
      const signer = await f
        .evaluate(() => Boolean(document.querySelector('script[src="/frame.js"]')))
        .catch(() => false)
      expect(signer).toBe(false)
    }
    await screenshot(page, 'embedded-security-foreign-embed')
  })

  it('another window and origin cannot drive the frame or speak for it; the dApp page never receives key material', async () => {
    const { page: elsewhere, context } = await browser.newPage()
    await context.addInitScript(RECORD_MESSAGES)
    await elsewhere.goto(`${hostile!.origin}/opener`)
    const [dapp] = await Promise.all([context.waitForEvent('page'), elsewhere.locator('#open').click()])
    const dappConsole: string[] = []
    dapp.on('console', (m) => dappConsole.push(m.text()))
    await gotoDemo(dapp, demo!.url)
    const address = await logIn(dapp, `sec-${Date.now()}@example.com`)
    const chainId = world.chains[0]!.chainId

    // (b) The other site has a handle to every frame of the dApp window: a sign request, a
    // session read and a logout posted to each (target '*') are dropped unanswered, and logged.
    const posted = await elsewhere.evaluate(
      ({ address, chainId }) => {
        const w = (window as unknown as { __w: Window }).__w
        const env = (id: string, payload: unknown) => ({ portico: 'embedded-wallet', v: 1, id, payload })
        for (let i = 0; i < w.frames.length; i++) {
          const f = w.frames[i]!
          f.postMessage(
            env('h-sign', { type: 'rpc', method: 'personal_sign', params: ['0x6869', address], chainId }),
            '*',
          )
          f.postMessage(env('h-session', { type: 'session.get' }), '*')
          f.postMessage(env('h-logout', { type: 'logout' }), '*')
        }
        return w.frames.length
      },
      { address, chainId },
    )
    expect(posted).toBeGreaterThan(0)
    await eventually(async () =>
      expect(dappConsole.join('\n')).toContain(
        `[portico signer] ignored a message from ${hostile!.origin}: not the parent window`,
      ),
    )
    await dapp.waitForTimeout(2000)
    expect(await seenOf(elsewhere)).toEqual([])
    // No approval was asked for, and the logout did not happen.
    expect(await dapp.locator('iframe[data-portico-signer]').isVisible()).toBe(false)
    expect((await porticoState(dapp)).accounts.eip155?.status).toBe('connected')

    // (c) While the frame asks the visitor to approve, the other origin posts signer-shaped
    // messages to the dApp window (hide the UI, a forged ready, a forged reply): the plugin ignores them.
    const message = 'Only the visitor approves this'
    const signing = dapp.evaluate(
      (m) =>
        (
          window.__portico!.portico as unknown as {
            signMessage(p: { message: string; namespace: string }): Promise<string>
          }
        ).signMessage({ message: m, namespace: 'eip155' }),
      message,
    )
    const frame = dapp.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    await elsewhere.evaluate(() => {
      const w = (window as unknown as { __w: Window }).__w
      w.postMessage({ portico: 'embedded-wallet', v: 1, event: 'ui', visible: false }, '*')
      w.postMessage({ portico: 'embedded-wallet', v: 1, event: 'ready' }, '*')
      w.postMessage({ portico: 'embedded-wallet', v: 1, id: 'forged', ok: true, result: '0xdead' }, '*')
    })
    await eventually(async () =>
      expect(dappConsole.join('\n')).toContain(
        `[portico] embedded wallet: ignored a signer-shaped message from ${hostile!.origin}`,
      ),
    )
    expect(await dapp.locator('iframe[data-portico-signer]').isVisible()).toBe(true)
    await screenshot(dapp, 'embedded-security-approval-kept')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    // (d) Every message the dApp page received during login and signing, scanned for the shares
    // (read here with the test's privileges: the device share from the frame origin's IndexedDB,
    // the auth share from the gateway with the frame's session) and for the session token.
    const signer = dapp.frames().find((f) => f.url().startsWith(`${frameUrl}/frame`)) as Frame
    const secrets = await signer.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('portico-embedded-wallet', 1)
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const r = db.transaction('device-shares').objectStore('device-shares').getAll()
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
      const [key, token] =
        Object.entries(localStorage).find(([k]) => k.startsWith('portico-ew-session:')) ?? []
      // The session key names the project the session is bound to (portico-ew-session:<projectId>).
      return { device: all.map(String), token: token ?? '', project: key?.split(':')[1] ?? '' }
    })
    expect(secrets.device).toHaveLength(1)
    expect(secrets.token.length).toBeGreaterThan(20)
    const auth = (await (
      await fetch(`${frameUrl}/v1/auth/share`, {
        headers: { authorization: `Bearer ${secrets.token}`, 'x-portico-project': secrets.project },
      })
    ).json()) as { share: string }
    expect(auth.share).toMatch(/^[0-9a-f]{60,}$/)
    const seen = await seenOf(dapp)
    const fromFrame = seen.filter((m) => m.origin === new URL(frameUrl).origin)
    expect(fromFrame.length).toBeGreaterThan(3) // ready, ui, replies: the scan saw the traffic
    const everything = seen.map((m) => m.data).join('\n')
    expect(everything).toContain(signature) // the reply with the signature was captured
    for (const secret of [secrets.device[0]!, auth.share, secrets.token])
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase())
    // Nor any other 32-byte hex run (a private key) besides the signature itself.
    expect(everything.replace(signature, '')).not.toMatch(/[0-9a-f]{64}/i)
  }, 180_000)

  it('a signer origin that never answers: after the frame-load time-out the "Network Error" alert (SPEC §8/§9)', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, stalledLoadDemo!.url)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    const alert = page.locator(`${sel.dialog} [role="alert"][data-code="NETWORK_ERROR"]`)
    await alert.waitFor({ timeout: 15_000 })
    expect(await textOf(alert.locator('strong'))).toBe('Network Error')
    await screenshot(page, 'embedded-timeout-frame-load')
  })

  it('an email request the gateway never answers: after the request time-out "Embedded Wallet Request Timed Out" (SPEC §8/§9)', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, stalledOtpDemo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.getByRole('textbox', { name: 'Email' }).fill(`slow-${Date.now()}@example.com`)
    await connect.getByRole('button', { name: 'Continue' }).click()
    const alert = page.locator(`${sel.dialog} [role="alert"][data-code="EMBEDDED_WALLET_REQUEST_TIMED_OUT"]`)
    await alert.waitFor({ timeout: 20_000 })
    expect(await textOf(alert.locator('strong'))).toBe('Embedded Wallet Request Timed Out')
    // The request really reached the (stalled) gateway: the time-out, not a refusal, ended it.
    expect(heldOtp.count).toBeGreaterThan(0)
    await screenshot(page, 'embedded-timeout-request')
  })
})
