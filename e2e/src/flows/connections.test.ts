import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  DEV_WALLET,
  dialog,
  eventually,
  expectView,
  gotoDemo,
  sel,
  seriousViolations,
  setTheme,
  shortAddress,
  textOf,
  view,
} from './demo.js'

// Issue 34 "Several wallets at once", in Chromium on the demo: the EVM dev wallet and the Bitcoin
// dev wallet connect through the modal, Account lists both (wallet, short address, namespace; the
// active one aria-current) and switches between them without asking a wallet again; a second EVM
// wallet (MetaMask, emulated, installed by the demo's `?wallets=`) connects from "Connect another
// wallet" beside the dev wallet; one is disconnected from its row; after a reload every remaining
// connection and the active one are back. Axe finds nothing serious in Account, light, dark and RTL.

const BITCOIN_WALLET = 'Portico Bitcoin Dev Wallet'
const METAMASK = 'MetaMask (emulated)'

interface Connection {
  id: string
  namespace: string
  address: string
  current: boolean
  active: boolean
  wallet?: { name: string }
}

/** `portico.getConnections()` of the demo's floating-modal instance. */
const connections = (page: Page): Promise<Connection[]> =>
  page.evaluate(() =>
    JSON.parse(
      JSON.stringify(
        (window.__portico!.portico as unknown as { getConnections(): unknown }).getConnections(),
      ),
    ),
  )

/** Bech32 as the UI shortens it: the human-readable part and `1`, then 4 … 4. */
const shortBech32 = (address: string) => {
  const hrp = address.slice(0, address.lastIndexOf('1') + 1)
  return `${hrp}${address.slice(hrp.length, hrp.length + 4)}…${address.slice(-4)}`
}

describe('several wallets at once on the demo (issue 34)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let btc: BitcoinDevnet | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    world = getWorld()
    btc = await startBitcoinDevnet({ port: 0 })
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      // The relay on the page's own origin, where upgrades are refused: no relay runs here.
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
      tokens: world.fixtures.tokens,
      bitcoin: {
        esploraUrl: btc!.esploraUrl,
        caipNetworkId: btc!.caipNetworkId,
        fixtures: { mnemonic: btc!.fixtures.mnemonic },
      },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await btc?.stop()
  })

  /** The Account view: already shown, or (the modal closes after a connect, SPEC §2) from the account button. */
  async function account(page: Page): Promise<Locator> {
    const v = view(page, 'Account')
    if (await v.isVisible()) return v
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 })
    await page.locator(sel.accountButton).click()
    return expectView(page, 'Account')
  }
  const list = (v: Locator) => v.locator('[data-testid="connections"]')
  const row = (v: Locator, id: string) => list(v).locator(`li[data-connection-id="${id}"]`)
  /** Each row as the visitor reads it: wallet · address · namespace, and whether it is the active one. */
  const rows = (v: Locator) =>
    list(v)
      .locator('li[data-connection-id]')
      .evaluateAll((els) =>
        els.map((li) => ({
          id: li.getAttribute('data-connection-id'),
          wallet: li.querySelector('[data-testid="connection-wallet"]')?.textContent,
          address: li.querySelector('[data-testid="namespace-address"]')?.textContent,
          namespace: li.querySelector('[data-testid="connection-namespace"]')?.textContent,
          active: li.querySelector('[aria-current="true"]') !== null,
        })),
      )
  /** Connect, reached from Account's "Connect another wallet", then a wallet of `chain` by name. */
  async function connectAnother(page: Page, chain: string, name: string) {
    const v = await account(page)
    await list(v).locator('[data-testid="connect-another-wallet"]').click()
    const connect = await expectView(page, 'Connect')
    const entry = connect.locator(`[data-chain="${chain}"][data-connector-id]:has-text("${name}")`)
    await eventually(async () => expect(await entry.count()).toBe(1), 20_000)
    await entry.click()
  }
  const buttonText = (page: Page) => textOf(page.locator(sel.accountButton))

  it('connects the EVM and the Bitcoin dev wallets and a second EVM wallet, switches, disconnects one, and a reload restores the rest', async () => {
    const { page, errors } = await browser.newPage({ reducedMotion: 'reduce' })
    const url = `${demo!.url}/?wallets=metamask`
    await gotoDemo(page, url)
    const evmAddress = world.fixtures.accounts[0]!
    const btcAddress = btc!.fixtures.devAccounts[0]!.payment.address

    // 1. The EVM dev wallet, from the connect button.
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator(`[data-chain="eip155"][data-connector-id]:has-text("${DEV_WALLET}")`).click()
    await eventually(async () => expect(await connections(page)).toHaveLength(1), 20_000)
    const evmDev = (await connections(page))[0]!

    // 2. The Bitcoin dev wallet, from "Connect another wallet": it becomes the active one.
    await connectAnother(page, 'bip122', BITCOIN_WALLET)
    await eventually(async () => {
      const list = await connections(page)
      expect(list.map((c) => [c.namespace, c.active])).toEqual([
        ['eip155', false],
        ['bip122', true],
      ])
    }, 20_000)
    const btcDev = (await connections(page))[1]!
    expect(btcDev.address).toBe(btcAddress)
    let v = await account(page)
    await eventually(async () =>
      expect(await rows(v)).toEqual([
        {
          id: evmDev.id,
          wallet: DEV_WALLET,
          address: shortAddress(evmAddress),
          namespace: 'Ethereum & EVM',
          active: false,
        },
        {
          id: btcDev.id,
          wallet: BITCOIN_WALLET,
          address: shortBech32(btcAddress),
          namespace: 'Bitcoin',
          active: true,
        },
      ]),
    )
    expect(await buttonText(page)).toContain(shortBech32(btcAddress))
    // The list is below the actions, so Send and Receive stay right under the balance.
    const [actionsY, listY] = await Promise.all([
      v.locator('[data-testid="account-actions"]').evaluate((e) => e.getBoundingClientRect().top),
      list(v).evaluate((e) => e.getBoundingClientRect().top),
    ])
    expect(listY).toBeGreaterThan(actionsY)
    await list(v).scrollIntoViewIfNeeded()
    await screenshot(page, 'connections-Account-evm-and-bitcoin')

    // 3. Switch to EVM with the keyboard: its "Use" row is a button; Enter makes it active, no wallet asked.
    const use = row(v, evmDev.id).locator('button[data-testid="connection-use"]')
    await use.focus()
    await page.keyboard.press('Enter')
    await eventually(async () => {
      expect((await connections(page)).find((c) => c.active)?.id).toBe(evmDev.id)
      expect(await row(v, evmDev.id).locator('[aria-current="true"]').count()).toBe(1)
      expect(await row(v, btcDev.id).locator('button[data-testid="connection-use"]').count()).toBe(1)
      expect(await textOf(v.locator('[data-testid="account-name"]'))).toBe(shortAddress(evmAddress))
    })
    // And back to Bitcoin with the pointer.
    await row(v, btcDev.id).locator('button[data-testid="connection-use"]').click()
    await eventually(async () => {
      expect((await connections(page)).find((c) => c.active)?.id).toBe(btcDev.id)
      expect(await textOf(v.locator('[data-testid="account-name"]'))).toBe(shortBech32(btcAddress))
    })

    // 4. A second EVM wallet: MetaMask (emulated) joins the dev wallet in EVM and becomes active.
    await connectAnother(page, 'eip155', METAMASK)
    await eventually(async () => expect(await connections(page)).toHaveLength(3), 20_000)
    const all = await connections(page)
    const metamask = all.find((c) => c.wallet?.name === METAMASK || c.id.startsWith('eip155:io.metamask'))!
    expect(metamask).toBeDefined()
    expect(all.map((c) => [c.id, c.current, c.active])).toEqual([
      [metamask.id, true, true],
      [evmDev.id, false, false],
      [btcDev.id, true, false],
    ])
    v = await account(page)
    await eventually(async () =>
      expect((await rows(v)).map((r) => [r.wallet, r.namespace, r.active])).toEqual([
        [METAMASK, 'Ethereum & EVM', true],
        [DEV_WALLET, 'Ethereum & EVM', false],
        [BITCOIN_WALLET, 'Bitcoin', false],
      ]),
    )
    await list(v).scrollIntoViewIfNeeded()
    await screenshot(page, 'connections-Account-three')

    // 5. The dev wallet again (no request to it), then MetaMask disconnected from its row: only it goes.
    await row(v, evmDev.id).locator('button[data-testid="connection-use"]').click()
    await eventually(async () => expect((await connections(page)).find((c) => c.active)?.id).toBe(evmDev.id))
    const disconnect = row(v, metamask.id).locator('[data-testid="connection-disconnect"]')
    expect(await disconnect.getAttribute('aria-label')).toBe(
      `Disconnect ${METAMASK} (${shortAddress(evmAddress)})`,
    )
    await disconnect.click()
    await eventually(async () =>
      expect((await connections(page)).map((c) => [c.id, c.active])).toEqual([
        [evmDev.id, true],
        [btcDev.id, false],
      ]),
    )
    // Bitcoin active before the reload, so the restore has to bring the active one back too.
    await row(v, btcDev.id).locator('button[data-testid="connection-use"]').click()
    await eventually(async () => expect((await connections(page)).find((c) => c.active)?.id).toBe(btcDev.id))

    // 6. Reload: both connections and the active one are restored.
    await page.reload()
    await page.waitForFunction(() => Boolean(window.__portico), null, { timeout: 20_000 })
    await eventually(
      async () =>
        expect((await connections(page)).map((c) => [c.id, c.active])).toEqual([
          [evmDev.id, false],
          [btcDev.id, true],
        ]),
      30_000,
    )
    await eventually(async () => expect(await buttonText(page)).toContain(shortBech32(btcAddress)), 20_000)
    await page.locator(sel.accountButton).click()
    v = await expectView(page, 'Account')
    await eventually(async () =>
      expect((await rows(v)).map((r) => [r.id, r.wallet, r.active])).toEqual([
        [evmDev.id, DEV_WALLET, false],
        [btcDev.id, BITCOIN_WALLET, true],
      ]),
    )
    await list(v).scrollIntoViewIfNeeded()
    await screenshot(page, 'connections-Account-after-reload')
    // No page error; the one console line allowed is the refused upgrade of the stand-in relay URL.
    expect(errors.filter((e) => !e.includes('/relay'))).toEqual([])
  })

  it('Account with two wallets has no serious or critical axe violation, light, dark and right to left (Arabic)', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator(`[data-chain="eip155"][data-connector-id]:has-text("${DEV_WALLET}")`).click()
    await eventually(async () => expect(await connections(page)).toHaveLength(1), 20_000)
    await connectAnother(page, 'bip122', BITCOIN_WALLET)
    await eventually(async () => expect(await connections(page)).toHaveLength(2), 20_000)
    const found: Record<string, string[]> = {}
    for (const mode of ['light', 'dark'] as const) {
      if (await dialog(page).isVisible()) {
        await page.keyboard.press('Escape')
        await dialog(page).waitFor({ state: 'detached' })
      }
      await setTheme(page, mode)
      const v = await account(page)
      expect(await page.locator(sel.modalHost).getAttribute('data-theme')).toBe(mode)
      await eventually(async () => expect(await rows(v)).toHaveLength(2))
      await list(v).scrollIntoViewIfNeeded()
      await screenshot(page, `connections-Account-${mode}`)
      found[mode] = await seriousViolations(page)
    }
    // Arabic: the same page in `?locale=ar` (the connections restore), right to left.
    const ar = new URL(page.url())
    ar.searchParams.set('locale', 'ar')
    await gotoDemo(page, ar.toString())
    await eventually(async () => expect(await connections(page)).toHaveLength(2), 30_000)
    await page.locator(sel.accountButton).click()
    const v = await expectView(page, 'Account')
    expect(await page.locator(`${sel.modalHost} .root`).getAttribute('dir')).toBe('rtl')
    await eventually(async () => {
      expect(await rows(v)).toHaveLength(2)
      expect(await textOf(list(v).locator('[data-testid="connect-another-wallet"]'))).toBe('ربط محفظة أخرى')
      expect(await textOf(list(v).locator('[data-testid="connection-active"]'))).toBe('نشطة')
    })
    await list(v).scrollIntoViewIfNeeded()
    await screenshot(page, 'connections-Account-ar')
    found.rtl = await seriousViolations(page)
    expect(found).toEqual({ light: [], dark: [], rtl: [] })
  })
})
