import { verifyAdr036Signature } from '@portico/adapter-cosmos'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { createGateway, devnetStateNetworks, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 13 "Done when": the demo offers Cosmos; in Chromium the Cosmos dev
// wallet (Keplr API) connects through the modal, Account shows the balance,
// a message is signed (ADR-036, verified here), a MsgSend lands and the new
// balance shows, and a switch to the second chain (other bech32 prefix, same
// key) shows the new address. The chain is the Cosmos chain simulator
// (devnet/src/cosmos, in this process on loopback): no Cosmos SDK node can be
// installed on these machines.

const COSMOS_WALLET = 'Portico Cosmos Dev Wallet'
const HUB = 'portico-hub-1'
const OSMO = 'portico-osmo-1'

/**
 * The UI's short address for a bech32 address (core's `shortenAddress`): the human-readable part and
 * its `1` separator (bech32's data characters never include `1`), then 4 … 4.
 */
const short = (address: string) => {
  const hrp = address.slice(0, address.lastIndexOf('1') + 1)
  return `${hrp}${address.slice(hrp.length, hrp.length + 4)}…${address.slice(-4)}`
}

/** An integer amount in base units, truncated to 3 decimals (SPEC §5). */
function truncated(value: bigint, decimals: number, symbol: string): string {
  const unit = 10n ** BigInt(decimals)
  const milli = ((value % unit) * 1000n) / unit
  return `${value / unit}.${milli.toString().padStart(3, '0')} ${symbol}`
}

interface NsState {
  activeNamespace?: string
  accounts: Record<string, { address?: string; caipAddress?: string; status?: string } | undefined>
  networks: { active: Record<string, string | undefined> }
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

describe('Cosmos on the demo (issue 13), against the Cosmos chain simulator', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sim: CosmosDevnet | undefined
  let demo: DemoProxy | undefined
  let gateway: Gateway | undefined

  /** A bank balance read from the simulator's REST API (what wallets and explorers read). */
  async function bank(chainId: string, address: string, denom: string): Promise<bigint> {
    const chain = sim!.chains.find((c) => c.chainId === chainId)!
    const res = await fetch(
      `${chain.restUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${denom}`,
    )
    if (!res.ok) throw new Error(`bank balance ${res.status}`)
    return BigInt(((await res.json()) as { balance: { amount: string } }).balance.amount)
  }

  beforeAll(async () => {
    world = getWorld()
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
    // The gateway answers cosmos history (Activity) from the simulator's REST GetTxsEvent.
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: devnetStateNetworks({ services: { cosmos: { chains: sim.chains } } }),
      }),
    )
    const apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      cosmos,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await sim?.stop()
  })

  it('connects the Cosmos dev wallet, shows the balance, signs (ADR-036 verifies), sends, and switches chain to a new prefix', async () => {
    const { page, guard } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const hubAddress = sim!.fixtures.accounts[0]!.addresses[HUB]!
    const osmoAddress = sim!.fixtures.accounts[0]!.addresses[OSMO]!
    const receiver = sim!.fixtures.accounts[2]!.addresses[HUB]!
    expect(hubAddress.startsWith('cosmos1')).toBe(true)
    expect(osmoAddress.startsWith('osmo1')).toBe(true)

    // Connect lists the Cosmos dev wallet in its own chain group.
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const group = connect.locator('.group[data-chain="cosmos"]')
    await eventually(async () => expect(await textOf(group)).toContain(COSMOS_WALLET))
    await screenshot(page, 'cosmos-Connect')
    await connect.locator(`[data-chain="cosmos"][data-connector-id]:has-text("${COSMOS_WALLET}")`).click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.cosmos?.status).toBe('connected')
      expect(s.accounts.cosmos?.address).toBe(hubAddress)
      expect(s.accounts.cosmos?.caipAddress).toBe(`cosmos:${HUB}:${hubAddress}`)
      expect(s.networks.active.cosmos).toBe(`cosmos:${HUB}`)
    }, 20_000)

    // Account: the address and the ATOM balance the chain holds (SPEC §5: 3 decimals).
    const account = await openAccount(page)
    const before = await bank(HUB, hubAddress, 'uatom')
    expect(truncated(before, 6, 'ATOM')).toBe('1000000.000 ATOM')
    await eventually(async () => {
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(short(hubAddress))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe(
        truncated(before, 6, 'ATOM'),
      )
    }, 20_000)
    // Tokens: the fee coin once (core's native entry), then the chain's other denom.
    const tokenSymbols = (view: typeof account) =>
      view.locator('[data-testid="token-list"] .token .row-sub').allTextContents()
    await eventually(async () => expect(await tokenSymbols(account)).toEqual(['ATOM', 'USDC']), 20_000)
    await screenshot(page, 'cosmos-Account-hub')

    // Sign: an ADR-036 signature that verifies for the account (checked here, outside the page).
    const message = 'Portico e2e: sign in to the Cosmos demo'
    const signed = await page.evaluate(
      (m) =>
        (
          window.__portico!.portico as unknown as {
            signMessageDetailed(p: { message: string; namespace: string }): Promise<{
              signature: string
              publicKey?: string
            }>
          }
        ).signMessageDetailed({ message: m, namespace: 'cosmos' }),
      message,
    )
    expect(signed.publicKey).toBe(`0x${sim!.fixtures.accounts[0]!.publicKey}`)
    expect(
      await verifyAdr036Signature({
        signer: hubAddress,
        data: message,
        publicKey: signed.publicKey!,
        signature: signed.signature,
      }),
    ).toBe(true)
    expect(
      await verifyAdr036Signature({
        signer: hubAddress,
        data: `${message}!`,
        publicKey: signed.publicKey!,
        signature: signed.signature,
      }),
    ).toBe(false)

    // Send 1.5 ATOM (MsgSend, direct signing, gas simulated): the receiver gains exactly that.
    const receiverBefore = await bank(HUB, receiver, 'uatom')
    const hash = await page.evaluate(
      (to) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
          }
        ).sendTransaction({
          namespace: 'cosmos',
          request: { to, amount: [{ denom: 'uatom', amount: '1500000' }] },
        }),
      receiver,
    )
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    await eventually(async () => expect(await bank(HUB, receiver, 'uatom')).toBe(receiverBefore + 1_500_000n))
    const after = await bank(HUB, hubAddress, 'uatom')
    expect(after).toBeLessThan(before - 1_500_000n) // amount + fee
    // Account shows the new balance (core re-reads after waitForTransaction).
    const account2 = await openAccount(page)
    await eventually(
      async () =>
        expect(await textOf(account2.locator('[data-testid="account-balance"]'))).toBe(
          truncated(after, 6, 'ATOM'),
        ),
      20_000,
    )
    await screenshot(page, 'cosmos-Account-after-send')

    // Activity (the gateway's cosmos history): the send is listed; a second send made while the tab
    // stays open appears without reopening it (the tab polls while open).
    await account2.getByRole('tab', { name: 'Activity' }).click()
    const panel = account2.getByRole('tabpanel')
    await eventually(
      async () =>
        expect(await textOf(panel.locator(`[data-activity-id="cosmos:${HUB}:${hash}"]`))).toMatch(
          /Sent.*-1\.500 ATOM/,
        ),
      20_000,
    )
    const second = await page.evaluate(
      (to) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
          }
        ).sendTransaction({
          namespace: 'cosmos',
          request: { to, amount: [{ denom: 'uusdc', amount: '250000' }] },
        }),
      receiver,
    )
    expect(second).toMatch(/^[0-9A-F]{64}$/)
    // Listed by the gateway (its item id), not only as the client's own pending send.
    const listed = panel.locator(`[data-activity-id="cosmos:${HUB}:${second}"]`)
    await eventually(async () => expect(await textOf(listed)).toMatch(/Sent.*-0\.250 USDC/), 30_000)
    expect(await textOf(panel)).toMatch(/Sent.*-0\.250 USDC.*Sent.*-1\.500 ATOM/)
    await screenshot(page, 'cosmos-Activity')
    await account2.getByRole('tab', { name: 'Tokens' }).click()

    // Switch to the second chain from the Networks view: same key, osmo1… address, OSMO balance.
    await account2.locator('button.row', { hasText: 'Portico Hub (local)' }).click()
    const networks = await expectView(page, 'Networks')
    await screenshot(page, 'cosmos-Networks')
    await networks.locator(sel.network(`cosmos:${OSMO}`)).click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.networks.active.cosmos).toBe(`cosmos:${OSMO}`)
      expect(s.accounts.cosmos?.address).toBe(osmoAddress)
      expect(s.accounts.cosmos?.caipAddress).toBe(`cosmos:${OSMO}:${osmoAddress}`)
    }, 20_000)
    const osmoBalance = truncated(await bank(OSMO, osmoAddress, 'uosmo'), 6, 'OSMO')
    const account3 = await openAccount(page)
    await eventually(async () => {
      expect(await textOf(account3.locator('[data-testid="account-name"]'))).toBe(short(osmoAddress))
      expect(await textOf(account3.locator('[data-testid="account-balance"]'))).toBe(osmoBalance)
    }, 20_000)
    // The token list is the new chain's: nothing of the hub remains.
    await eventually(async () => expect(await tokenSymbols(account3)).toEqual(['OSMO']), 20_000)
    await screenshot(page, 'cosmos-Account-osmo')

    guard.assertNoOutbound()
  })
})

/** Account after an action: the modal shows it, or it closed and the account button opens it. */
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
  await account.waitFor({ state: 'visible', timeout: 15_000 })
  return account
}
