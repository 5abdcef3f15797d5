import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  DEV_WALLET,
  dialog,
  eventually,
  expectView,
  gotoDemo,
  openConnect,
  porticoState,
  sel,
  textOf,
} from './demo.js'

/** The part of the demo's Portico instance these checks use (e2e does not depend on @portico/core). */
interface SiwxPage {
  subscribe(listener: (state: { modal: { open: boolean }; router: { view: string } }) => void): unknown
  siwx?: { check(): Promise<{ id: string } | null> }
}

/** `portico.siwx` state of the demo's floating instance. */
async function siwxState(
  page: Page,
): Promise<{ status: string; message?: string; session?: { id: string; token: string } }> {
  return page.evaluate(() => {
    const p = (window as unknown as { __portico: { portico: { siwx?: { getState(): unknown } } } }).__portico
      .portico
    return JSON.parse(JSON.stringify(p.siwx?.getState() ?? { status: 'absent' }))
  })
}

// Issue 18 "Sign-in sessions": the demo with siwx on, a real gateway (SQLite) and the dev wallet on anvil.
describe('sign-in (SIWX) on the demo', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway
  let optional: DemoProxy
  let required: DemoProxy
  let apiUrl: string

  beforeAll(async () => {
    world = getWorld()
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
        })),
      }),
      { indexer: false },
    )
    apiUrl = await gateway.listen()
    const json = (siwx: { required?: boolean }) => (origin: string) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
      siwx,
    })
    ;[optional, required] = await Promise.all([
      serveDemoWith(world.demoUrl, json({})),
      serveDemoWith(world.demoUrl, json({ required: true })),
    ])
  })

  afterAll(async () => {
    await optional?.close()
    await required?.close()
    await gateway?.close()
  })

  async function connectAndSee(page: Page) {
    await openConnect(page)
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const view = await expectView(page, 'SIWXSignMessage')
    await view.locator('[data-testid="siwx-message"]').waitFor({ timeout: 15_000 })
    return view
  }

  it('connect → sign-in prompt shows the CAIP-122 message → Sign in → signed, the modal closes', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, optional.url)
    const view = await connectAndSee(page)
    const host = new URL(optional.url).host
    const address = world.fixtures.accounts[0]!
    const message = await textOf(view.locator('[data-testid="siwx-message"]'))
    expect(message).toContain(`${host} wants you to sign in with your Ethereum account:`)
    expect(message.toLowerCase()).toContain(address.toLowerCase())
    for (const line of [
      `URI: ${optional.url}`,
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: ',
      'Issued At: ',
      'Expiration Time: ',
    ])
      expect(message).toContain(line)
    await screenshot(page, 'view-SIWXSignMessage')

    await view.getByRole('button', { name: 'Sign in' }).click()
    await eventually(async () => expect((await siwxState(page)).status).toBe('signed'), 15_000)
    await dialog(page).waitFor({ state: 'detached' })
    const { session } = await siwxState(page)
    // The gateway stored the session the page got.
    const rows = await gateway.db.query<{ id: string }>('SELECT id FROM siwx_sessions WHERE id = ?', [
      session!.id,
    ])
    expect(rows).toHaveLength(1)
  })

  it('reload keeps the session (no new prompt, /me OK); a server-side revoke is refused at the next check and the modal asks again', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, optional.url)
    const view = await connectAndSee(page)
    await view.getByRole('button', { name: 'Sign in' }).click()
    await eventually(async () => expect((await siwxState(page)).status).toBe('signed'), 15_000)
    await dialog(page).waitFor({ state: 'detached' })
    const before = (await siwxState(page)).session!

    // Reload: the wallet reconnects and the stored session is restored, with no new prompt.
    const prompts: string[] = []
    await page.exposeFunction('__siwxPrompt', (view: string) => prompts.push(view))
    await page.reload()
    await page.waitForFunction(() => Boolean(window.__portico), null, { timeout: 20_000 })
    await page.evaluate(() => {
      const p = (window as unknown as { __portico: { portico: SiwxPage } }).__portico.portico
      p.subscribe((s) => {
        if (s.modal.open)
          void (window as unknown as { __siwxPrompt(v: string): void }).__siwxPrompt(s.router.view)
      })
    })
    await eventually(async () => expect((await siwxState(page)).status).toBe('signed'), 15_000)
    const after = (await siwxState(page)).session!
    expect(after.id).toBe(before.id)
    expect(after.token).toBe(before.token)
    expect(await dialog(page).count()).toBe(0)
    expect(prompts).toEqual([])
    const me = await fetch(`${apiUrl}/v1/siwx/me?projectId=local`, {
      headers: { authorization: `Bearer ${after.token}` },
    })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { id: string }).id).toBe(before.id)
    await screenshot(page, 'siwx-after-reload')

    // The operator revokes it on the gateway: the next call with the token is refused, the modal asks again.
    expect(await gateway.siwx.revoke(before.id)).toBe(true)
    const checked = await page.evaluate(async () => {
      const p = (window as unknown as { __portico: { portico: SiwxPage } }).__portico.portico
      const s = await p.siwx!.check()
      return s ? s.id : null
    })
    expect(checked).toBeNull()
    const again = await expectView(page, 'SIWXSignMessage')
    await again.locator('[data-testid="siwx-message"]').waitFor({ timeout: 15_000 })
    expect((await siwxState(page)).status).toBe('requested')
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.includes('siwx:') && localStorage.getItem(k) !== null),
      ),
    ).toEqual([])
    await screenshot(page, 'siwx-asks-again-after-revoke')
  }, 180_000)

  it('optional sign-in: Cancel leaves the wallet connected and not signed in', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, optional.url)
    const view = await connectAndSee(page)
    await view.getByRole('button', { name: 'Cancel' }).click()
    await dialog(page).waitFor({ state: 'detached' })
    expect((await siwxState(page)).status).toBe('declined')
    expect((await porticoState(page)).accounts.eip155?.status).toBe('connected')
  })

  it('required sign-in: "Disconnect" ends the connection', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, required.url)
    const view = await connectAndSee(page)
    expect(await textOf(view)).toContain(
      'Signing in is required to use this app. Cancelling disconnects your wallet.',
    )
    await screenshot(page, 'view-SIWXSignMessage-required')
    await view.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await eventually(
      async () =>
        expect((await porticoState(page)).accounts.eip155?.status ?? 'disconnected').toBe('disconnected'),
      15_000,
    )
    await page.locator(sel.connectButton).waitFor()
  })
})
