import {
  approveFarcasterSignIn,
  ID_REGISTRY_ADDRESS,
  installIdRegistry,
  type LocalFarcasterRelay,
  loginCodeOf,
  type SmtpCatcher,
  startFarcasterRelay,
  startSmtpCatcher,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { FrameLocator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectView, gotoDemo, porticoState, sel, textOf } from './demo.js'
import {
  codeFrom,
  emailLogin,
  PASSPHRASE,
  requestLoginCode,
  setRecoveryPassphrase,
  typeCodeInFrame,
  waitConnected,
} from './embedded-login.js'

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

// Issue 29, "a hostile page": a script on the allowed dApp origin (here: page.evaluate on the demo)
// styles the signer iframe it owns (see-through, covered, tiny), has the visitor click Approve in the
// first instant, and tries to swap the transaction's `to` after the card showed it. Each fails: the
// frame (real gateway, real createPortico, real Chromium) approves only whole, big enough and after
// its 1000 ms delay, and signs only what its card showed.
const BLOCKED_HIDDEN =
  'Approve is off while this window is covered, see-through or partly off screen. Close whatever covers it.'
const BLOCKED_SMALL = 'Approve is off while this window is smaller than 300 × 300 pixels.'
const BLOCKED_WAIT = 'Approve works a moment after the card appears: read it first, then click again.'
/** signer/src/approve/guard.ts: ACTIVATION_DELAY_MS (1000), with room for the observer's 100 ms. */
const PAST_DELAY_MS = 1400

describe('embedded wallet: a hostile dApp page cannot get Approve clicked (issue 29)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let relay: LocalFarcasterRelay | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshot = ''

  beforeAll(async () => {
    world = getWorld()
    snapshot = await rpc<string>(world.chains[0]!.rpcUrl, 'evm_snapshot', [])
    smtp = await startSmtpCatcher()
    relay = await startFarcasterRelay()
    // The dev custody key registers fid 1 (reverted with the snapshot).
    expect(await installIdRegistry(world.chains[0]!.rpcUrl)).toBe(1n)
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        cache: { balanceTtlMs: 0 },
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
        ],
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-0123',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
          // The attacker below asks for a code right after the visitor's (the page keeps SPEC's 30 s itself).
          resendCooldownMs: 0,
          farcaster: {
            relayUrl: relay.url,
            registry: { rpcUrl: world.chains[0]!.rpcUrl, address: ID_REGISTRY_ADDRESS },
          },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl, farcaster: true },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await smtp?.close()
    await relay?.close()
    if (snapshot) await rpc(world.chains[0]!.rpcUrl, 'evm_revert', [snapshot])
  })

  async function login(page: Page): Promise<`0x${string}`> {
    await gotoDemo(page, demo!.url)
    return (await emailLogin(page, `mallory-${Date.now()}@example.com`, codeFrom(smtp!))).address
  }

  /** The hostile script: styles the iframe it owns (the dApp page may; the frame cannot stop it). */
  const styleFrame = (page: Page, style: Record<string, string>) =>
    page.evaluate((s) => {
      const el = document.querySelector('iframe[data-portico-signer]') as HTMLIFrameElement
      Object.assign(el.style, s)
    }, style)

  /** The visitor's click where Approve is (a real mouse event: `force` skips Playwright's own waiting). */
  async function clickApprove(frame: FrameLocator) {
    await frame.getByRole('button', { name: 'Approve' }).click({ force: true, timeout: 5_000 })
  }
  const notice = (frame: FrameLocator) => textOf(frame.locator('.card .blocked'))

  it('see-through, covered or tiny frame, and a click in the first instant: Approve refuses each; a `to` swapped after display is not signed; the visitor’s real Approve signs what the card showed', async () => {
    const { page } = await browser.newPage()
    const address = await login(page)
    const rpcUrl = world.chains[0]!.rpcUrl
    await rpc(rpcUrl, 'anvil_setBalance', [address, '0x1bc16d674ec80000'])
    const to = world.fixtures.accounts[4] as `0x${string}`
    const attacker = world.fixtures.accounts[5] as `0x${string}`
    const before = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [to, 'latest']))
    const attackerBefore = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [attacker, 'latest']))

    // The page keeps its request object to mutate it later.
    await page.evaluate((recipient) => {
      const w = window as unknown as { __req: { to: string; value: bigint }; __sent: Promise<unknown> }
      w.__req = { to: recipient, value: 10n ** 16n }
      w.__sent = (
        window.__portico!.portico as unknown as {
          sendTransaction(p: { request: { to: string; value: bigint }; namespace: string }): Promise<string>
        }
      )
        .sendTransaction({ request: w.__req, namespace: 'eip155' })
        .then(
          (hash) => ({ hash }),
          (error: Error) => ({ error: error.message }),
        )
    }, to)
    const frame = page.frameLocator('iframe[data-portico-signer]')
    const approve = frame.getByRole('button', { name: 'Approve' })
    await approve.waitFor({ timeout: 30_000 })
    const card = frame.locator('.card')
    const shown = await textOf(card)
    // The card's facts (its lines and whole details), apart from the notice under them.
    const facts = () => card.locator('pre').allTextContents()
    const shownFacts = await facts()
    expect(shown).toContain(`To: ${to}`)
    // The card names the asking origin, once.
    expect(shown.match(/Requested by: /g)).toHaveLength(1)
    expect(shown).toContain(`Requested by: ${new URL(demo!.url).origin}`)

    // 1. A click in the first instant (the card popped up under the pointer): ignored, said so.
    await clickApprove(frame)
    expect(await notice(frame)).toBe(BLOCKED_WAIT)
    expect(await card.isVisible()).toBe(true)

    // 2. Swap the `to` after display: mutate the request object, and post a second request
    //    straight to the frame with the attacker's `to`. The card on screen does not change.
    await page.evaluate(
      ({ evil, frameOrigin }) => {
        const w = window as unknown as { __req: { to: string } }
        w.__req.to = evil
        const el = document.querySelector('iframe[data-portico-signer]') as HTMLIFrameElement
        el.contentWindow!.postMessage(
          {
            portico: 'embedded-wallet',
            v: 1,
            id: 'hostile-1',
            payload: {
              type: 'rpc',
              method: 'eth_signTransaction',
              params: [{ to: evil, value: '0x8ac7230489e80000', gas: '0x5208', nonce: '0x0' }],
              chainId: 31337,
            },
          },
          frameOrigin,
        )
      },
      { evil: attacker, frameOrigin: new URL(gateway!.signerUrl() as string).origin },
    )
    expect(await facts()).toEqual(shownFacts)

    // 3. See-through frame over a decoy (classic clickjacking): IntersectionObserver v2 says not visible.
    await styleFrame(page, { opacity: '0.05' })
    await page.waitForTimeout(PAST_DELAY_MS)
    await clickApprove(frame)
    expect(await notice(frame)).toBe(BLOCKED_HIDDEN)
    await screenshot(page, 'embedded-hostile-transparent')

    // 4. Opaque again, but covered by the page's own element that lets clicks through.
    await styleFrame(page, { opacity: '1' })
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'hostile-cover'
      Object.assign(cover.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        pointerEvents: 'none',
        background: 'rgba(255,255,255,0.9)',
      })
      cover.textContent = 'Claim your free NFT: click the blue button'
      document.body.append(cover)
    })
    await page.waitForTimeout(PAST_DELAY_MS)
    await clickApprove(frame)
    expect(await notice(frame)).toBe(BLOCKED_HIDDEN)
    await screenshot(page, 'embedded-hostile-covered')
    await page.evaluate(() => document.getElementById('hostile-cover')?.remove())

    // 5. Shrunk below the frame's minimum size.
    await styleFrame(page, { width: '220px', height: '220px' })
    await eventually(async () => expect(await notice(frame)).toBe(BLOCKED_SMALL))
    await screenshot(page, 'embedded-hostile-tiny')
    await clickApprove(frame)
    expect(await notice(frame)).toBe(BLOCKED_SMALL)
    // Nothing was signed through all of it.
    expect(
      await page.evaluate(() =>
        Promise.race([(window as unknown as { __sent: Promise<unknown> }).__sent, 'pending']),
      ),
    ).toBe('pending')

    // The page puts the frame back as the plugin had it; the visitor reads the card and clicks Approve.
    await styleFrame(page, { width: '100%', height: '100%' })
    await screenshot(page, 'embedded-hostile-restored')
    // Playwright waits until Approve is no longer aria-disabled: whole, big enough, the delay past.
    await approve.click({ timeout: 10_000 })
    const sent = (await page.evaluate(() => (window as unknown as { __sent: Promise<unknown> }).__sent)) as {
      hash?: `0x${string}`
      error?: string
    }
    expect(sent.error).toBeUndefined()
    const tx = await eventually(async () => {
      const t = await rpc<{ to: string; value: string } | null>(rpcUrl, 'eth_getTransactionByHash', [
        sent.hash,
      ])
      expect(t).not.toBeNull()
      return t!
    }, 20_000)
    // Signed: exactly the `to` and value the card showed.
    expect(tx.to.toLowerCase()).toBe(to.toLowerCase())
    expect(BigInt(tx.value)).toBe(10n ** 16n)
    await eventually(async () =>
      expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [to, 'latest'])) - before).toBe(10n ** 16n),
    )

    // The posted request waits its turn as a card of its own, naming the attacker: never signed unseen.
    await eventually(async () => expect(await textOf(card)).toContain(`To: ${attacker}`))
    await screenshot(page, 'embedded-hostile-second-card')
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [attacker, 'latest']))).toBe(attackerBefore)
  }, 180_000)

  it('the login code and the Farcaster channel token stay in the frame; a session without the passphrase proof gets no recovery share', async () => {
    const { page, context } = await browser.newPage()
    // The hostile script records every message the page gets.
    await context.addInitScript(`if (window.top === window) {
      window.__seen = []
      addEventListener('message', (e) => { try { window.__seen.push(JSON.stringify(e.data)) } catch {} }, true)
    }`)
    await gotoDemo(page, demo!.url)
    const email = `eve-${Date.now()}@example.com`
    const { code } = await requestLoginCode(page, email, codeFrom(smtp!))
    // 1. The code: no field on the page holds it, the frame's document is out of reach, and the frame
    //    refuses a code posted by the page (the v1 `otp.verify` is gone: "Invalid request").
    const frameOrigin = new URL(gateway!.signerUrl() as string).origin
    const probe = await page.evaluate(async (origin) => {
      const inputs: string[] = []
      const walk = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          if (el instanceof HTMLInputElement) inputs.push(el.name || el.type)
          if (el.shadowRoot) walk(el.shadowRoot)
        }
      }
      walk(document)
      const el = document.querySelector('iframe[data-portico-signer]') as HTMLIFrameElement
      const answer = new Promise((resolve) =>
        addEventListener('message', (e) => {
          if (e.origin === origin && e.data?.id === 'hostile-otp') resolve(e.data)
        }),
      )
      el.contentWindow!.postMessage(
        {
          portico: 'embedded-wallet',
          v: 1,
          id: 'hostile-otp',
          payload: { type: 'otp.verify', email: 'x@y.z', code: '123456' },
        },
        origin,
      )
      return { inputs, frameDocument: el.contentDocument === null, answer: await answer }
    }, frameOrigin)
    expect(probe.inputs.filter((n) => n === 'code' || n === 'one-time-code')).toEqual([])
    expect(probe.frameDocument).toBe(true)
    expect(probe.answer).toMatchObject({ ok: false, error: { code: -32602, message: 'Invalid request' } })
    await typeCodeInFrame(page, code)
    await setRecoveryPassphrase(page)
    await waitConnected(page)
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((m) => m.includes(code))).toEqual([])
    const address = (await porticoState(page)).accounts.eip155!.address

    // 2. The recovery share: even with a session of the visitor's account (here minted from the mailbox, as
    //    a script that once read a code could), the gateway wants the passphrase proven online, and counts.
    const signer = gateway!.signerUrl() as string
    const post = async (path: string, json: unknown, token?: string) => {
      const res = await fetch(`${signer}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-portico-project': 'local',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(json),
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    // Matched by recipient and content, not by clock: the login mail to this address whose code is not the visitor's.
    const loginCodesTo = (to: string) =>
      smtp!
        .mails()
        .filter((m) => m.to.includes(to.toLowerCase()))
        .map((m) => loginCodeOf(m))
        .filter((c): c is string => typeof c === 'string')
    expect(loginCodesTo(email)).toEqual([code])
    expect((await post('/v1/auth/email/otp', { projectId: 'local', email })).status).toBe(200)
    const stolenCode = await eventually(async () => {
      const codes = loginCodesTo(email)
      expect(codes).toHaveLength(2)
      return codes[1] as string
    }, 30_000)
    const stolen = (await post('/v1/auth/email/verify', { projectId: 'local', email, code: stolenCode })).body
      .token as string
    const bare = await post('/v1/auth/recovery/release', {}, stolen)
    expect(bare).toMatchObject({ status: 400, body: { code: 'proof_required' } })
    const guess = await post('/v1/auth/recovery/release', { verifier: 'A'.repeat(43) }, stolen)
    expect(guess).toEqual({ status: 200, body: { released: false, attemptsLeft: 4 } })
    // From the page itself, without the frame's session, nothing either.
    const fromPage = await page.evaluate(async (url) => {
      const r = await fetch(`${url}/v1/auth/share`).then(
        (res) => res.status,
        () => 'blocked',
      )
      return r
    }, signer)
    expect([401, 400, 'blocked']).toContain(fromPage)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // 3. Farcaster: the deep link carries the relay's channel token, and the frame draws it in its own card.
    //    The test reads it there (its view of the frame); the page's script looks everywhere it can and
    //    finds it nowhere: not in Portico's state, not in its DOM (shadow roots, attributes), not in a
    //    message, not in the frame's document.
    await page.evaluate(() =>
      (window.__portico!.portico as unknown as { disconnect(): Promise<void> }).disconnect(),
    )
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await expectView(page, 'ConnectingFarcaster')
    const fcCard = page.frameLocator('iframe[data-portico-signer]').locator('.card[data-farcaster]')
    const deepLink = (await fcCard
      .locator('[data-farcaster-open]')
      .getAttribute('href', { timeout: 30_000 })) as string
    const channelToken = new URL(deepLink).searchParams.get('channelToken') as string
    expect(channelToken).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    const pageProbe = await page.evaluate((token) => {
      const found: string[] = []
      const state = JSON.stringify(window.__portico!.portico.getState(), (_k, v) =>
        typeof v === 'bigint' ? v.toString() : v,
      )
      if (state.includes(token)) found.push('state')
      const walk = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          for (const a of el.attributes) if (a.value.includes(token)) found.push(`attribute ${a.name}`)
          if (el.shadowRoot) walk(el.shadowRoot)
        }
        if ((root instanceof Document ? root.documentElement : root).textContent?.includes(token))
          found.push('text')
      }
      walk(document)
      if (JSON.stringify({ ...localStorage }).includes(token)) found.push('localStorage')
      const seen = (window as unknown as { __seen: string[] }).__seen
      if (seen.some((m) => m.includes(token))) found.push('message')
      const el = document.querySelector('iframe[data-portico-signer]') as HTMLIFrameElement
      let frameDocument: string
      try {
        frameDocument = el.contentDocument || el.contentWindow!.document ? 'reachable' : 'unreachable'
      } catch {
        frameDocument = 'unreachable'
      }
      const account = (
        window.__portico!.portico.getState() as { accounts: { eip155?: { farcasterUrl?: string } } }
      ).accounts.eip155
      return { found, frameDocument, farcasterUrl: account?.farcasterUrl }
    }, channelToken)
    expect(pageProbe).toEqual({ found: [], frameDocument: 'unreachable', farcasterUrl: undefined })
    await screenshot(page, 'embedded-hostile-farcaster-card')
    // And had a script got it anyway (the visitor's clipboard after "Copy link"): taken to the gateway by
    // the attacker's own server, the token mints no session without the key only the frame holds.
    const noKey = await post('/v1/auth/farcaster/exchange', { projectId: 'local', channelToken })
    expect(noKey.status).toBe(400)
    const wrongKey = await post('/v1/auth/farcaster/exchange', {
      projectId: 'local',
      channelToken,
      exchangeKey: 'A'.repeat(43),
    })
    expect(wrongKey).toMatchObject({ status: 403, body: { code: 'exchange_key_wrong' } })
    expect(wrongKey.body).not.toHaveProperty('token')
    await approveFarcasterSignIn({ relayUrl: relay!.url, deepLink, fid: 1 })
    // The frame, which alone holds the exchange key, signs the visitor in (a new wallet: its passphrase).
    await setRecoveryPassphrase(page, PASSPHRASE)
    await waitConnected(page)
    expect((await porticoState(page)).accounts.eip155!.address).not.toBe(address)
    const frameSeen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
    expect(frameSeen.filter((m) => m.includes('exchangeKey') || m.includes(channelToken))).toEqual([])
  }, 180_000)
})
