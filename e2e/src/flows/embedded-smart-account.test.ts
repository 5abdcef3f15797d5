import { AxeBuilder } from '@axe-core/playwright'
import {
  type BundlerProcess,
  getAaFixtures,
  getDevAccounts,
  getEvmFixtures,
  type SmtpCatcher,
  startBundler,
  startSmtpCatcher,
  stopBundler,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import { type Address, createPublicClient, createWalletClient, erc20Abi, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, snapshotChains, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  eventually,
  expectAccountAfterConnect,
  expectView,
  gotoDemo,
  porticoState,
  seriousViolations,
  textOf,
} from './demo.js'
import { codeFrom, emailLogin, signerFrame } from './embedded-login.js'

// Issue 30 for embedded-wallet users, in Chromium: an email login (code typed in the signer frame)
// opens on the SimpleAccount v0.7 the embedded key owns (`preferredAccountType` defaults to
// 'smartAccount'), counterfactual at the factory's getAddress(owner, 0). With zero ETH it sends USDC:
// the gateway's paymaster sponsors the gas, the frame's user-operation card shows the deployment and
// who pays, Approve signs, a real @pimlico/alto bundler lands it, the account is deployed, and Activity
// lists the transfer (indexed by the gateway). Money and code are read from anvil, never from the page.

/** signer/src/user-operation/strings.ts (en). */
const CARD_TITLE = 'Send from your smart account'

const factoryAbi = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
  },
] as const

/** axe on the signer frame's card, in the light and the dark scheme: serious and critical violations. */
async function frameCardViolations(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const results = await new AxeBuilder({ page })
      .include({ fromFrames: ['iframe[data-portico-signer]', '.card'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze()
    for (const v of results.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(
          `${scheme} ${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join('; ')}`,
        )
  }
  await page.emulateMedia({ colorScheme: null })
  return found
}

describe('embedded wallet: email login → counterfactual smart account → sponsored send with zero ETH → deployed → Activity (issue 30)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let bundler: BundlerProcess | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let restore: (() => Promise<void>) | undefined
  let apiUrl = ''
  const aa = getAaFixtures()

  beforeAll(async () => {
    world = getWorld()
    const rpcUrl = world.chains[0]!.rpcUrl
    restore = await snapshotChains(world.chains)
    smtp = await startSmtpCatcher()
    bundler = await startBundler({ rpcUrl, chainId: world.chains[0]!.chainId, readyTimeoutMs: 240_000 })
    const chain = `eip155:${world.chains[0]!.chainId}`
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        cache: { balanceTtlMs: 0 },
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
        ],
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3: getEvmFixtures().multicall3,
          tokens: world.fixtures.tokens.map((t) => ({ ...t, name: t.symbol })),
          indexer: { enabled: true, fromBlock: 0, pollIntervalMs: 200 },
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-0123',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        },
        paymaster: {
          signerKey: aa.paymasterSignerKey,
          chains: [
            {
              chainId: chain,
              bundlerUrl: bundler.url,
              entryPoint: aa.entryPoint,
              paymaster: aa.verifyingPaymaster,
            },
          ],
          policies: [
            { projectId: 'local', chains: [chain], targets: 'any', perAccountPerDay: '0.05', perDay: '1' },
          ],
        },
      }),
    )
    apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl },
      smartAccount: { factory: aa.simpleAccountFactory, networks: [chain] },
    }))
  }, 300_000)

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await smtp?.close()
    if (bundler) await stopBundler(bundler)
    await restore?.()
  })

  const client = () => createPublicClient({ transport: http(world.chains[0]!.rpcUrl) })
  const usdc = () => world.fixtures.tokens.find((t) => t.symbol === 'USDC')!.address as Address
  const usdcOf = (owner: Address) =>
    client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  async function reviewUsdcSend(page: Page, to: string, amount: string): Promise<Locator> {
    const account = await expectView(page, 'Account')
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    const token = send.getByTestId('send-token')
    await eventually(
      async () => expect(await token.locator('option', { hasText: 'USDC' }).count()).toBe(1),
      30_000,
    )
    await token.selectOption((await token.locator('option', { hasText: 'USDC' }).getAttribute('value'))!)
    await send.getByTestId('send-amount').fill(amount)
    await send.getByTestId('send-to').fill(to)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 60_000 })
    await send.getByTestId('send-review').click()
    return send
  }

  it('opens on the counterfactual smart account its key owns; a USDC send with zero ETH is sponsored, shown on the frame’s user-operation card (axe clean), deploys the account and appears in Activity', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    const { address } = await emailLogin(page, `sam-${Date.now()}@example.com`, codeFrom(smtp!))

    // The active account is the smart account; its owner is the embedded key (the record's `owner`).
    const state = await porticoState(page)
    const eip155 = state.accounts.eip155 as unknown as {
      smartAccountDeployed?: boolean
      allAccounts: { address: string; type: string; owner?: string; deployed?: boolean }[]
    }
    const smartRecord = eip155.allAccounts.find((r) => r.type === 'smartAccount')
    const eoa = eip155.allAccounts.find((r) => r.type === 'eoa')
    expect(smartRecord?.address).toBe(address)
    expect(smartRecord?.owner?.toLowerCase()).toBe(eoa?.address.toLowerCase())
    expect(eip155.smartAccountDeployed).toBe(false)
    // Counterfactual: the factory's getAddress(owner, 0), no code, no ETH.
    const predicted = await client().readContract({
      address: aa.simpleAccountFactory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [eoa!.address as Address, 0n],
    })
    expect(predicted).toBe(address)
    expect(await client().getCode({ address })).toBeUndefined()
    expect(await client().getBalance({ address })).toBe(0n)

    let account = await expectAccountAfterConnect(page)
    expect(await textOf(account.getByTestId('account-type-active'))).toBe('Smart account')
    expect(await textOf(account.getByTestId('account-type'))).toContain('Not deployed yet')
    await screenshot(page, 'embedded-smart-account-Account')
    expect(await seriousViolations(page)).toEqual([])

    // USDC to the counterfactual address, from a dev account (reverted with the snapshot).
    const funder = createWalletClient({
      account: privateKeyToAccount(getDevAccounts()[4]!.privateKey as Hex),
      transport: http(world.chains[0]!.rpcUrl),
    })
    await client().waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [address, 5_000_000n],
        chain: null,
      }),
    })
    // Funds that arrived from elsewhere: the host asks for a fresh read (past the gateway's cache).
    await page.evaluate(() =>
      (window.__portico!.portico as unknown as { refreshBalance(ns: string): Promise<void> }).refreshBalance(
        'eip155',
      ),
    )
    const recipient = getDevAccounts()[6]!.address as Address
    const before = await usdcOf(recipient)

    const send = await reviewUsdcSend(page, recipient, '1.25')
    const sponsored = send.getByTestId('send-sponsored')
    await sponsored.waitFor({ timeout: 60_000 })
    // The site's name from the app metadata the demo gives createPortico (not the gateway's project id).
    expect(await textOf(sponsored)).toBe('Sponsored by Portico demo')
    await send.getByTestId('send-confirm-button').click()

    // The frame's user-operation card: the sender, the deployment by this first operation, the sponsor.
    const frame = signerFrame(page)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await approve.waitFor({ timeout: 60_000 })
    const card = await textOf(frame.locator('.card'))
    expect(card).toContain(CARD_TITLE)
    expect(card).toContain(`From: ${address} (smart account)`)
    expect(card).toContain(`This first transaction also deploys your smart account (owner ${eoa!.address}).`)
    // The frame names the sponsor as the site names itself, beside what it knows itself: the requesting site's host.
    expect(card).toContain(
      `Gas: sponsored by Portico demo, the site at ${new URL(demo!.url).host} (you pay nothing)`,
    )
    expect(card).toContain('Token transfer: 1250000 of token')
    expect(card).toContain(`Requested by: ${new URL(demo!.url).origin}`)
    await screenshot(page, 'embedded-smart-account-user-operation-card')
    expect(await frameCardViolations(page)).toEqual([])
    await approve.click({ timeout: 15_000 })

    await send.getByTestId('send-sent').waitFor({ timeout: 90_000 })
    await eventually(async () => expect(await usdcOf(recipient)).toBe(before + 1_250_000n), 60_000)
    expect(await usdcOf(address)).toBe(3_750_000n)
    // Deployed by that operation, and not a wei of ETH spent: the paymaster paid.
    expect(await client().getCode({ address })).toMatch(/^0x[0-9a-f]{2,}/)
    expect(await client().getBalance({ address })).toBe(0n)
    await screenshot(page, 'embedded-smart-account-sent')

    await send.getByRole('button', { name: 'Done' }).click()
    account = await expectView(page, 'Account')
    await eventually(
      async () => expect(await textOf(account.getByTestId('account-type'))).not.toContain('Not deployed yet'),
      30_000,
    )
    await eventually(
      async () =>
        expect(
          (await porticoState(page)).accounts.eip155 as unknown as { smartAccountDeployed?: boolean },
        ).toMatchObject({
          smartAccountDeployed: true,
        }),
      30_000,
    )

    // Activity lists the transfer the smart account sent (the gateway's indexer read it from anvil).
    // First the gateway's history has it (under the bundle transaction's hash), so Activity has both to show.
    await eventually(async () => {
      const res = await fetch(
        `${apiUrl}/v1/account/${address}/history?projectId=local&chainId=eip155:${world.chains[0]!.chainId}`,
        { headers: { origin: new URL(demo!.url).origin } },
      )
      expect(res.status).toBe(200)
      expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    }, 30_000)
    await account.getByRole('tab', { name: 'Activity' }).click()
    await eventually(async () => {
      const list = account.locator('[data-testid="activity-list"]')
      // Listed once: the indexed transfer (under the bundle's hash) replaces the pending send (the user operation's hash).
      expect(await list.locator('li', { hasText: 'Sent' }).count()).toBe(1)
      expect(await textOf(list.locator('li', { hasText: 'Sent' }))).toContain('-1.250 USDC')
    }, 60_000)
    await screenshot(page, 'embedded-smart-account-Activity')
    expect(await seriousViolations(page)).toEqual([])
  }, 300_000)
})
