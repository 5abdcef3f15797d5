import {
  type BitcoinDevnet,
  type CosmosDevnet,
  getFreePort,
  type PolkadotServiceInfo,
  type SolanaDevnet,
  solanaFixturesToJson,
  spawnPolkadotDevnet,
  startBitcoinDevnet,
  startCosmosDevnet,
  startSolanaDevnet,
} from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 35: the demo installs wallets as visitors have them, emulated from their published
// interfaces (@portico/dev-wallets), picked on the page (`?wallets=`). In Chromium, Connect lists
// each beside the Portico dev wallets, and one personality per namespace that has them connects
// through the modal: MetaMask (EIP-6963, EVM), Xverse (sats-connect, Bitcoin: its default payment
// address is p2sh-p2wpkh) and Talisman (injectedWeb3, Polkadot: it injects after the load event).

interface NsState {
  accounts: Record<string, { address?: string; status?: string; connectorId?: string } | undefined>
}
const state = (page: Page): Promise<NsState> =>
  page.evaluate(() =>
    JSON.parse(
      JSON.stringify(window.__portico!.portico.getState(), (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    ),
  )

describe('emulated wallets on the demo (issue 35)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let btc: BitcoinDevnet | undefined
  let dot: PolkadotServiceInfo | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    world = getWorld()
    btc = await startBitcoinDevnet({ port: 0 })
    dot = await spawnPolkadotDevnet({ port: await getFreePort(), detached: false })
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
      polkadot: {
        wsUrl: dot!.wsUrl,
        httpUrl: dot!.httpUrl,
        genesisHash: dot!.genesisHash,
        caipNetworkId: dot!.caipNetworkId,
        ss58Prefix: dot!.ss58Prefix,
        fixtures: dot!.fixtures,
      },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await btc?.stop()
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  const open = async (wallets: string) => {
    const { page, errors } = await browser.newPage()
    await gotoDemo(page, `${demo!.url}/?wallets=${wallets}`)
    return { page, errors }
  }
  const entry = (connect: Awaited<ReturnType<typeof expectView>>, chain: string, name: string) =>
    connect.locator(`[data-chain="${chain}"][data-connector-id]:has-text("${name}")`)
  // An injectedWeb3 entry carries no name: the adapter names an extension by its key
  // (`talisman` → "Talisman"), so the emulated Talisman is found by its connector id.
  const extension = (connect: Awaited<ReturnType<typeof expectView>>, key: string) =>
    connect.locator(`[data-chain="polkadot"][data-connector-id="injectedWeb3:${key}"]`)

  it('the picker shows what is installed; Connect lists each emulated wallet beside the dev wallets', async () => {
    const { page, errors } = await open('metamask,xverse,talisman')
    const card = page.getByTestId('wallets-card')
    for (const id of ['metamask', 'xverse', 'talisman'])
      expect(await card.getByTestId(`personality-${id}`).isChecked()).toBe(true)
    expect(await card.getByTestId('personality-rabby').isChecked()).toBe(false)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    // Talisman injects after the page's load event: the adapter keeps looking, and the list updates.
    await eventually(async () => {
      expect(await entry(connect, 'eip155', 'MetaMask (emulated)').count()).toBe(1)
      expect(await entry(connect, 'bip122', 'Xverse (emulated)').count()).toBe(1)
      expect(await extension(connect, 'talisman').count()).toBe(1)
    }, 20_000)
    await screenshot(page, 'personalities-Connect')
    // No page error; the one console line allowed is the refused upgrade of the stand-in relay URL.
    expect(errors.filter((e) => !e.includes('/relay'))).toEqual([])
  })

  it('MetaMask (emulated) connects through the modal with the devnet account', async () => {
    const { page } = await open('metamask')
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await entry(connect, 'eip155', 'MetaMask (emulated)').click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.eip155?.status).toBe('connected')
      expect(s.accounts.eip155?.address?.toLowerCase()).toBe(world.fixtures.accounts[0]!.toLowerCase())
    }, 20_000)
  })

  it('Xverse (emulated) connects with its default p2sh-p2wpkh payment address', async () => {
    const { page } = await open('xverse')
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await eventually(async () => expect(await entry(connect, 'bip122', 'Xverse (emulated)').count()).toBe(1))
    await entry(connect, 'bip122', 'Xverse (emulated)').click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.bip122?.status).toBe('connected')
      expect(s.accounts.bip122?.address).toBe(btc!.fixtures.devAccounts[0]!.nested.address)
    }, 20_000)
    await screenshot(page, 'personalities-Xverse-connected')
  })

  it('Talisman (emulated), injected after the load event, connects with Alice', async () => {
    const { page } = await open('talisman')
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await eventually(async () => expect(await extension(connect, 'talisman').count()).toBe(1), 20_000)
    await extension(connect, 'talisman').click()
    const alice = dot!.fixtures.devAccounts.find((a) => a.name === 'Alice')!
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.polkadot?.status).toBe('connected')
      expect(s.accounts.polkadot?.address).toBe(alice.address)
    }, 20_000)
  })
})

// Solana: Phantom (emulated) registers through the Wallet Standard beside the Portico Solana Dev
// Wallet (and puts its legacy window.phantom.solana provider); it connects through the modal and
// Account shows its address. Its own local SVM and demo, so the suite above is unchanged.
describe('emulated Solana wallets on the demo (issue 35)', () => {
  const browser = useBrowser()
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    const world = getWorld()
    sol = await startSolanaDevnet({ port: 0 })
    const solana = {
      rpcUrl: sol.rpcUrl,
      genesisHash: sol.genesisHash,
      caipNetworkId: sol.caipNetworkId,
      fixtures: solanaFixturesToJson(sol.fixtures),
    }
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      solana,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await sol?.stop()
  })

  it('Phantom (emulated) is picked, listed in Connect, connects, and Account shows its address', async () => {
    const { page, errors } = await browser.newPage()
    await gotoDemo(page, `${demo!.url}/?wallets=phantom-solana`)
    const card = page.getByTestId('wallets-card')
    expect(await card.getByTestId('personality-phantom-solana').isChecked()).toBe(true)
    expect(await card.getByTestId('personality-solflare').isChecked()).toBe(false)
    // The legacy provider is on the page too, as Phantom injects it.
    expect(
      await page.evaluate(
        () => (window as { phantom?: { solana?: { isPhantom?: boolean } } }).phantom?.solana?.isPhantom,
      ),
    ).toBe(true)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const phantom = connect.locator('[data-chain="solana"][data-connector-id]:has-text("Phantom (emulated)")')
    await eventually(async () => expect(await phantom.count()).toBe(1))
    await phantom.click()
    const address = sol!.fixtures.devKeypairs[0]!.address
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.solana?.status).toBe('connected')
      expect(s.accounts.solana?.address).toBe(address)
    }, 20_000)
    // Account shows the address the wallet connected (base58: 4 … 4, as the UI shortens it).
    // The modal moves on to Account or closes on success (SPEC §2): then the account button opens it.
    await page
      .locator(`${sel.view('Account')}, ${sel.accountButton}`)
      .first()
      .waitFor({ timeout: 20_000 })
    if (!(await page.locator(sel.view('Account')).isVisible())) {
      await dialog(page).waitFor({ state: 'detached', timeout: 10_000 })
      await page.locator(sel.accountButton).click()
    }
    const account = await expectView(page, 'Account')
    await eventually(async () =>
      expect(
        await textOf(account.locator('[data-namespace="solana"] [data-testid="namespace-address"]')),
      ).toBe(`${address.slice(0, 4)}…${address.slice(-4)}`),
    )
    await screenshot(page, 'personalities-Phantom-Solana-connected')
    expect(errors.filter((e) => !e.includes('/relay'))).toEqual([])
  })
})

// Cosmos: Leap (emulated) puts Keplr's interface at `window.leap` beside the page's Portico Cosmos
// Dev Wallet (on `window.keplr`). Like a real Leap it knows none of the simulator's chains, so the
// adapter suggests the hub (experimentalSuggestChain) and then enables it; Connect lists it under
// the adapter's own name for `window.leap` ("Leap"), so it is found by its connector id. Its own
// simulator and demo, so the suites above are unchanged.
describe('emulated Cosmos wallets on the demo (issue 35)', () => {
  const browser = useBrowser()
  let sim: CosmosDevnet | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    const world = getWorld()
    sim = await startCosmosDevnet({ port: 0 })
    const cosmos = {
      chains: sim.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
        chainId,
        bech32Prefix,
        rpcUrl,
        restUrl,
        caipNetworkId,
      })),
      fixtures: { accounts: sim.fixtures.accounts },
    }
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      cosmos,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await sim?.stop()
  })

  it('Leap (emulated) is picked, listed in Connect, suggested the hub, connects, and Account shows its address', async () => {
    const { page, errors } = await browser.newPage()
    await gotoDemo(page, `${demo!.url}/?wallets=leap`)
    const card = page.getByTestId('wallets-card')
    expect(await card.getByTestId('personality-leap').isChecked()).toBe(true)
    expect(await card.getByTestId('personality-keplr').isChecked()).toBe(false)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const leap = connect.locator('[data-chain="cosmos"][data-connector-id="keplr:leap"]')
    await eventually(async () => expect(await leap.count()).toBe(1))
    await leap.click()
    const address = sim!.fixtures.accounts[0]!.addresses['portico-hub-1']!
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.cosmos?.status).toBe('connected')
      expect(s.accounts.cosmos?.connectorId).toBe('keplr:leap')
      expect(s.accounts.cosmos?.address).toBe(address)
    }, 30_000)
    // It knew no local chain (the demo installs it with none): connected means the adapter suggested the hub first.
    await page
      .locator(`${sel.view('Account')}, ${sel.accountButton}`)
      .first()
      .waitFor({ timeout: 20_000 })
    if (!(await page.locator(sel.view('Account')).isVisible())) {
      await dialog(page).waitFor({ state: 'detached', timeout: 10_000 })
      await page.locator(sel.accountButton).click()
    }
    const account = await expectView(page, 'Account')
    await eventually(async () =>
      expect(
        await textOf(account.locator('[data-namespace="cosmos"] [data-testid="namespace-address"]')),
      ).toContain(address.slice(-4)),
    )
    await screenshot(page, 'personalities-Leap-connected')
    expect(errors.filter((e) => !e.includes('/relay'))).toEqual([])
  })
})
