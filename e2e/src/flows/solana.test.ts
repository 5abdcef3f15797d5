import { type SolanaDevnet, solanaFixturesToJson, startSolanaDevnet } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 7 "Done when": the demo offers EVM and Solana; connect both, switch the
// active namespace (SPEC §2: opening with another namespace switches instead of
// opening a view), Account shows each namespace's address and balance. The local
// SVM (litesvm behind devnet's JSON-RPC server) runs in this process on loopback.

const EVM_WALLET = 'Portico Dev Wallet'
const SOLANA_WALLET = 'Portico Solana Dev Wallet'

/** The UI's short address: `0x` + 4 … 4 for EVM, 4 … 4 for base58. */
function short(address: string): string {
  const prefix = address.startsWith('0x') ? '0x' : ''
  const body = address.slice(prefix.length)
  return `${prefix}${body.slice(0, 4)}…${body.slice(-4)}`
}

/** An integer amount in base units, truncated to 3 decimals (SPEC §5). */
function truncated(value: bigint, decimals: number, symbol: string): string {
  const unit = 10n ** BigInt(decimals)
  const milli = ((value % unit) * 1000n) / unit
  return `${value / unit}.${milli.toString().padStart(3, '0')} ${symbol}`
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: T }).result
}

interface NsState {
  activeNamespace?: string
  accounts: Record<string, { address?: string; status?: string } | undefined>
  networks: { active: Record<string, string | undefined> }
  modal: { open: boolean }
  router: { view: string; history: { view: string }[] }
}
const state = (page: Page): Promise<NsState> =>
  page.evaluate(() =>
    // State carries bigints (amounts, outcomes' fees): JSON carries them as decimal strings.
    JSON.parse(
      JSON.stringify(window.__portico!.portico.getState(), (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    ),
  )

describe('EVM + Solana on the demo (issue 7)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    world = getWorld()
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

  it('connects an EVM and a Solana wallet, switches the active namespace, Account shows each address and balance', async () => {
    const { page, guard } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const evmAddress = world.fixtures.accounts[0]!
    const solAddress = sol!.fixtures.devKeypairs[0]!.address
    const chain = world.chains[0]!
    const wei = BigInt(await rpc<string>(chain.rpcUrl, 'eth_getBalance', [evmAddress, 'latest']))
    const lamports = BigInt((await rpc<{ value: number }>(sol!.rpcUrl, 'getBalance', [solAddress])).value)
    const evmBalance = truncated(wei, 18, 'ETH')
    const solBalance = truncated(lamports, 9, 'SOL')
    expect(solBalance).toBe('1000.000 SOL')

    // Connect offers both chains, grouped.
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    expect(await connect.locator('[data-chain="eip155"] [data-connector-id]').count()).toBeGreaterThan(0)
    expect(await textOf(connect.locator('.group[data-chain="solana"]'))).toContain(SOLANA_WALLET)
    await screenshot(page, 'solana-Connect')

    // EVM first.
    await connect.locator(`[data-chain="eip155"][data-connector-id]:has-text("${EVM_WALLET}")`).click()
    await eventually(
      async () => expect((await state(page)).accounts.eip155?.status).toBe('connected'),
      20_000,
    )
    const account = await openAccount(page)
    const namespaces = account.locator('[data-namespace]')
    await eventually(async () => {
      // Only the connected wallet has a row; the namespaces without one share one entry.
      expect(await namespaces.evaluateAll((els) => els.map((e) => e.getAttribute('data-namespace')))).toEqual(
        ['eip155'],
      )
      expect(await textOf(account.locator('[data-testid="connect-another-wallet"]'))).toBe(
        'Connect another wallet',
      )
    })

    // Then Solana, from "Connect another wallet" in Account.
    await account.locator('[data-testid="connect-another-wallet"]').click()
    const connect2 = await expectView(page, 'Connect')
    await connect2.locator(`[data-chain="solana"][data-connector-id]:has-text("${SOLANA_WALLET}")`).click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.solana?.status).toBe('connected')
      expect(s.accounts.solana?.address).toBe(solAddress)
      expect(s.accounts.eip155?.status).toBe('connected')
    }, 20_000)
    const account2 = await openAccount(page)

    // Both rows: each namespace's own address and balance.
    await eventually(async () => {
      for (const [ns, address, balance] of [
        ['eip155', evmAddress, evmBalance],
        ['solana', solAddress, solBalance],
      ] as const) {
        const row = account2.locator(`[data-namespace="${ns}"]`)
        expect(await textOf(row.locator('[data-testid="namespace-address"]'))).toBe(short(address))
        expect(await textOf(row.locator('[data-testid="namespace-balance"]'))).toBe(balance)
      }
    }, 20_000)

    // Make each namespace active from its row; the header shows that namespace's account.
    for (const [ns, address, balance] of [
      ['eip155', evmAddress, evmBalance],
      ['solana', solAddress, solBalance],
    ] as const) {
      const before = await state(page)
      if (before.activeNamespace !== ns) await account2.locator(`[data-namespace="${ns}"]`).click()
      await eventually(async () => {
        expect((await state(page)).activeNamespace).toBe(ns)
        const view = await expectView(page, 'Account')
        expect(await textOf(view.locator('[data-testid="account-name"]'))).toBe(short(address))
        expect(await textOf(view.locator('[data-testid="account-balance"]'))).toBe(balance)
        expect(await view.locator(`[data-namespace="${ns}"]`).getAttribute('aria-current')).toBe('true')
      }, 15_000)
      await screenshot(page, `solana-Account-active-${ns}`)
    }

    // SPEC §2 through the API: open({ namespace }) with another namespace switches
    // the active namespace instead of opening a view; with the active one it opens Account.
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    const other = (await state(page)).activeNamespace === 'solana' ? 'eip155' : 'solana'
    await page.evaluate(
      (ns) =>
        (window.__portico!.portico as unknown as { open(o: { namespace: string }): Promise<void> }).open({
          namespace: ns,
        }),
      other,
    )
    await eventually(async () => expect((await state(page)).activeNamespace).toBe(other), 15_000)
    const afterSwitch = await state(page)
    // No view was opened for it: the stack holds the one view it had, and the modal shows that account.
    expect(afterSwitch.router.history.map((e) => e.view)).toEqual(['Account'])
    const shown = await expectView(page, 'Account')
    const [otherAddress, otherBalance] =
      other === 'solana' ? [solAddress, solBalance] : [evmAddress, evmBalance]
    await eventually(async () => {
      expect(await textOf(shown.locator('[data-testid="account-name"]'))).toBe(short(otherAddress))
      expect(await textOf(shown.locator('[data-testid="account-balance"]'))).toBe(otherBalance)
    })
    expect(afterSwitch.accounts.eip155?.status).toBe('connected')
    expect(afterSwitch.accounts.solana?.status).toBe('connected')
    // The page's hooks follow the active namespace.
    await eventually(async () =>
      expect(await textOf(page.locator('[data-testid="address"]'))).toBe(otherAddress),
    )

    guard.assertNoOutbound()
  })
})

/** Account after a connect: the modal either moves on to Account or closes (SPEC §2 allows both). */
async function openAccount(page: Page) {
  const account = page.locator(sel.view('Account'))
  await page
    .locator(`${sel.view('Account')}, ${sel.accountButton}`)
    .first()
    .waitFor({ timeout: 20_000 })
  if (!(await account.isVisible())) {
    await dialog(page)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {})
    if (!(await account.isVisible())) await page.locator(sel.accountButton).click()
  }
  return expectView(page, 'Account')
}
