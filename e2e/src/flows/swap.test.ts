import { AxeBuilder } from '@axe-core/playwright'
import { getDevAccounts, getEvmFixtures } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import {
  type Address,
  concatHex,
  createWalletClient,
  encodeErrorResult,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  size,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  connectDevWallet,
  eventually,
  expectAccountAfterConnect,
  expectView,
  gotoDemo,
  openConnect,
  sel,
  setTheme,
  textOf,
} from './demo.js'

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

/** ERC-20 balanceOf through eth_call (integer units). */
async function balanceOf(rpcUrl: string, token: string, owner: string): Promise<bigint> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`
  return BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: token, data }, 'latest']))
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

// Issue 15: swaps from the modal through the dev wallet, against the devnet's Uniswap V2 and a real gateway.
describe('swap on the demo (issue 15)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshots: string[] = []
  const token = (symbol: string) => world.fixtures.tokens.find((t) => t.symbol === symbol)!

  beforeAll(async () => {
    world = getWorld()
    // The devnet is shared by every e2e file: swaps move balances and pools, so they are rolled back after.
    snapshots = await Promise.all(world.chains.map((c) => rpc<string>(c.rpcUrl, 'evm_snapshot', [])))
    const { dex, multicall3 } = getEvmFixtures()
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3,
          tokens: world.fixtures.tokens,
          swap: { router: dex.router },
          // Activity reads the gateway's history: index this run's blocks.
          indexer: { enabled: true, fromBlock: 0, pollIntervalMs: 200 },
        })),
      }),
    )
    const apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await Promise.all(world.chains.map((c, i) => rpc(c.rpcUrl, 'evm_revert', [snapshots[i]])))
  })

  async function openSwap(page: Page) {
    const account = await expectView(page, 'Account')
    await account.locator('[data-action-id="swap"]').click()
    const swap = await expectView(page, 'Swap')
    await swap.locator('[data-testid="swap-form"]').waitFor({ timeout: 15_000 })
    return swap
  }

  async function enterAmount(page: Page, amount: string) {
    const swap = await expectView(page, 'Swap')
    await swap.getByLabel('You pay').fill(amount)
    const out = swap.locator('[data-testid="swap-to-amount"]')
    await eventually(
      async () => expect(Number((await textOf(out)).replaceAll(',', ''))).toBeGreaterThan(0),
      15_000,
    )
    return Number((await textOf(out)).replaceAll(',', ''))
  }

  it('swaps 1 ETH → USDC, then USDC → DAI through the approve step; balances change', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    await connectDevWallet(page)
    const owner = world.fixtures.accounts[0]!
    const rpcUrl = world.chains[0]!.rpcUrl
    const usdc0 = await balanceOf(rpcUrl, token('USDC').address, owner)

    // 1 ETH → USDC: ETH is the default input, USDC the default output.
    await openSwap(page)
    const quoted = await enterAmount(page, '1')
    expect(quoted).toBeGreaterThan(2900)
    expect(quoted).toBeLessThan(3000)
    await screenshot(page, 'swap-Swap')
    await page.locator(`${MODAL} [data-view="Swap"] button`, { hasText: 'Review swap' }).click()
    const preview = await expectView(page, 'SwapPreview')
    await eventually(async () =>
      expect(await textOf(preview.locator('[data-testid="preview-impact"]'))).toMatch(/%$/),
    )
    expect(await textOf(preview)).toContain('Minimum received (1% slippage)')
    await screenshot(page, 'swap-SwapPreview')
    await preview.getByRole('button', { name: 'Swap', exact: true }).click()
    await preview.locator('[data-testid="swap-success"]').waitFor({ timeout: 30_000 })
    await screenshot(page, 'swap-success')
    const usdc1 = await balanceOf(rpcUrl, token('USDC').address, owner)
    expect(Number(usdc1 - usdc0) / 1e6).toBeCloseTo(quoted, 0)
    await preview.getByRole('button', { name: 'Done' }).click()

    // USDC → DAI: pick both tokens, approve first (the router has no allowance yet), then swap.
    const swap = await openSwap(page)
    await swap.getByRole('button', { name: /^Pay with/ }).click()
    const picker = await expectView(page, 'SwapSelectToken')
    await screenshot(page, 'swap-SwapSelectToken')
    await picker.locator('[data-token="USDC"]').click()
    await (await expectView(page, 'Swap')).getByRole('button', { name: /^Receive/ }).click()
    await (await expectView(page, 'SwapSelectToken')).locator('[data-token="DAI"]').click()
    const daiQuote = await enterAmount(page, '100')
    expect(daiQuote).toBeGreaterThan(99)
    const dai0 = await balanceOf(rpcUrl, token('DAI').address, owner)
    await page.locator(`${MODAL} [data-view="Swap"] button`, { hasText: 'Review swap' }).click()
    const preview2 = await expectView(page, 'SwapPreview')
    const approve = preview2.getByRole('button', { name: 'Approve USDC' })
    await approve.waitFor({ timeout: 10_000 })
    await screenshot(page, 'swap-SwapPreview-approve')
    await approve.click()
    await preview2.locator('[data-testid="swap-success"]').waitFor({ timeout: 30_000 })
    await screenshot(page, 'swap-success-usdc-dai')
    expect(await balanceOf(rpcUrl, token('USDC').address, owner)).toBe(usdc1 - 100_000_000n)
    const daiGained = Number((await balanceOf(rpcUrl, token('DAI').address, owner)) - dai0) / 1e18
    expect(daiGained).toBeCloseTo(daiQuote, 1)

    // Activity lists both swaps (the gateway's indexer labels them), with what was paid.
    await preview2.getByRole('button', { name: 'Done' }).click()
    const account = await expectView(page, 'Account')
    await account.getByRole('tab', { name: 'Activity' }).click()
    await eventually(async () => {
      const rows = account.locator('[data-testid="activity-list"] li', { hasText: 'Swapped' })
      expect(await rows.count()).toBe(2)
      const amounts = await rows.locator('[data-testid="activity-amount"]').allTextContents()
      expect(amounts.join(' | ')).toMatch(/100\.000 USDC/)
      expect(amounts.join(' | ')).toMatch(/1\.000 ETH/)
    }, 20_000)
    await screenshot(page, 'swap-Activity')
  }, 120_000)

  // Issue 28: a swap that passes estimation and reverts on chain is "Swap failed" with the router's reason.
  // Blocks wait (automine off) while the visitor's swap sits in the mempool; a whale's 30 ETH buy with a
  // higher tip lands ahead of it in the same block, moving the price past the 1 % slippage.
  it('a swap front-run into a revert on chain shows "Swap failed" with the router’s reason and Try again, never "Swapped"', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    await connectDevWallet(page)
    const rpcUrl = world.chains[0]!.rpcUrl
    const { dex } = getEvmFixtures()
    await openSwap(page)
    await enterAmount(page, '1')
    await page.locator(`${MODAL} [data-view="Swap"] button`, { hasText: 'Review swap' }).click()
    const preview = await expectView(page, 'SwapPreview')
    await rpc(rpcUrl, 'evm_setAutomine', [false])
    try {
      await preview.getByRole('button', { name: 'Swap', exact: true }).click()
      await eventually(async () => {
        const pool = await rpc<{ pending: Record<string, unknown> }>(rpcUrl, 'txpool_content', [])
        expect(Object.keys(pool.pending)).not.toEqual([])
      }, 30_000)
      const whale = privateKeyToAccount(getDevAccounts()[9]!.privateKey)
      await createWalletClient({ account: whale, transport: http(rpcUrl) }).writeContract({
        address: dex.router as Address,
        abi: parseAbi([
          'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
        ]),
        functionName: 'swapExactETHForTokens',
        args: [0n, [dex.weth as Address, token('USDC').address as Address], whale.address, 2n ** 40n],
        value: parseEther('30'),
        gas: 300_000n,
        maxPriorityFeePerGas: parseGwei('500'),
        maxFeePerGas: parseGwei('1000'),
        chain: null,
      })
      await rpc(rpcUrl, 'evm_mine', [])
    } finally {
      await rpc(rpcUrl, 'evm_setAutomine', [true])
    }
    const failed = preview.locator('[data-testid="swap-failed"]')
    await failed.waitFor({ timeout: 30_000 })
    expect(await textOf(failed.getByTestId('swap-failed-title'))).toBe('Swap failed')
    expect(await failed.getByTestId('swap-outcome').getAttribute('data-status')).toBe('failed')
    expect(await textOf(failed.getByTestId('swap-outcome-reason'))).toContain('INSUFFICIENT_OUTPUT_AMOUNT')
    expect(await preview.locator('[data-testid="swap-success"]').count()).toBe(0)
    await failed.getByRole('button', { name: 'Try again' }).waitFor()
    await screenshot(page, 'swap-failed-on-chain')
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  // Issue 28: the approve step reverts on chain (it passed estimation): the view says "Approval failed"
  // with the token's reason and Try again. While the visitor's approve waits in the mempool (automine
  // off), DAI's code is swapped for one that always reverts with Error("DAI: approvals paused"), as a
  // token paused between estimate and inclusion would; the real code comes back after the outcome.
  it('an approve that reverts on chain shows "Approval failed" with the token’s reason and Try again, never a swap', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    // A wallet without EIP-5792 (Rabby, emulated: -32601): approve and swap are two transactions,
    // so the approve is what fails (the dev wallet batches both into one call).
    await gotoDemo(page, `${demo!.url}/?wallets=rabby`)
    await openConnect(page)
    const rabby = page.locator(sel.wallet('Rabby (emulated)'))
    await rabby.waitFor({ timeout: 20_000 })
    await rabby.click()
    await expectAccountAfterConnect(page)
    const rpcUrl = world.chains[0]!.rpcUrl
    const dai = token('DAI').address
    const owner = world.fixtures.accounts[0]!
    const swap = await openSwap(page)
    await swap.getByRole('button', { name: /^Pay with/ }).click()
    await (await expectView(page, 'SwapSelectToken')).locator('[data-token="DAI"]').click()
    await (await expectView(page, 'Swap')).getByRole('button', { name: /^Receive/ }).click()
    await (await expectView(page, 'SwapSelectToken')).locator('[data-token="USDC"]').click()
    await enterAmount(page, '10')
    const dai0 = await balanceOf(rpcUrl, dai, owner)
    await page.locator(`${MODAL} [data-view="Swap"] button`, { hasText: 'Review swap' }).click()
    const preview = await expectView(page, 'SwapPreview')
    const approve = preview.getByRole('button', { name: 'Approve DAI' })
    await approve.waitFor({ timeout: 10_000 })
    const realCode = await rpc<string>(rpcUrl, 'eth_getCode', [dai, 'latest'])
    // Runtime code: copy the Error(string) revert data that follows these 14 bytes into memory, revert with it.
    const reason = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['DAI: approvals paused'],
    })
    const len = numberToHex(size(reason), { size: 2 }).slice(2)
    const reverting = concatHex([`0x61${len}600e600039`, `0x61${len}6000fd`, reason])
    await rpc(rpcUrl, 'evm_setAutomine', [false])
    try {
      await approve.click()
      await eventually(async () => {
        const pool = await rpc<{ pending: Record<string, unknown> }>(rpcUrl, 'txpool_content', [])
        expect(Object.keys(pool.pending)).not.toEqual([])
      }, 30_000)
      await rpc(rpcUrl, 'anvil_setCode', [dai, reverting])
      await rpc(rpcUrl, 'evm_mine', [])
    } finally {
      await rpc(rpcUrl, 'evm_setAutomine', [true])
    }
    try {
      const failed = preview.locator('[data-testid="swap-failed"]')
      await failed.waitFor({ timeout: 30_000 })
      expect(await failed.getAttribute('data-step')).toBe('approve')
      expect(await textOf(failed.getByTestId('swap-failed-title'))).toBe('Approval failed')
      // The dialog's title (its accessible name) says the same, not "Swap failed".
      await preview.page().getByRole('dialog', { name: 'Approval failed' }).waitFor({ timeout: 5_000 })
      expect(await failed.getByTestId('swap-outcome').getAttribute('data-status')).toBe('failed')
      expect(await textOf(failed.getByTestId('swap-outcome'))).toContain('Failed')
      expect(await textOf(failed.getByTestId('swap-outcome-reason'))).toContain('DAI: approvals paused')
      await failed.getByRole('button', { name: 'Try again' }).waitFor()
      expect(await preview.locator('[data-testid="swap-success"]').count()).toBe(0)
      await screenshot(page, 'swap-approve-failed-on-chain')
      expect(await seriousViolations(page)).toEqual([])
    } finally {
      await rpc(rpcUrl, 'anvil_setCode', [dai, realCode])
    }
    // Nothing was swapped: the visitor's DAI is where it was.
    expect(await balanceOf(rpcUrl, dai, owner)).toBe(dai0)
  }, 120_000)

  for (const mode of ['light', 'dark'] as const) {
    it(`Swap, token picker and preview have no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      await setTheme(page, mode)
      await connectDevWallet(page)
      const found: Record<string, string[]> = {}
      const swap = await openSwap(page)
      await enterAmount(page, '0.5')
      found.Swap = await seriousViolations(page)
      await screenshot(page, `swap-Swap-${mode}`)
      await swap.getByRole('button', { name: /^Receive/ }).click()
      await expectView(page, 'SwapSelectToken')
      found.SwapSelectToken = await seriousViolations(page)
      await screenshot(page, `swap-SwapSelectToken-${mode}`)
      await (await expectView(page, 'SwapSelectToken')).locator('[data-token="USDC"]').click()
      await expectView(page, 'Swap')
      await page.locator(`${MODAL} [data-view="Swap"] button`, { hasText: 'Review swap' }).click()
      const preview = await expectView(page, 'SwapPreview')
      await eventually(async () =>
        expect(await textOf(preview.locator('[data-testid="preview-impact"]'))).toMatch(/%$/),
      )
      found.SwapPreview = await seriousViolations(page)
      await screenshot(page, `swap-SwapPreview-${mode}`)
      expect(found).toEqual({ Swap: [], SwapSelectToken: [], SwapPreview: [] })
    }, 150_000)
  }
})
