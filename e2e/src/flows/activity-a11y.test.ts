import { AxeBuilder } from '@axe-core/playwright'
import { getEvmFixtures } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { connectDevWallet, eventually, expectView, gotoDemo, setTheme } from './demo.js'

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

/** axe on the floating dialog (inside its shadow root): the serious and critical violations. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include([[MODAL, '[role="dialog"]']])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  expect(results.passes.length).toBeGreaterThan(5) // it really audited the dialog
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .map((n) => `${JSON.stringify(n.target.at(-1))} (${n.any[0]?.message ?? n.failureSummary ?? ''})`)
          .join('; ')}`,
    )
}

// Issue 22: axe in Chromium found the Activity tab failing colour contrast in the light theme.
// The tab is audited with real rows (a received and a sent transfer, indexed by a real gateway).
describe('Activity tab accessibility (axe-core, issue 22)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshots: string[] = []

  beforeAll(async () => {
    world = getWorld()
    // The devnet is shared by every e2e file: the transfers below are rolled back after.
    snapshots = await Promise.all(world.chains.map((c) => rpc<string>(c.rpcUrl, 'evm_snapshot', [])))
    const { multicall3 } = getEvmFixtures()
    const [owner, other] = world.fixtures.accounts as [string, string]
    const rpcUrl = world.chains[0]!.rpcUrl
    // A received and a sent transfer of the connected account (anvil's accounts are unlocked).
    await rpc(rpcUrl, 'eth_sendTransaction', [{ from: other, to: owner, value: '0xde0b6b3a7640000' }])
    await rpc(rpcUrl, 'eth_sendTransaction', [{ from: owner, to: other, value: '0x6f05b59d3b20000' }])
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

  for (const mode of ['light', 'dark'] as const) {
    it(`the Activity tab with received and sent rows has no serious or critical violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      await setTheme(page, mode)
      await connectDevWallet(page)
      const account = await expectView(page, 'Account')
      await account.getByRole('tab', { name: 'Activity' }).click()
      await eventually(async () => {
        const list = account.locator('[data-testid="activity-list"]')
        expect(await list.locator('li', { hasText: 'Received' }).count()).toBeGreaterThan(0)
        expect(await list.locator('li', { hasText: 'Sent' }).count()).toBeGreaterThan(0)
      }, 30_000)
      await screenshot(page, `Activity-${mode}`)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
