import { describe, expect, it } from 'vitest'
import { screenshot } from '../harness/index.js'
import {
  connectDevWallet,
  DEV_WALLET,
  devWallet,
  dialog,
  eventually,
  expectAccountAfterConnect,
  expectView,
  openConnect,
  porticoState,
  sel,
  shortAddress,
  textOf,
  useDemo,
  view,
} from './demo.js'

// Issue 4 "End-to-end": the visitor's flows on the built demo, against the devnet.
describe('connect flows on the demo', () => {
  const demo = useDemo()

  it('open → Connect → Portico Dev Wallet → Account shows the address, 10000 ETH and the token balances', async () => {
    const { page } = await demo.open()
    const connect = await openConnect(page)
    expect(await textOf(connect)).toContain(DEV_WALLET)
    await screenshot(page, 'view-Connect')
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const account = await expectAccountAfterConnect(page)
    const address = demo.world.fixtures.accounts[0]!
    await eventually(async () => {
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(shortAddress(address))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe('10000.000 ETH')
      const tokens = await textOf(account.locator('[data-testid="token-list"]'))
      for (const t of demo.world.fixtures.tokens)
        expect(tokens).toContain(`${demo.world.fixtures.tokenGrant}.000 ${t.symbol}`)
    })
    const state = await porticoState(page)
    expect(state.accounts.eip155?.address.toLowerCase()).toBe(address.toLowerCase())
    expect(state.accounts.eip155?.status).toBe('connected')
    await screenshot(page, 'view-Account')
    // Closing and reopening while connected shows Account (SPEC §2 open rules).
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await page.locator(sel.accountButton).click()
    await expectView(page, 'Account')
  })

  it('switches the network 31337 → 31338 → 31337 from the Networks view', async () => {
    const { page } = await demo.open()
    await connectDevWallet(page)
    expect((await porticoState(page)).networks.active.eip155).toBe('eip155:31337')
    for (const target of ['eip155:31338', 'eip155:31337']) {
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })
      await page.locator(sel.networkButton).click()
      const networks = await expectView(page, 'Networks')
      if (target === 'eip155:31338') await screenshot(page, 'view-Networks')
      await networks.locator(sel.network(target)).click()
      await eventually(
        async () => expect((await porticoState(page)).networks.active.eip155).toBe(target),
        15_000,
      )
      const chainId = await page.evaluate(() => window.__portico!.wallet.currentChainId)
      expect(`eip155:${chainId}`).toBe(target)
    }
  })

  it('a wallet rejection shows "Try again", and the retry connects', async () => {
    const { page } = await demo.open()
    await devWallet(page, 'rejectNext')
    await openConnect(page)
    await page.locator(sel.wallet(DEV_WALLET)).click()
    const connecting = await expectView(page, 'ConnectingExternal')
    const retry = connecting.getByRole('button', { name: 'Try again' })
    await retry.waitFor({ timeout: 15_000 })
    expect(await textOf(connecting)).toContain('Connection declined')
    expect((await porticoState(page)).accounts.eip155?.status ?? 'disconnected').toBe('disconnected')
    await screenshot(page, 'view-ConnectingExternal-rejected')
    await retry.click()
    await expectAccountAfterConnect(page)
    expect((await porticoState(page)).accounts.eip155?.status).toBe('connected')
  })

  it('signs a message started by the host page', async () => {
    const { page } = await demo.open()
    await connectDevWallet(page)
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    // Hold the request in the wallet so the SignMessage view can be seen, then release it.
    await devWallet(page, 'holdNext')
    await page
      .getByRole('button', { name: /sign message/i })
      .first()
      .click()
    await expectView(page, 'SignMessage')
    await screenshot(page, 'view-SignMessage')
    const shown = await textOf(view(page, 'SignMessage'))
    expect(shown).toContain('Hello from the Portico demo')
    await devWallet(page, 'releaseAll')
    // The demo prints the result of `useSignMessage()` on the page; the modal closes on success.
    const result = page.locator('[data-testid="request-result"]')
    await result.waitFor({ timeout: 15_000 })
    expect(await textOf(result)).toMatch(/^Signature: 0x[0-9a-f]{130}$/i)
    await dialog(page).waitFor({ state: 'detached', timeout: 5_000 })
  })

  it('disconnect → the button and the modal are back to Connect', async () => {
    const { page } = await demo.open()
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.locator(sel.connectButton).waitFor({ timeout: 10_000 })
    expect((await porticoState(page)).accounts.eip155?.status ?? 'disconnected').toBe('disconnected')
    if (await dialog(page).count()) await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await openConnect(page)
  })
})
