import { getDevAccounts, MULTICALL3_ADDRESS } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig, sessionTypedData } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { connectDevWallet, eventually, expectView, gotoDemo, seriousViolations, setTheme } from './demo.js'

// A dev account only this file signs sessions for (its gateway is its own, in memory).
const OWNER = 8

// Issue 18 (smart-session revocation): in Chromium against a real gateway — a session created over
// the gateway's API with the owner's key is listed in Account → Active sessions; Revoke has the dev
// wallet sign the EIP-712 SessionRevoke; the row leaves and the gateway says revoked.
describe('sessions: the Active sessions view (issue 18)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let apiUrl = ''
  let demo: DemoProxy | undefined
  const owner = privateKeyToAccount(getDevAccounts()[OWNER]!.privateKey)

  beforeAll(async () => {
    world = getWorld()
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
          tokens: world.fixtures.tokens.map((t) => ({ ...t, name: t.symbol })),
        })),
      }),
    )
    apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
  })

  /** Creates a session over the gateway's API, signed with the owner's dev key (as a dapp backend would). */
  async function createSession(permissions: Record<string, unknown>) {
    const fields = {
      pci: `0x${crypto.randomUUID().replaceAll('-', '')}${'0'.repeat(8)}`,
      chainId: `eip155:${world.chains[0]!.chainId}`,
      expiry: Date.now() + 3_600_000,
      address: owner.address,
      permissions,
      nonce: crypto.randomUUID(),
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project: 'local' }))
    const res = await fetch(`${apiUrl}/v1/sessions?projectId=local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, signature }),
    })
    expect(res.status).toBe(201)
    return (await res.json()) as { id: string; pci: string }
  }

  async function openSessions(page: Page, mode?: 'light' | 'dark'): Promise<Locator> {
    await gotoDemo(page, demo!.url)
    // The demo's theme switch is inert under an open modal: pick the theme first.
    if (mode) await setTheme(page, mode)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, OWNER)
    await connectDevWallet(page)
    const account = await expectView(page, 'Account')
    await account.getByTestId('account-sessions').click()
    return expectView(page, 'Sessions')
  }

  it('lists a session created through the gateway; Revoke → the wallet signs → the row leaves and the gateway says revoked', async () => {
    const session = await createSession({ spend: '0.5 ETH', contracts: ['0xabc'] })
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const view = await openSessions(page)
    const row = view.locator(`[data-testid="session-row"][data-session-id="${session.id}"]`)
    await row.waitFor({ timeout: 15_000 })
    expect(await row.textContent()).toContain('Permissions: spend: 0.5 ETH')
    await screenshot(page, 'sessions-list')
    await row.getByTestId('session-revoke').click()
    await row.waitFor({ state: 'detached', timeout: 30_000 })
    await screenshot(page, 'sessions-revoked')
    await eventually(async () => {
      const res = await fetch(`${apiUrl}/v1/sessions/${session.id}?projectId=local`)
      expect(((await res.json()) as { status: string }).status).toBe('revoked')
    })
  }, 120_000)

  for (const mode of ['light', 'dark'] as const) {
    it(`Active sessions and Help have no serious or critical axe violations (${mode})`, async () => {
      await createSession({ spend: '1 ETH' })
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      const view = await openSessions(page, mode)
      await view.locator('[data-testid="session-row"]').first().waitFor({ timeout: 15_000 })
      const found: Record<string, string[]> = {}
      found.sessions = await seriousViolations(page)
      await screenshot(page, `sessions-axe-${mode}`)
      await page.getByRole('button', { name: 'Back' }).click()
      const account = await expectView(page, 'Account')
      await account.getByTestId('account-help').click()
      await expectView(page, 'Help')
      found.help = await seriousViolations(page)
      await screenshot(page, `help-axe-${mode}`)
      expect(found).toEqual({ sessions: [], help: [] })
    }, 120_000)
  }
})
