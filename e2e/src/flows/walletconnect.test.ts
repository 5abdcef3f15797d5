import {
  MULTICALL3_ADDRESS,
  type OutboundConnectionWatch,
  type SolanaDevnet,
  solanaFixturesToJson,
  startSolanaDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  dialog,
  eventually,
  expectView,
  gotoDemo,
  porticoState,
  sel,
  seriousViolations,
  setTheme,
  shortAddress,
  spokenTextOf,
  textOf,
} from './demo.js'
import { startWalletProcess, type WalletProcess } from './wc-wallet-process.js'

// Issue 6 "Done when": open → All Wallets → search → pick a wallet → QR → the dev
// WalletConnect wallet (a real @walletconnect/sign-client in this Node process)
// pairs over the loopback relay → Account → personal_sign from the page → the
// wallet deletes the session → disconnected. Nothing may leave 127.0.0.1: the
// page is guarded by the harness, this process by devnet's outbound watch.

const MODAL = sel.modalHost

/** Truncates a wei amount to the UI's 3 decimals (SPEC §5). */
function formatEth(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const milli = (wei % 10n ** 18n) / 10n ** 15n
  return `${whole}.${milli.toString().padStart(3, '0')} ETH`
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

describe('WalletConnect on the demo (issue 6)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let relay: WalletConnectRelay | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let wallet: WalletProcess | undefined
  let outbound: OutboundConnectionWatch | undefined

  beforeAll(async () => {
    world = getWorld()
    outbound = watchOutboundConnections()
    relay = await startWalletConnectRelay({ port: 0 })
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
          tokens: world.fixtures.tokens,
        })),
      }),
      { indexer: false },
    )
    const apiUrl = await gateway.listen()
    const relayUrl = relay.url
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      walletconnect: { url: relayUrl },
    }))
    wallet = await startWalletProcess({
      relayUrl,
      rpcUrls: Object.fromEntries(world.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    })
  })

  afterAll(async () => {
    await wallet?.stop()
    await demo?.close()
    await gateway?.close()
    await relay?.stop()
    outbound?.restore()
  })

  // Issue 34: All Wallets with the gateway's directory (badges, search, recommended rows) passes
  // axe in both themes; the dark theme failed colour contrast on 5 nodes.
  for (const mode of ['light', 'dark'] as const) {
    it(`All Wallets has no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      await setTheme(page, mode)
      await page.locator(sel.connectButton).click()
      await expectView(page, 'Connect')
      await page.locator(`${MODAL} [data-view="Connect"] [data-all-wallets]`).click()
      const all = await expectView(page, 'AllWallets')
      await all.locator('[data-wallet-id="metamask"]').waitFor()
      await screenshot(page, `wc-AllWallets-${mode}`)
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  it('open → All Wallets → search → pick a wallet → its QR → the dev WC wallet pairs and signs → wallet disconnects', async () => {
    const { page, guard } = await browser.newPage()
    const consoleLines: string[] = []
    page.on('console', (m) => consoleLines.push(m.text()))
    await gotoDemo(page, demo!.url)
    // The demo is a production build (examples/demo/vite.config.ts): React's development build
    // announces itself with the DevTools message (and runs StrictMode's double effects).
    expect(consoleLines.filter((l) => /React DevTools/.test(l))).toEqual([])
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')
    await page.locator(`${MODAL} [data-view="Connect"] [data-all-wallets]`).click()

    // All Wallets: the gateway's directory; the installed dev wallet (EIP-6963, merged by rdns) first.
    const all = await expectView(page, 'AllWallets')
    const rows = all.locator('[data-wallet-id]')
    await eventually(async () => {
      expect(await spokenTextOf(rows.first())).toMatch(/^Portico Dev Wallet ?Installed$/)
      // The first page of the seed directory (22 wallets, 20 of them EVM) is listed.
      expect(await all.locator('[role="listbox"]').getAttribute('data-count')).toMatch(/^(1\d|2\d)$/)
    }, 15_000)
    expect(await spokenTextOf(all.locator('[data-wallet-id="metamask"]'))).toMatch(/^MetaMask ?Recommended$/)
    await screenshot(page, 'wc-AllWallets')

    // Search narrows the list to the matching wallet; pick one that is not installed → WalletConnect.
    await all.getByRole('searchbox', { name: 'Search wallet' }).fill('rainbow')
    await eventually(async () => {
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-wallet-id')))).toEqual([
        'rainbow',
      ])
    })
    await screenshot(page, 'wc-AllWallets-search')
    await all.locator('[data-wallet-id="rainbow"]').click()
    await pairSignDisconnect(page, 'Scan with Rainbow', 'wc-ConnectingWalletConnect')
    guard.assertNoOutbound()
  })

  it('Connect → WalletConnect → QR → the dev WC wallet pairs, Account shows it, personal_sign is answered, the wallet disconnects', async () => {
    const { page, guard } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator('[data-connector-id]:has-text("WalletConnect")').click()
    await pairSignDisconnect(page, 'Scan with your wallet', 'wc-ConnectingWalletConnect-direct')
    guard.assertNoOutbound()
  })

  /** From the QR view: pair the dev WC wallet, check Account, sign from the page, delete the session from the wallet. */
  async function pairSignDisconnect(page: Page, label: string, shot: string) {
    const requestsBefore = (await wallet!.requests()).length
    // The QR of a fresh pairing, with the wallet's name.
    const qr = await expectView(page, 'ConnectingWalletConnect')
    await qr.locator('[data-state="ready"]').waitFor({ timeout: 20_000 })
    expect(await textOf(qr)).toContain(label)
    expect(await qr.locator('svg').count()).toBeGreaterThan(0)
    const uri = await page.evaluate(() => (window.__portico as unknown as { wcUri(): string }).wcUri())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await screenshot(page, shot)

    // The wallet pairs with the URI read from the page and approves.
    const session = await Promise.race([
      wallet!.pair(uri),
      new Promise<never>((_, reject) =>
        setTimeout(
          () =>
            reject(
              new Error(
                `the dev WC wallet did not settle a session in 20 s; relay saw ${relay!.methods.join(' ')}; test process outbound ${outbound!.destinations.join(' ')}`,
              ),
            ),
          20_000,
        ),
      ),
    ])
    expect(session).toBeDefined()
    const address = wallet!.address
    await eventually(async () => {
      const s = await porticoState(page)
      expect(s.accounts.eip155?.status).toBe('connected')
      expect(s.accounts.eip155?.address.toLowerCase()).toBe(address.toLowerCase())
    }, 20_000)
    if (!(await page.locator(sel.view('Account')).isVisible())) {
      await dialog(page)
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => {})
      if (!(await page.locator(sel.view('Account')).isVisible()))
        await page.locator(sel.accountButton).click()
    }
    const account = await expectView(page, 'Account')
    const chain = world.chains[0]!
    const wei = BigInt((await rpc(chain.rpcUrl, 'eth_getBalance', [address, 'latest'])) as string)
    await eventually(async () => {
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(shortAddress(address))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe(formatEth(wei))
    }, 15_000)
    await screenshot(page, `${shot}-Account`)

    // personal_sign from the host page, answered by the wallet over the relay.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Sign message' }).click()
    const result = page.locator('[data-testid="request-result"]')
    await eventually(async () => expect(await textOf(result)).toMatch(/^Signature: 0x[0-9a-f]{130}$/), 15_000)
    const signed = (await wallet!.requests()).slice(requestsBefore).find((r) => r.method === 'personal_sign')
    expect(signed?.outcome).toBe('approved')
    expect(signed?.chainId).toBe(`eip155:${chain.chainId}`)
    expect(await textOf(result)).toBe(`Signature: ${signed?.result}`)

    // The wallet deletes the session: the page and the modal show disconnected.
    await wallet!.disconnect()
    await eventually(async () => {
      expect((await porticoState(page)).accounts.eip155?.status ?? 'disconnected').toBe('disconnected')
    }, 15_000)
    await page.locator(sel.connectButton).waitFor({ timeout: 10_000 })
    expect(await textOf(page.locator('[data-testid="address"]'))).toBe('—')
    await page.locator(sel.connectButton).click()
    await expectView(page, 'Connect')

    expect(outbound!.nonLoopback()).toEqual([])
    expect(await wallet!.nonLoopback()).toEqual([])
    // The relay really carried the session.
    expect(relay!.methods).toContain('wc_approveSession')
  }
})

describe('Solana over WalletConnect on the demo (issue 10): a real transfer through the loopback relay', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let relay: WalletConnectRelay | undefined
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined
  let wallet: WalletProcess | undefined
  let outbound: OutboundConnectionWatch | undefined

  beforeAll(async () => {
    world = getWorld()
    outbound = watchOutboundConnections()
    ;[relay, sol] = await Promise.all([startWalletConnectRelay({ port: 0 }), startSolanaDevnet({ port: 0 })])
    const relayUrl = relay.url
    const solana = {
      rpcUrl: sol.rpcUrl,
      genesisHash: sol.genesisHash,
      caipNetworkId: sol.caipNetworkId,
      fixtures: solanaFixturesToJson(sol.fixtures),
    }
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      solana,
      walletconnect: { url: relayUrl },
    }))
    // The WalletConnect wallet holds Solana dev key 1 (the extension dev wallet holds key 0).
    const key = sol.fixtures.devKeypairs[1]!
    wallet = await startWalletProcess({
      relayUrl,
      rpcUrls: {
        ...Object.fromEntries(world.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
        [sol.caipNetworkId]: sol.rpcUrl,
      },
      solana: { address: key.address, secretKey: [...key.secretKey] },
    })
  })

  afterAll(async () => {
    await wallet?.stop()
    await demo?.close()
    await relay?.stop()
    await sol?.stop()
    outbound?.restore()
  })

  it('Connect → WalletConnect → QR → the dev WC wallet pairs eip155 + solana in one session; a { to, value } send from the page moves the receiver by the amount and the sender by amount + 5000 lamports', async () => {
    const { page, guard } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    // WalletConnect is listed once: one session covers every namespace whose adapter is installed.
    await connect.locator('[data-connector-id="walletConnect"]').click()
    const qr = await expectView(page, 'ConnectingWalletConnect')
    await qr.locator('[data-state="ready"]').waitFor({ timeout: 20_000 })
    const uri = await page.evaluate(() => (window.__portico as unknown as { wcUri(): string }).wcUri())
    await screenshot(page, 'wc-solana-ConnectingWalletConnect')
    expect(await wallet!.pair(uri)).toBeDefined()

    const from = sol!.fixtures.devKeypairs[1]!.address
    const to = sol!.fixtures.devKeypairs[2]!.address
    await eventually(async () => {
      const s = await porticoState(page)
      expect(s.accounts.solana?.status).toBe('connected')
      expect(s.accounts.solana?.address).toBe(from)
    }, 20_000)
    if (!(await page.locator(sel.view('Account')).isVisible())) await page.locator(sel.accountButton).click()
    await expectView(page, 'Account')
    await screenshot(page, 'wc-solana-Account')
    await page.keyboard.press('Escape')

    const balance = async (address: string) =>
      BigInt(((await rpc(sol!.rpcUrl, 'getBalance', [address])) as { value: number }).value)
    const [fromBefore, toBefore] = await Promise.all([balance(from), balance(to)])
    const requestsBefore = (await wallet!.requests()).length
    const signature = await page.evaluate(
      (receiver) =>
        (
          window.__portico!.portico as unknown as { sendTransaction(p: unknown): Promise<string> }
        ).sendTransaction({ namespace: 'solana', request: { to: receiver, value: BigInt(1_500_000) } }),
      to,
    )
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const sent = (await wallet!.requests())
      .slice(requestsBefore)
      .find((r) => r.chainId === sol!.caipNetworkId)
    expect(sent).toMatchObject({ method: 'solana_signAndSendTransaction', outcome: 'approved' })
    await eventually(async () => expect(await balance(to)).toBe(toBefore + 1_500_000n), 15_000)
    expect(await balance(from)).toBe(fromBefore - 1_500_000n - 5_000n)

    await wallet!.disconnect()
    await eventually(async () => {
      expect((await porticoState(page)).accounts.solana?.status ?? 'disconnected').toBe('disconnected')
    }, 15_000)
    expect(outbound!.nonLoopback()).toEqual([])
    expect(await wallet!.nonLoopback()).toEqual([])
    guard.assertNoOutbound()
  })
})
