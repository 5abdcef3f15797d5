import { describe, expect, it } from 'vitest'
import { screenshot } from '../harness/index.js'
import {
  DEV_WALLET,
  devWallet,
  dialog,
  eventually,
  expectAccountAfterConnect,
  expectView,
  openConnect,
  porticoState,
  sel,
  textOf,
  useDemo,
  view,
} from './demo.js'

// Issue 4: a screenshot of each view (e2e/test-results/screenshots/view-<Name>.png),
// each reached the way a visitor reaches it.
describe('every view, with a screenshot', () => {
  const demo = useDemo()

  it('AllWallets, ConnectingExternal (pending), Account tabs, SwitchNetwork (pending), ApproveTransaction, UnsupportedChain', async () => {
    const { page } = await demo.open({ reducedMotion: 'reduce' })

    await openConnect(page)
    const allWallets = page.locator(`${sel.view('Connect')} button.row`, { hasText: 'All Wallets' })
    if ((await allWallets.count()) > 0) await allWallets.click()
    // Without a wallet directory the entry may be hidden: the view is still reachable by name.
    else await page.evaluate(() => window.__portico!.portico.router.push('AllWallets'))
    await expectView(page, 'AllWallets')
    await screenshot(page, 'view-AllWallets')
    await page.locator(`${sel.dialog} button[aria-label="Back"]`).click()
    await expectView(page, 'Connect')

    await devWallet(page, 'holdNext')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const connecting = await expectView(page, 'ConnectingExternal')
    expect(await textOf(connecting)).toContain(`Continue in ${DEV_WALLET}`)
    await screenshot(page, 'view-ConnectingExternal')
    await devWallet(page, 'releaseAll')
    const account = await expectAccountAfterConnect(page)

    for (const tab of ['NFTs', 'Activity'] as const) {
      await account.getByRole('tab', { name: tab }).click()
      expect(await account.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true')
      // Activity asks the instance for history first; without a gateway it settles on the empty state.
      await expect
        .poll(() => textOf(account.getByRole('tabpanel')), { timeout: 10_000 })
        .toMatch(/^No (NFTs|activity) yet/)
      await screenshot(page, `view-Account-${tab}`)
    }
    await account.getByRole('tab', { name: 'Tokens' }).click()

    await account.locator('button.row', { hasText: 'Anvil' }).first().click()
    const networks = await expectView(page, 'Networks')
    await devWallet(page, 'holdNext')
    await networks.locator(sel.network('eip155:31338')).click()
    const switching = await expectView(page, 'SwitchNetwork')
    expect(await textOf(switching)).toContain('Switching to')
    await screenshot(page, 'view-SwitchNetwork')
    await devWallet(page, 'releaseAll')
    await eventually(async () =>
      expect((await porticoState(page)).networks.active.eip155).toBe('eip155:31338'),
    )

    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await devWallet(page, 'holdNext')
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const approve = await expectView(page, 'ApproveTransaction')
    expect(await textOf(approve)).toContain('0x7099…79C8')
    await screenshot(page, 'view-ApproveTransaction')
    await page.evaluate(() => window.__portico!.wallet.rejectAll())
    await approve.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 10_000 })
    expect(await textOf(approve)).toContain('Transaction declined')
    await screenshot(page, 'view-ApproveTransaction-rejected')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    // The wallet moves to a chain the app does not configure (added from the wallet side).
    await page.evaluate(async () => {
      const w = window.__portico!
      const rpcUrl = w.devnet.chains[0]!.rpcUrl
      await w.wallet.provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a69a',
            chainName: 'Elsewhere',
            rpcUrls: [rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      })
      w.wallet.selectChain(0x7a69a)
    })
    await eventually(async () => expect((await porticoState(page)).networks.unsupported.eip155).toBe(true))
    await page.locator(sel.networkButton).click()
    await expectView(page, 'UnsupportedChain')
    await screenshot(page, 'view-UnsupportedChain')
    expect(await view(page, 'UnsupportedChain').count()).toBe(1)
  })
})
