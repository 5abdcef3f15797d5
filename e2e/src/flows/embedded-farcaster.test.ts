import { AxeBuilder } from '@axe-core/playwright'
import {
  approveFarcasterSignIn,
  getEvmFixtures,
  ID_REGISTRY_ADDRESS,
  installIdRegistry,
  type LocalFarcasterRelay,
  startFarcasterRelay,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, snapshotChains, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  dialog,
  eventually,
  expectAccountAfterConnect,
  expectView,
  gotoDemo,
  porticoState,
  sel,
  seriousViolations,
  setTheme,
  textOf,
} from './demo.js'
import { setRecoveryPassphrase, signerFrame } from './embedded-login.js'

type Eip155 = { status?: string; address?: string; farcasterUrl?: string; user?: { userName?: string } }
const eip155 = async (page: Page) => ((await porticoState(page)).accounts.eip155 ?? {}) as Eip155

/** The signer frame's Farcaster card (signer/src/farcaster-card): issue 29, the QR code is drawn there. */
const farcasterCard = (page: Page) => signerFrame(page).locator('.card[data-farcaster]')

/**
 * Connect → "Continue with Farcaster" → ConnectingFarcaster, and the frame's card with its QR code;
 * answers the deep link, read from the card (the test's view of the frame, which no page script has).
 */
async function openFarcaster(page: Page, shot?: string): Promise<string> {
  await page.locator(sel.connectButton).click()
  const connect = await expectView(page, 'Connect')
  const button = connect.getByRole('button', { name: 'Continue with Farcaster' })
  await button.waitFor({ timeout: 20_000 })
  if (shot) await screenshot(page, shot)
  await button.click()
  await expectView(page, 'ConnectingFarcaster')
  const card = farcasterCard(page)
  await card.getByRole('img', { name: 'QR code to log in with Farcaster' }).waitFor({ timeout: 30_000 })
  return (await card.locator('[data-farcaster-open]').getAttribute('href')) as string
}

/** axe on the frame's Farcaster card, light and dark: serious and critical violations. */
async function cardViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include({ fromFrames: ['iframe[data-portico-signer]', '.card[data-farcaster]'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join('; ')}`)
}

// Issue 14: Sign In With Farcaster through the devnet's relay, its dev Farcaster client and the ID registry on anvil.
describe('embedded wallet: Farcaster login (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let relay: LocalFarcasterRelay | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let restore: (() => Promise<void>) | undefined
  /** SPEC §9's request time-out the demo runs with (shortened by the time-out test only). */
  let requestTimeoutMs: number | undefined

  beforeAll(async () => {
    world = getWorld()
    restore = await snapshotChains(world.chains)
    relay = await startFarcasterRelay()
    const rpcUrl = world.chains[0]!.rpcUrl
    // The dev custody key registers fid 1 (a real register() on anvil; reverted with the snapshot).
    expect(await installIdRegistry(rpcUrl)).toBe(1n)
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
          multicall3: getEvmFixtures().multicall3,
          tokens: world.fixtures.tokens,
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-0123',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: 2525, from: 'login@portico.test' },
          farcaster: { relayUrl: relay.url, registry: { rpcUrl, address: ID_REGISTRY_ADDRESS } },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl, farcaster: true, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await relay?.close()
    await restore?.()
  })

  it('Connect → Farcaster → QR and deep link in the signer frame’s card → the dev client approves → connected as @portico-dev with an address in Account → balance, and Send after Approve moves 0.1 ETH → reload keeps it → sign-out ends it', async () => {
    const { page, context } = await browser.newPage()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(demo!.url).origin,
    })
    await gotoDemo(page, demo!.url)
    const link = await openFarcaster(page, 'embedded-farcaster-Connect')
    expect(link).toMatch(/^farcaster:\/\/connect\?/)
    const view = await expectView(page, 'ConnectingFarcaster')
    const card = farcasterCard(page)
    // The card's QR code carries the same link; the page's account state never holds it (issue 29).
    expect(await card.locator('svg[data-qr-value]').getAttribute('data-qr-value')).toBe(link)
    expect((await eip155(page)).farcasterUrl).toBeUndefined()
    expect(await textOf(view.getByTestId('farcaster-status'))).toBe('Waiting for your approval in Farcaster…')
    // "Copied" only after the copy worked: the clipboard holds the link.
    await card.getByRole('button', { name: 'Copy link' }).click()
    await card.getByRole('button', { name: 'Copied' }).waitFor({ timeout: 5_000 })
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await screenshot(page, 'embedded-farcaster-ConnectingFarcaster')

    await approveFarcasterSignIn({ relayUrl: relay!.url, deepLink: link, fid: 1 })
    // A first login makes the wallet: the signer frame asks for its recovery passphrase.
    await setRecoveryPassphrase(page)
    const account = await expectAccountAfterConnect(page)
    const state = await eip155(page)
    expect(state.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The name is the gateway's (@username from the relay); the card is gone, and no link was ever in the state.
    expect(state.user?.userName).toBe('@portico-dev')
    expect(state.farcasterUrl).toBeUndefined()
    expect(await farcasterCard(page).count()).toBe(0)
    const address = state.address as string
    // Account names the visitor as the gateway does (their Farcaster username), the address below it.
    expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe('@portico-dev')
    expect(await textOf(page.locator(sel.accountButton))).toContain('@portico-dev')
    await screenshot(page, 'embedded-farcaster-Account')

    // SPEC §3: the Account view works as for any wallet. Funded on anvil, it shows the balance; Send
    // moves 0.1 ETH after Approve in the frame, and the receiver gains exactly that.
    const rpcUrl = world.chains[0]!.rpcUrl
    const call = async <T>(method: string, params: unknown[]): Promise<T> => {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return ((await res.json()) as { result: T }).result
    }
    await call('anvil_setBalance', [address, '0x1bc16d674ec80000']) // 2 ETH
    await eventually(async () => {
      await page.evaluate(() =>
        (
          window.__portico!.portico as unknown as { refreshBalance(ns?: string): Promise<void> }
        ).refreshBalance('eip155'),
      )
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe('2.000 ETH')
    }, 20_000)
    const receiver = '0x1111111111111111111111111111111111111111'
    const before = BigInt(await call<string>('eth_getBalance', [receiver, 'latest']))
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    await send.getByTestId('send-amount').fill('0.1')
    await send.getByTestId('send-to').fill(receiver)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 20_000 })
    await send.getByTestId('send-review').click()
    await send.getByTestId('send-confirm-button').click()
    const frame = page.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    expect(await textOf(frame.locator('.card'))).toContain('0.1')
    await frame.getByRole('button', { name: 'Approve' }).click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    // The success mark is drawn at its size (it once collapsed to a sliver with no check visible).
    const mark = await send.locator('[data-testid="send-sent"] .ring svg').boundingBox()
    expect(mark?.width).toBeGreaterThanOrEqual(40)
    expect(mark?.height).toBeGreaterThanOrEqual(40)
    await screenshot(page, 'embedded-farcaster-sent')
    await eventually(async () =>
      expect(BigInt(await call<string>('eth_getBalance', [receiver, 'latest'])) - before).toBe(10n ** 17n),
    )
    await page.keyboard.press('Escape')

    // Reload: the frame's session brings the same wallet back, no approval asked.
    await page.reload()
    await gotoDemo(page, demo!.url)
    await page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status === 'connected',
      null,
      { timeout: 30_000 },
    )
    expect((await eip155(page)).address).toBe(address)
    expect((await eip155(page)).user?.userName).toBe('@portico-dev')

    // Sign-out from the Account view: disconnected, and it stays so after another reload.
    await page.locator(sel.accountButton).click()
    const again = await expectView(page, 'Account')
    await again.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status !== 'connected',
      null,
      { timeout: 10_000 },
    )
    await page.reload()
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).waitFor({ timeout: 20_000 })
    expect((await eip155(page)).status).not.toBe('connected')
  }, 180_000)

  it('a dishonest Farcaster client (another domain, then a wrong nonce) is refused: the view says so and Try again starts a new sign-in', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const first = await openFarcaster(page)
    const view = await expectView(page, 'ConnectingFarcaster')
    await approveFarcasterSignIn({
      relayUrl: relay!.url,
      deepLink: first,
      fid: 1,
      tamper: { domain: 'evil.test' },
    })
    await view.locator('[data-state="refused"]').waitFor({ timeout: 30_000 })
    // The frame closed its card: the refusal is the page's to show.
    expect(await farcasterCard(page).count()).toBe(0)
    await view
      .getByRole('heading', { name: 'Farcaster sign-in was refused: the approval did not check out.' })
      .waitFor({ timeout: 5_000 })
    expect(await textOf(view.locator('[data-testid="farcaster-error"]'))).toContain(
      'Farcaster sign-in refused: the message is for another domain',
    )
    await screenshot(page, 'embedded-farcaster-refused')
    expect(await seriousViolations(page)).toEqual([])

    await view.getByRole('button', { name: 'Try again' }).click()
    const card = farcasterCard(page)
    await card.getByRole('img', { name: 'QR code to log in with Farcaster' }).waitFor({ timeout: 30_000 })
    const second = (await card.locator('[data-farcaster-open]').getAttribute('href')) as string
    expect(second).not.toBe(first)
    await approveFarcasterSignIn({
      relayUrl: relay!.url,
      deepLink: second,
      fid: 1,
      tamper: { nonce: 'a'.repeat(32) },
    })
    await view.locator('[data-state="refused"]').waitFor({ timeout: 30_000 })
    expect(await textOf(view.locator('[data-testid="farcaster-error"]'))).toContain('the nonce')
    expect((await eip155(page)).status).not.toBe('connected')
  }, 120_000)

  it('SPEC §9: a sign-in nobody approves within the request time-out (the card does not pause it) is expired ("Embedded Wallet Request Timed Out"), the card closes; Try again starts a new one', async () => {
    requestTimeoutMs = 4000
    try {
      const { page } = await browser.newPage()
      await gotoDemo(page, demo!.url)
      const first = await openFarcaster(page)
      const view = await expectView(page, 'ConnectingFarcaster')
      await view.locator('[data-state="expired"]').waitFor({ timeout: 30_000 })
      await view.getByRole('heading', { name: 'This sign-in has expired. Start a new one.' }).waitFor()
      const alert = page.locator(
        `${sel.dialog} [role="alert"][data-code="EMBEDDED_WALLET_REQUEST_TIMED_OUT"]`,
      )
      expect(await textOf(alert.locator('strong'))).toBe('Embedded Wallet Request Timed Out')
      // The frame stopped polling and closed its card (the page sent farcaster.cancel on its time-out).
      await farcasterCard(page).waitFor({ state: 'detached', timeout: 10_000 })
      await page.locator('iframe[data-portico-signer]').waitFor({ state: 'hidden', timeout: 10_000 })
      await screenshot(page, 'embedded-farcaster-expired')
      expect(await seriousViolations(page)).toEqual([])
      await view.getByRole('button', { name: 'Try again' }).click()
      const card = farcasterCard(page)
      await card.getByRole('img', { name: 'QR code to log in with Farcaster' }).waitFor({ timeout: 30_000 })
      expect(await card.locator('[data-farcaster-open]').getAttribute('href')).not.toBe(first)
    } finally {
      requestTimeoutMs = undefined
    }
  }, 120_000)

  it('SPEC §2 back rule: Cancel (light) or Escape (dark) in the frame’s card goes back to Connect, as Back does, not connected; axe on the card and the view, light and dark', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    for (const mode of ['light', 'dark'] as const) {
      // The theme switch is on the page, inert while the modal is open: set it first.
      await setTheme(page, mode)
      await page.emulateMedia({ colorScheme: mode })
      await openFarcaster(page)
      await screenshot(page, `embedded-farcaster-waiting-${mode}`)
      expect(await cardViolations(page), mode).toEqual([])
      expect(await seriousViolations(page), mode).toEqual([])
      const card = farcasterCard(page)
      if (mode === 'light') await card.getByRole('button', { name: 'Cancel' }).click()
      else {
        // The card has the focus (it never gave it to the page): Escape reaches it.
        await card.getByRole('button', { name: 'Cancel' }).focus()
        await page.keyboard.press('Escape')
      }
      await expectView(page, 'Connect')
      await card.waitFor({ state: 'detached', timeout: 10_000 })
      expect((await eip155(page)).farcasterUrl).toBeUndefined()
      expect((await eip155(page)).status).not.toBe('connected')
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    await page.emulateMedia({ colorScheme: null })
  }, 120_000)
})
