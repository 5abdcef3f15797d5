import { AxeBuilder } from '@axe-core/playwright'
import { getEvmFixtures, type LocalOidcProvider, startOidcProvider } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  dialog,
  eventually,
  expectAccountAfterConnect,
  expectView,
  gotoDemo,
  porticoState,
  sel,
  setTheme,
  textOf,
} from './demo.js'
import { setRecoveryPassphrase, waitConnected } from './embedded-login.js'

const MODAL = '[data-portico-modal]:not([data-embedded])'

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

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include([[MODAL, '[role="dialog"]']])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(results.passes.length).toBeGreaterThan(5)
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target.at(-1))).join('; ')}`)
}

// Issue 14: social login through the devnet's local OpenID provider (standing in for google) in a real popup.
describe('embedded wallet: social login (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let idp: LocalOidcProvider | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshots: string[] = []

  beforeAll(async () => {
    world = getWorld()
    snapshots = await Promise.all(world.chains.map((c) => rpc<string>(c.rpcUrl, 'evm_snapshot', [])))
    idp = await startOidcProvider()
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
          social: {
            allowLoopback: true,
            providers: {
              google: {
                clientId: 'portico-e2e',
                clientSecret: 'e2e-client-secret',
                issuer: idp.issuer,
                authorizationEndpoint: idp.authorizationEndpoint,
                tokenEndpoint: idp.tokenEndpoint,
                jwksUri: idp.jwksUri,
              },
            },
          },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    idp.addClient({
      clientId: 'portico-e2e',
      clientSecret: 'e2e-client-secret',
      redirectUris: [`${frameUrl}/v1/auth/social/callback`],
    })
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl, socialProviders: ['google', 'github', 'apple', 'facebook', 'x'] },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await idp?.close()
    await Promise.all(world.chains.map((c, i) => rpc(c.rpcUrl, 'evm_revert', [snapshots[i]])))
  })

  it('Continue with Google → popup at the local provider (test user, consent) → connected with an address and a balance', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    // SPEC §2 order and "More": three providers, then More for the rest.
    const buttons = connect.locator('[data-social-provider]')
    await buttons.first().waitFor({ timeout: 20_000 })
    expect(await buttons.evaluateAll((b) => b.map((e) => e.getAttribute('data-social-provider')))).toEqual([
      'google',
      'github',
      'apple',
    ])
    await screenshot(page, 'embedded-social-Connect')
    await connect.getByRole('button', { name: 'More' }).click()
    expect(await buttons.count()).toBe(5)
    const popupOpened = page.waitForEvent('popup')
    await connect.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.getByRole('button', { name: /Ada Lovelace/ }).click({ timeout: 30_000 })
    await popup.getByRole('button', { name: 'Allow' }).click({ timeout: 30_000 })
    // A first login makes the wallet: the signer frame asks for its recovery passphrase.
    await setRecoveryPassphrase(page)
    await waitConnected(page, 60_000)
    const state = await porticoState(page)
    const account = state.accounts.eip155 as {
      address: string
      socialProvider?: string
      user?: { userName?: string }
    }
    expect(account.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(account.socialProvider).toBe('google')
    expect(account.user?.userName).toBe('ada@oidc.test')
    expect(popup.isClosed()).toBe(true)
    await rpc(world.chains[0]!.rpcUrl, 'anvil_setBalance', [account.address, '0x1bc16d674ec80000'])
    const view = await expectAccountAfterConnect(page)
    await eventually(async () => {
      await page.evaluate(() =>
        (
          window.__portico!.portico as unknown as { refreshBalance(ns?: string): Promise<void> }
        ).refreshBalance('eip155'),
      )
      expect(await textOf(view)).toContain('2.000')
    }, 20_000)
    await screenshot(page, 'embedded-social-Account')
  })

  it('closing the login window brings the visitor back to Connect with a message; axe light and dark', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    for (const mode of ['light', 'dark'] as const) {
      // The theme switch is on the page, inert while the modal is open: set it first.
      await setTheme(page, mode)
      await page.locator(sel.connectButton).click()
      const connect = await expectView(page, 'Connect')
      const popupOpened = page.waitForEvent('popup')
      await connect.getByRole('button', { name: 'Continue with Google' }).click({ timeout: 20_000 })
      const popup = await popupOpened
      await popup.getByRole('button', { name: /Ada Lovelace/ }).waitFor({ timeout: 30_000 })
      await popup.close()
      const message = connect.locator('[data-testid="social-error"]')
      await message.waitFor({ timeout: 20_000 })
      expect(await textOf(message)).toBe('The login window was closed. Choose a way to log in.')
      expect(
        ((await porticoState(page)).accounts.eip155 as { status: string } | undefined)?.status ??
          'disconnected',
      ).not.toBe('connected')
      await screenshot(page, `embedded-social-closed-${mode}`)
      expect(await seriousViolations(page), mode).toEqual([])
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
  })
})
