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

/** `portico.siwx` state of the demo's floating instance. */
async function siwxState(
  page: Page,
): Promise<{ status: string; message?: string; session?: { id: string } }> {
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
    const apiUrl = await gateway.listen()
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
    await view.getByRole('button', { name: 'Disconnect' }).click()
    await eventually(
      async () =>
        expect((await porticoState(page)).accounts.eip155?.status ?? 'disconnected').toBe('disconnected'),
      15_000,
    )
    await page.locator(sel.connectButton).waitFor()
  })
})
