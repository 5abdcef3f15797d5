import { MULTICALL3_ADDRESS } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  connectDevWallet,
  eventually,
  expectView,
  gotoDemo,
  porticoState,
  sel,
  seriousViolations,
  setTheme,
  textOf,
} from './demo.js'

const SPEC_RULE = 'A name needs at least 4 characters of letters, digits or hyphens'

/** A label no earlier run on this gateway used (the registry lives as long as the file's gateway). */
const uniqueLabel = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`

// Issue 17 (names): register a name from the demo in Chromium against the real gateway, see it in
// the connect button and Account, and look it up.
describe('names: choose and register a name (issue 17)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let apiUrl = ''
  let demo: DemoProxy | undefined

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
          multicall3: MULTICALL3_ADDRESS,
          tokens: world.fixtures.tokens.map((t) => ({ ...t, name: t.symbol })),
        })),
      }),
    )
    apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
  })

  /** Connect the dev wallet and open "Choose a name" from Account. */
  async function openNames(page: Page) {
    const account = await connectDevWallet(page)
    await account.locator('button[data-action-id="names"]').click()
    return expectView(page, 'RegisterAccountName')
  }

  it('"ada" is refused with the SPEC rule; a free name registers, shows in the button and Account, and looks up', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const profileCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/v1/profile/')) profileCalls.push(r.url())
    })
    await gotoDemo(page, demo!.url)
    const names = await openNames(page)
    const address = (await porticoState(page)).accounts.eip155!.address
    await screenshot(page, 'names-RegisterAccountName')

    const field = names.getByLabel('Name', { exact: true })
    await field.fill('ada')
    await expect.poll(() => textOf(names.locator('[role="alert"]'))).toBe(SPEC_RULE)
    expect(await names.getByRole('button', { name: /^Register/ }).isDisabled()).toBe(true)
    await field.fill('ada!x')
    await expect.poll(() => textOf(names.locator('[role="alert"]'))).toBe(SPEC_RULE)
    await screenshot(page, 'names-RegisterAccountName-invalid')
    expect(profileCalls).toEqual([])

    const label = uniqueLabel('e2e')
    const name = `${label}.portico.id`
    await field.fill(label)
    await names.getByText(`${name} is available`).waitFor({ timeout: 15_000 })
    await names.locator('[data-testid="names-suggestions"][data-status="ready"]').waitFor()
    expect(await names.locator('[data-testid="names-suggestions"] button').count()).toBeGreaterThan(0)
    await screenshot(page, 'names-RegisterAccountName-available')

    await names.getByRole('button', { name: `Register ${name}` }).click()
    const success = await expectView(page, 'RegisterAccountNameSuccess')
    expect(await textOf(success.locator('[data-testid="names-success-name"]'))).toBe(name)
    await screenshot(page, 'names-RegisterAccountNameSuccess')

    await success.getByRole('button', { name: 'Done' }).click()
    const account = await expectView(page, 'Account')
    // The profile was re-read past the client's 24-hour identity cache (it held "no name" from connect).
    await eventually(async () => expect(await textOf(account.getByTestId('account-name'))).toBe(name))
    await screenshot(page, 'names-Account')
    await page.keyboard.press('Escape')
    await eventually(async () => expect(await textOf(page.locator(sel.accountButton))).toContain(name))
    await screenshot(page, 'names-button')

    // Look it up: the gateway resolves it to the dev wallet's address, and searching it says it is yours.
    const record = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      `${apiUrl}/v1/profile/account/${name}?projectId=local`,
    )
    expect(record.addresses['60'].address).toBe(address.toLowerCase())
    await page.locator(sel.accountButton).click()
    const again = await expectView(page, 'Account')
    await again.locator('button[data-action-id="names"]').click()
    const search = await expectView(page, 'RegisterAccountName')
    await search.getByLabel('Name', { exact: true }).fill(label)
    await search.getByText(`${name} is already yours`).waitFor({ timeout: 15_000 })
    await screenshot(page, 'names-RegisterAccountName-yours')
  }, 120_000)

  for (const mode of ['light', 'dark'] as const) {
    it(`the names views have no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      await setTheme(page, mode)
      const names = await openNames(page)
      const found: Record<string, string[]> = {}
      const field = names.getByLabel('Name', { exact: true })
      await field.fill('ab')
      await names.locator('[role="alert"]').waitFor()
      found.invalid = await seriousViolations(page)
      const label = uniqueLabel(`axe-${mode}`)
      await field.fill(label)
      await names.getByText(`${label}.portico.id is available`).waitFor({ timeout: 15_000 })
      await names.locator('[data-testid="names-suggestions"][data-status="ready"]').waitFor()
      found.available = await seriousViolations(page)
      await screenshot(page, `names-RegisterAccountName-${mode}`)
      await names.getByRole('button', { name: `Register ${label}.portico.id` }).click()
      await expectView(page, 'RegisterAccountNameSuccess')
      found.success = await seriousViolations(page)
      await screenshot(page, `names-RegisterAccountNameSuccess-${mode}`)
      expect(found).toEqual({ invalid: [], available: [], success: [] })
    }, 120_000)
  }
})
