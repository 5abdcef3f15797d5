import { rmSync } from 'node:fs'
import { getEvmFixtures } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExampleSite } from '../harness/example-site.js'
import {
  type StaticServer,
  screenshot,
  snapshotChains,
  startStaticServer,
  useBrowser,
} from '../harness/index.js'
import { currentWorld } from '../harness/world.js'
import { DEV_WALLET, dialog, eventually, expectView, sel, shortAddress, textOf } from './demo.js'

/** What examples/wagmi puts on `window.__porticoWagmi`, as far as this flow reads it. */
declare global {
  interface Window {
    __porticoWagmi?: {
      portico: {
        getState(): { networks: { active: { eip155?: string } }; accounts: { eip155?: { status: string } } }
      }
    }
  }
}

// Issue 21 "wagmi bridge": the wagmi example (WagmiProvider + PorticoProvider) in Chromium on the devnet.
describe('examples/wagmi: connect through the Portico modal, transfer USDC with wagmi useWriteContract', () => {
  const browser = useBrowser()
  let site: StaticServer | undefined
  let dist: string | undefined
  const account = getEvmFixtures().accounts[0]!.address

  // The transfers spend gas and USDC on the shared anvils: put them back for the other flows.
  let restoreChains: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const world = currentWorld()
    restoreChains = await snapshotChains(world.chains)
    dist = await buildExampleSite('examples/wagmi')
    // The fixture tokens with their names (addresses are deterministic: the devnet checked them).
    const tokens = getEvmFixtures().tokens.map(({ address, symbol, name, decimals }) => ({
      address,
      symbol,
      name,
      decimals,
    }))
    site = await startStaticServer({ root: dist, json: { '/devnet.json': { chains: world.chains, tokens } } })
  }, 180_000)
  afterAll(async () => {
    await restoreChains?.()
    await site?.close()
    if (dist) rmSync(dist, { recursive: true, force: true })
  })

  const wagmiText = (page: Page, id: string) => textOf(page.locator(`[data-testid="${id}"]`))
  const usdcOnPage = async (page: Page) => {
    const text = await wagmiText(page, 'wagmi-usdc')
    const match = /^(\d+(?:\.\d+)?) USDC$/.exec(text)
    if (!match) throw new Error(`wagmi USDC reads "${text}"`)
    return Number(match[1])
  }

  it('the modal connects the dev wallet, wagmi hooks see it, useWriteContract sends 1 USDC and the modal balance follows; a reload reconnects', async () => {
    const { page, errors } = await browser.newPage()
    await page.goto(site!.url)
    await page.locator(sel.connectButton).waitFor({ timeout: 20_000 })
    expect(await wagmiText(page, 'wagmi-status')).toBe('disconnected')

    // Connect the way a visitor does: Portico's button and modal.
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-status')).toBe('connected'), 20_000)
    expect(await wagmiText(page, 'wagmi-address')).toBe(account)
    expect(await wagmiText(page, 'wagmi-chain-id')).toBe('31337')
    await eventually(async () => expect(await wagmiText(page, 'wagmi-eth')).toMatch(/^\d+(\.\d+)? ETH$/))
    const before = await eventually(() => usdcOnPage(page))
    const ethBefore = await wagmiText(page, 'wagmi-eth')
    if (await dialog(page).count()) {
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    await screenshot(page, 'wagmi-connected')

    // wagmi's useWriteContract: the transfer goes through Portico to the dev wallet and is mined on anvil.
    await page.getByRole('button', { name: 'Send USDC with wagmi' }).click()
    const status = page.locator('[data-testid="transfer-status"]')
    await eventually(async () => expect(await textOf(status)).toMatch(/^Confirmed in block \d+$/), 30_000)
    expect(await wagmiText(page, 'transfer-hash')).toMatch(/^0x[0-9a-f]{64}$/)
    await eventually(async () => expect(await usdcOnPage(page)).toBe(before - 1))
    // The gas paid shows too: the example re-reads every balance once the receipt is in.
    await eventually(async () => expect(await wagmiText(page, 'wagmi-eth')).not.toBe(ethBefore))
    await screenshot(page, 'wagmi-transfer-confirmed')

    // The modal's Account view shows the new USDC balance (Portico re-read it after its own send).
    await page.locator(sel.accountButton).click()
    const accountView = await expectView(page, 'Account')
    expect(await textOf(accountView.locator('[data-testid="account-name"]'))).toBe(shortAddress(account))
    await eventually(async () => {
      expect(await textOf(accountView.locator('[data-testid="token-list"]'))).toContain(
        `${before - 1}.000 USDC`,
      )
    }, 15_000)
    await screenshot(page, 'wagmi-modal-balance')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    // Reload: wagmi (cookie storage) reconnects through Portico's restore, no click.
    await page.reload()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-status')).toBe('connected'), 20_000)
    expect(await wagmiText(page, 'wagmi-address')).toBe(account)
    await page.locator(sel.accountButton).waitFor({ timeout: 10_000 })
    await screenshot(page, 'wagmi-reloaded')
    expect(errors).toEqual([])
  })

  it("wagmi's switchChain and disconnect go through Portico; Portico's network switch reaches wagmi", async () => {
    const { page, errors } = await browser.newPage()
    await page.goto(site!.url)
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-status')).toBe('connected'), 20_000)
    if (await dialog(page).count()) {
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }
    const activeNetwork = () =>
      page.evaluate(() => window.__porticoWagmi!.portico.getState().networks.active.eip155)

    await page.getByRole('button', { name: 'Switch to Anvil 31338 (wagmi)' }).click()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-chain-id')).toBe('31338'), 15_000)
    expect(await activeNetwork()).toBe('eip155:31338')

    // Portico's Networks view → wagmi follows.
    await page.locator(sel.networkButton).click()
    const networks = await expectView(page, 'Networks')
    await networks.locator(sel.network('eip155:31337')).click()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-chain-id')).toBe('31337'), 15_000)
    if (await dialog(page).count()) {
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
    }

    await page.getByRole('button', { name: 'Disconnect (wagmi)' }).click()
    await eventually(async () => expect(await wagmiText(page, 'wagmi-status')).toBe('disconnected'), 15_000)
    await page.locator(sel.connectButton).waitFor({ timeout: 10_000 })
    expect(await page.evaluate(() => window.__porticoWagmi!.portico.getState().accounts.eip155?.status)).toBe(
      'disconnected',
    )
    await screenshot(page, 'wagmi-disconnected')
    expect(errors).toEqual([])
  })
})
