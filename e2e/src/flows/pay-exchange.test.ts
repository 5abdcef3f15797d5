import { type ExchangeSandbox, getDevAccounts, startExchangeSandbox } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, snapshotChains, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, expectView, gotoDemo, sel, seriousViolations, setTheme, textOf } from './demo.js'

// Issue 34, "Pay from an exchange": the demo configured with the devnet's sandbox exchange
// (`exchange: { url }` in devnet.json → `sandboxPayExchange`). The visitor needs no wallet: the
// sandbox logs in (its simulated login, the API's `POST /v1/exchange/sessions`; there is no login
// page) and sends from its own treasury; the Pay view follows that transaction on anvil. Money is
// read from anvil, never from the page. Also the Pay view in Arabic (right to left), axe clean.

/** Starts `portico.pay(params)` in the page; the outcome lands in `window.__payResult`. */
async function startPay(page: Page, params: Record<string, unknown>) {
  await page.evaluate((p) => {
    const w = window as unknown as {
      __payResult?: unknown
      __portico: { portico: { pay(p: unknown): Promise<string> } }
    }
    w.__payResult = undefined
    w.__portico.portico.pay(p).then(
      (hash) => {
        w.__payResult = { hash }
      },
      (e: { code?: string }) => {
        w.__payResult = { code: e.code }
      },
    )
  }, params)
  return expectView(page, 'Pay')
}
/** The modal's root element (it carries `dir` and `lang`). */
const modalRoot = (page: Page) => page.locator(`${sel.modalHost} .root`)
const payResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { __payResult?: Record<string, string> }).__payResult)

describe('Pay from the sandbox exchange in the demo (issue 34)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let exchange: ExchangeSandbox | undefined
  let demo: DemoProxy | undefined
  let restoreChains: (() => Promise<void>) | undefined

  beforeAll(async () => {
    world = getWorld()
    // The sandbox funds its treasury from dev account 9 and pays from it: the shared anvils go back after.
    restoreChains = await snapshotChains(world.chains)
    const funder = getDevAccounts()[9]!
    exchange = await startExchangeSandbox({
      chains: world.chains,
      tokens: world.fixtures.tokens.map((t) => ({ ...t, address: t.address as Address, name: t.symbol })),
      funderKey: funder.privateKey,
    })
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      exchange: { url: exchange!.url },
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await exchange?.close()
    await restoreChains?.()
  })

  it('with no wallet connected, "Pay from Sandbox exchange" sends from the treasury; the view shows Paid with the hash anvil mined (dark theme, axe clean)', async () => {
    const shop = privateKeyToAccount(generatePrivateKey()).address
    const chain = world.chains[0]!
    const { page, guard } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    await setTheme(page, 'dark')
    const pay = await startPay(page, {
      recipient: shop,
      amount: '0.75',
      asset: 'native',
      network: `eip155:${chain.chainId}`,
      reference: 'order-exchange-1',
    })
    // No wallet: the view says so in words that name the network, and offers the exchange.
    expect(await pay.getByText('Connect a wallet on Anvil 31337 to pay.', { exact: true }).isVisible()).toBe(
      true,
    )
    const offer = pay.locator('[data-testid="pay-exchanges"] button[data-exchange-id="sandbox"]')
    expect(await textOf(offer)).toBe('Pay from Sandbox exchange')
    await screenshot(page, 'pay-exchange-review-dark')
    expect(await seriousViolations(page)).toEqual([])
    await offer.click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 30_000 })
    const result = await payResult(page)
    expect(result?.hash).toMatch(/^0x[0-9a-f]{64}$/)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await client.getTransactionReceipt({ hash: result!.hash as `0x${string}` })
    expect([receipt.status, receipt.from.toLowerCase()]).toEqual([
      'success',
      exchange!.treasury.toLowerCase(),
    ])
    expect(await client.getBalance({ address: shop })).toBe(parseEther('0.75'))
    expect(await textOf(pay.getByTestId('pay-hash'))).toBe(result!.hash)
    await screenshot(page, 'pay-exchange-paid-dark')
    expect(await seriousViolations(page)).toEqual([])
    guard.assertNoOutbound()
  }, 120_000)

  it('Arabic (right to left): the Pay view is mirrored, translated and axe clean (light)', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const url = new URL(demo!.url)
    url.searchParams.set('locale', 'ar')
    await gotoDemo(page, url.toString())
    await setTheme(page, 'light')
    const pay = await startPay(page, {
      recipient: privateKeyToAccount(generatePrivateKey()).address,
      amount: '1.5',
      asset: 'native',
      network: `eip155:${world.chains[0]!.chainId}`,
      reference: 'order-rtl-1',
    })
    await expect.poll(() => modalRoot(page).getAttribute('dir')).toBe('rtl')
    expect(await modalRoot(page).getAttribute('lang')).toBe('ar')
    expect(await textOf(pay.getByTestId('pay-reference'))).toBe('order-rtl-1')
    // Translated: the Arabic catalogue's title, buttons and exchange offer.
    expect(await textOf(dialog(page).locator('h2.title'))).toBe('ادفع')
    expect(await textOf(pay.getByTestId('pay-cancel'))).toBe('إلغاء')
    expect(await textOf(pay.locator('[data-exchange-id="sandbox"]'))).toBe('ادفع من Sandbox exchange')
    await screenshot(page, 'pay-review-rtl-light')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-cancel').click()
    await expect.poll(() => payResult(page)).toMatchObject({ code: 'PAYMENT_DECLINED' })
  }, 120_000)
})
