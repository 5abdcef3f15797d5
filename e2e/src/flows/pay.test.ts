import { getDevAccounts } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { type Address, createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { screenshot } from '../harness/index.js'
import {
  connectDevWallet,
  expectView,
  gotoDemo,
  seriousViolations,
  setTheme,
  textOf,
  useDemo,
} from './demo.js'

// Issue 34 (Pay): a site calls `portico.pay(...)`; the modal shows what is asked and by whom, the
// visitor pays from the demo's dev wallet on anvil, and the call resolves with the transaction id
// only once the chain has it. The chain is the source of truth here: every assertion on money
// reads anvil, never the page. Dev account 3 pays; receivers are fresh addresses.
const PAYER = 3

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
      (e: { code?: string; name?: string; shortfall?: bigint; expected?: string }) => {
        w.__payResult = {
          error: e.name,
          code: e.code,
          shortfall: e.shortfall?.toString(),
          expected: e.expected,
        }
      },
    )
  }, params)
  return expectView(page, 'Pay')
}
const payResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { __payResult?: Record<string, string> }).__payResult)

describe('Pay: portico.pay in the demo, paid on anvil (issue 34)', () => {
  const demo = useDemo()
  const client = () => createPublicClient({ transport: http(demo.world.chains[0]!.rpcUrl) })
  const usdc = () => demo.world.fixtures.tokens.find((t) => t.symbol === 'USDC')!

  async function connectAs(page: Page, theme: 'light' | 'dark') {
    await gotoDemo(page, demo.world.demoUrl)
    await setTheme(page, theme)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, PAYER)
    await connectDevWallet(page)
  }

  it('native ETH (light): the view names the site and the exact amount, Pay sends it, the call resolves with the id the chain mined, axe clean', async () => {
    const shop = privateKeyToAccount(generatePrivateKey()).address
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, 'light')
    const chainId = demo.world.chains[0]!.chainId
    const pay = await startPay(page, {
      recipient: shop,
      amount: '0.125',
      asset: 'native',
      network: `eip155:${chainId}`,
      reference: 'order-1001',
    })
    expect(await textOf(pay.getByTestId('pay-amount'))).toBe('0.125 ETH')
    expect(await textOf(pay.getByTestId('pay-recipient'))).toBe(shop)
    expect(await textOf(pay.getByTestId('pay-reference'))).toBe('order-1001')
    expect(await textOf(pay.getByTestId('pay-origin'))).toBe(new URL(demo.world.demoUrl).origin)
    await screenshot(page, 'pay-review-light')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-confirm').click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 30_000 })
    const result = await payResult(page)
    expect(result?.hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client().getTransactionReceipt({ hash: result!.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect((receipt.to ?? '').toLowerCase()).toBe(shop.toLowerCase())
    expect(await client().getBalance({ address: shop })).toBe(parseEther('0.125'))
    expect(await textOf(pay.getByTestId('pay-hash'))).toBe(result!.hash)
    await screenshot(page, 'pay-paid-light')
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  it('USDC (dark): more than the balance shows the shortfall and Cancel rejects InsufficientFundsError; a payable amount arrives on chain', async () => {
    const shop = privateKeyToAccount(generatePrivateKey()).address
    const token = usdc()
    const payer = getDevAccounts()[PAYER]!.address
    const held = await client().readContract({
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [payer],
    })
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, 'dark')
    const network = `eip155:${demo.world.chains[0]!.chainId}`
    const asset = { token: token.address, symbol: 'USDC', decimals: token.decimals }
    let pay = await startPay(page, { recipient: shop, amount: `${held / 10n ** 6n + 5n}`, asset, network })
    await pay.getByTestId('pay-confirm').click()
    const problem = pay.getByTestId('pay-problem')
    await problem.waitFor({ timeout: 15_000 })
    const short = parseUnits(`${held / 10n ** 6n + 5n}`, 6) - held
    expect(await problem.getAttribute('data-code')).toBe('INSUFFICIENT_FUNDS')
    await screenshot(page, 'pay-insufficient-dark')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-cancel').click()
    await expect
      .poll(() => payResult(page))
      .toMatchObject({ code: 'INSUFFICIENT_FUNDS', shortfall: `${short}` })

    pay = await startPay(page, { recipient: shop, amount: '12.5', asset, network })
    await pay.getByTestId('pay-confirm').click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 30_000 })
    expect((await payResult(page))?.hash).toMatch(/^0x[0-9a-f]{64}$/)
    const got = await client().readContract({
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [shop],
    })
    expect(got).toBe(12_500_000n)
    await screenshot(page, 'pay-paid-usdc-dark')
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  it('a payment on the other network is offered as a switch; after switching it pays on that chain', async () => {
    const shop = privateKeyToAccount(generatePrivateKey()).address
    const other = demo.world.chains[1]!
    const { page } = await demo.browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, 'light')
    const pay = await startPay(page, {
      recipient: shop,
      amount: '0.5',
      asset: 'native',
      network: `eip155:${other.chainId}`,
    })
    await pay.getByTestId('pay-wrong-network').waitFor()
    await screenshot(page, 'pay-wrong-network-light')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-switch').click()
    await pay.getByTestId('pay-confirm').click({ timeout: 15_000 })
    await pay.getByTestId('pay-paid').waitFor({ timeout: 30_000 })
    const otherClient = createPublicClient({ transport: http(other.rpcUrl) })
    expect(await otherClient.getBalance({ address: shop })).toBe(parseEther('0.5'))
  }, 120_000)
})
