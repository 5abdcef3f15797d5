import { getEvmFixtures, MULTICALL3_ADDRESS } from '@portico/devnet'
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

/** One JSON-RPC call to an anvil node. */
async function anvil<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

// Issue 16: buy with the onramp sandbox from the demo, in Chromium, against the real gateway and anvil.
describe('onramp: buy USDC with the sandbox (issue 16)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshots: string[] = []

  beforeAll(async () => {
    world = getWorld()
    // The devnet is shared by every e2e file: a purchase funds the dev wallet, so it is rolled back after.
    snapshots = await Promise.all(world.chains.map((c) => anvil<string>(c.rpcUrl, 'evm_snapshot', [])))
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
          ...(c.chainId === 31337 ? { indexer: { enabled: true, fromBlock: 0, pollIntervalMs: 200 } } : {}),
        })),
        // Prices by CAIP-10 id (the gateway refuses symbols): ETH 2000, the fixture stablecoins 1.
        prices: {
          usd: Object.fromEntries(
            world.chains.flatMap((c) => [
              [`eip155:${c.chainId}:native`, 2000],
              ...world.fixtures.tokens.map((t) => [`eip155:${c.chainId}:${t.address.toLowerCase()}`, 1]),
            ]),
          ),
        },
        onramp: { sandbox: { enabled: true, treasuryPrivateKey: getEvmFixtures().accounts[9]!.privateKey } },
      }),
    )
    const apiUrl = await gateway.listen()
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
    await Promise.all(world.chains.map((c, i) => anvil(c.rpcUrl, 'evm_revert', [snapshots[i]])))
  })

  const usdc = () => world.fixtures.tokens.find((t) => t.symbol === 'USDC')!
  /** ERC-20 balanceOf(owner) straight from anvil (eth_call). */
  const balance = async (owner: string): Promise<bigint> => {
    const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`
    const res = await fetch(world.chains[0]!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: usdc().address, data }, 'latest'],
      }),
    })
    return BigInt(((await res.json()) as { result: string }).result)
  }

  /** Connect the dev wallet and open Buy from Account. */
  async function openBuy(page: Page) {
    const account = await connectDevWallet(page)
    await account.locator('button[data-action-id="onramp"]').click()
    const buy = await expectView(page, 'OnRampProviders')
    await buy.getByText('Between 10.00 and 7500.00 USD').waitFor({ timeout: 15_000 })
    return buy
  }

  it('50 USD of USDC: quote → checkout window → pay → confirm → the USDC balance rises on anvil → Activity shows it', async () => {
    const { page, context } = await browser.newPage({ reducedMotion: 'reduce' })
    const onrampCalls: string[] = []
    page.on('request', (r) => {
      if (/\/v1\/onramp\/quote|\/v1\/generators\/onrampurl/.test(r.url())) onrampCalls.push(r.url())
    })
    await gotoDemo(page, demo!.url)
    const buy = await openBuy(page)
    const address = (await porticoState(page)).accounts.eip155!.address
    const before = await balance(address)
    await screenshot(page, 'onramp-OnRampProviders')

    // Out of the SPEC §5 limits: refused on the page, before any request.
    const amount = buy.getByLabel('Amount (USD)')
    for (const [value, message] of [
      ['9.99', 'The minimum is 10.00 USD'],
      ['7500.01', 'The maximum by card is 7500.00 USD'],
    ] as const) {
      await amount.fill(value)
      await buy.getByRole('button', { name: 'See quotes' }).click()
      await expect.poll(() => textOf(buy.locator('[role="alert"]'))).toBe(message)
    }
    await screenshot(page, 'onramp-OnRampProviders-limit')
    expect(onrampCalls).toEqual([])

    await amount.fill('50')
    await buy.getByRole('button', { name: 'See quotes' }).click()
    const row = buy.locator('[data-provider="sandbox"]')
    await row.waitFor({ timeout: 15_000 })
    expect(await textOf(row)).toContain('You get 49.15 USDC · fees 0.85 USD')
    await screenshot(page, 'onramp-quotes')

    const popupPromise = context.waitForEvent('page')
    await row.click()
    const progress = await expectView(page, 'BuyInProgress')
    const popup = await popupPromise
    await popup.waitForURL(/\/onramp\/sandbox\/checkout\/ord_[0-9a-f]{32}$/, { timeout: 15_000 })
    expect(await textOf(progress)).toContain('Buy in progress')
    await screenshot(page, 'onramp-BuyInProgress')
    await screenshot(popup, 'onramp-checkout')
    expect(await popup.locator('#pay').textContent()).toBe('50.00 USD')
    expect(await popup.locator('#receive').textContent()).toBe('49.15 USDC')
    await popup.getByRole('button', { name: 'Pay 50.00 USD' }).click()
    await popup.getByRole('button', { name: 'Confirm payment' }).click()
    await popup.getByText('Purchase complete').waitFor({ timeout: 15_000 })
    await screenshot(popup, 'onramp-checkout-done')

    await progress.getByText('Purchase complete').waitFor({ timeout: 15_000 })
    // "arrived" only once the chain has the delivery (the provider's "complete" can come first).
    await eventually(
      async () => expect(await textOf(progress)).toContain('49.15 USDC arrived in your wallet.'),
      30_000,
    )
    await screenshot(page, 'onramp-BuyInProgress-complete')
    expect(await balance(address)).toBe(before + 49_150_000n) // 49.15 USDC, 6 decimals

    await progress.getByRole('button', { name: 'Done' }).click()
    const account = await expectView(page, 'Account')
    // The token list shows the new USDC balance: the plugin's refresh reads past the gateway's cache.
    await eventually(async () => {
      const usdc = (await porticoState(page)).accounts.eip155?.tokenBalance?.find((t) => t.symbol === 'USDC')
      expect(Number(usdc?.quantity.numeric)).toBe(Number(before + 49_150_000n) / 1e6)
    }, 15_000)
    await account.getByRole('tab', { name: 'Activity' }).click()
    await eventually(async () => {
      // The reopened tab asks the gateway again; the indexer has the treasury's transfer by then.
      await account.getByRole('tab', { name: 'Tokens' }).click()
      await account.getByRole('tab', { name: 'Activity' }).click()
      const panel = account.getByRole('tabpanel')
      await panel.locator('[data-activity-id]').first().waitFor({ timeout: 5_000 })
      // The purchase is an onramp item (Bought · via sandbox), not a plain receive: the plugin asks
      // the history with onramp=all, and the gateway shows the order once (its indexed transfer folded in).
      const rows = await panel
        .locator('[data-activity-id]')
        .evaluateAll((els) =>
          els.map((e) => ({ id: e.getAttribute('data-activity-id') ?? '', text: e.textContent ?? '' })),
        )
      const purchase = rows.filter((r) => r.text.includes('+49.150 USDC'))
      expect(purchase.map((r) => r.id)).toEqual([expect.stringMatching(/^onramp:ord_[0-9a-f]{32}$/)])
      expect(purchase[0]?.text).toMatch(/Bought.*via sandbox/)
    }, 20_000)
    await screenshot(page, 'onramp-Activity')
  }, 150_000)

  it('the decline test card 4000 0000 0000 0002 ends in "Purchase failed: Your card was declined"', async () => {
    const { page, context } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    const buy = await openBuy(page)
    await buy.getByLabel('Amount (USD)').fill('20')
    await buy.getByRole('button', { name: 'See quotes' }).click()
    const popupPromise = context.waitForEvent('page')
    await buy.locator('[data-provider="sandbox"]').click()
    const popup = await popupPromise
    await popup.waitForURL(/\/onramp\/sandbox\/checkout\//, { timeout: 15_000 })
    await popup.locator('#card').fill('4000 0000 0000 0002')
    await popup.getByRole('button', { name: 'Pay 20.00 USD' }).click()
    await popup.getByText('Payment failed').waitFor()
    expect(await textOf(popup.locator('#reason'))).toBe('Your card was declined')
    const progress = await expectView(page, 'BuyInProgress')
    await progress.getByText('Purchase failed').waitFor({ timeout: 15_000 })
    expect(await textOf(progress.locator('[role="alert"]'))).toBe('Your card was declined')
    await screenshot(page, 'onramp-BuyInProgress-declined')
  })

  for (const mode of ['light', 'dark'] as const) {
    it(`the onramp views have no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      await setTheme(page, mode)
      const buy = await openBuy(page)
      expect(await page.locator(sel.modalHost).getAttribute('data-theme')).toBe(mode)
      const found: Record<string, string[]> = {}
      await buy.getByLabel('Amount (USD)').fill('5')
      await buy.getByRole('button', { name: 'See quotes' }).click()
      await buy.locator('[role="alert"]').waitFor()
      found.limit = await seriousViolations(page)
      await buy.getByLabel('Amount (USD)').fill('50')
      await buy.getByRole('button', { name: 'See quotes' }).click()
      await buy.locator('[data-provider="sandbox"]').waitFor({ timeout: 15_000 })
      found.quotes = await seriousViolations(page)
      await screenshot(page, `onramp-OnRampProviders-${mode}`)
      // BuyInProgress without a popup (blocked): the link to open the checkout.
      await page.evaluate(() => {
        window.open = () => null
      })
      await buy.locator('[data-provider="sandbox"]').click()
      const progress = await expectView(page, 'BuyInProgress')
      await progress.getByRole('link', { name: 'Open checkout' }).waitFor({ timeout: 15_000 })
      found.progress = await seriousViolations(page)
      await screenshot(page, `onramp-BuyInProgress-${mode}`)
      expect(found).toEqual({ limit: [], quotes: [], progress: [] })
    }, 150_000)
  }
})
