import { ApiPromise, WsProvider } from '@polkadot/api'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import {
  type CosmosDevnet,
  getFreePort,
  type PolkadotServiceInfo,
  spawnPolkadotDevnet,
  startCosmosDevnet,
} from '@portico/devnet'
import { createGateway, devnetStateNetworks, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, seriousViolations, textOf } from './demo.js'

// Issue 34 on Polkadot and Cosmos: `portico.pay(...)` in the demo, paid through the modal's Pay
// view from the Portico Dev Extension on chopsticks (the Rococo Asset Hub runtime) and from the
// Portico Cosmos Dev Wallet on the Cosmos simulator (a JS auth + bank state machine behind
// CometBFT RPC and REST: no Cosmos SDK node runs here). The chain is the source of truth: the
// recipient's balance is read from the node, and the site's back end (this test) trusts only the
// gateway's verdict on the transaction id the page returned.

const EXTENSION = 'Portico Dev Extension'
const COSMOS_WALLET = 'Portico Cosmos Dev Wallet'
const HUB = 'portico-hub-1'
const SECRET = 'shop-secret-0123456789'
const ROC = 10n ** 12n

interface PaymentAnswer {
  id: string
  status: string
  code?: string
  message?: string
  transaction: { hash: string; from: string; paid: string; confirmations: number } | null
}

/** Starts `portico.pay(params)` in the page; the outcome lands in `window.__payResult`. */
async function startPay(page: Page, params: Record<string, unknown>) {
  await page.evaluate((p) => {
    const w = window as unknown as {
      __payResult?: unknown
      __portico: { portico: { pay(p: unknown): Promise<string> } }
    }
    w.__payResult = undefined
    w.__portico.portico.pay(p).then(
      (hash) => {
        w.__payResult = { hash }
      },
      (e: { code?: string; name?: string }) => {
        w.__payResult = { error: e.name, code: e.code }
      },
    )
  }, params)
  return expectView(page, 'Pay')
}
const payResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { __payResult?: Record<string, string> }).__payResult)

const namespaceStatus = (page: Page, namespace: string) =>
  page.evaluate(
    (ns) =>
      (
        window.__portico!.portico.getState() as unknown as {
          accounts: Record<string, { status?: string } | undefined>
        }
      ).accounts[ns]?.status,
    namespace,
  )

/** Clicks a wallet of `namespace` in Connect and waits for the connection; closes the modal after. */
async function connectWallet(page: Page, namespace: string, name: string) {
  await page.locator(sel.connectButton).click()
  const connect = await expectView(page, 'Connect')
  const option = connect.locator(`[data-chain="${namespace}"][data-connector-id]:has-text("${name}")`)
  await option.waitFor({ timeout: 20_000 })
  await option.click()
  await eventually(async () => expect(await namespaceStatus(page, namespace)).toBe('connected'), 30_000)
  // After a connect the modal moves on to Account or closes (SPEC §2 allows both): close it.
  await page
    .locator(`${sel.view('Account')}, ${sel.accountButton}`)
    .first()
    .waitFor({ timeout: 20_000 })
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
  await dialog(page)
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined)
}

describe('Pay on Polkadot and Cosmos: portico.pay in the demo, paid on chopsticks and on the Cosmos simulator, verified by the gateway (issue 34)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let dot: PolkadotServiceInfo | undefined
  let sim: CosmosDevnet | undefined
  let api: ApiPromise | undefined
  let demo: DemoProxy | undefined
  let gateway: Gateway | undefined
  let apiUrl = ''

  beforeAll(async () => {
    world = getWorld()
    await cryptoWaitReady()
    ;[dot, sim] = await Promise.all([
      getFreePort().then((port) => spawnPolkadotDevnet({ port, detached: false })),
      startCosmosDevnet({ port: 0 }),
    ])
    api = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl), noInitWarn: true })
    // The site's back end: a gateway that reads the same chopsticks node and simulator.
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: devnetStateNetworks({ services: { polkadot: dot, cosmos: { chains: sim.chains } } }),
        projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
        payments: { watchIntervalMs: 3_600_000 },
      }),
    )
    apiUrl = await gateway.listen()
    const d = dot
    const s = sim
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      polkadot: {
        wsUrl: d.wsUrl,
        httpUrl: d.httpUrl,
        genesisHash: d.genesisHash,
        caipNetworkId: d.caipNetworkId,
        ss58Prefix: d.ss58Prefix,
        fixtures: d.fixtures,
      },
      cosmos: {
        chains: s.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
          chainId,
          bech32Prefix,
          rpcUrl,
          restUrl,
          caipNetworkId,
        })),
        fixtures: { accounts: s.fixtures.accounts },
      },
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  }, 240_000)
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await api?.disconnect()
    await sim?.stop()
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  const backEnd = (path: string, body: unknown, secret = true) =>
    fetch(`${apiUrl}${path}?projectId=shop`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${SECRET}` } : { origin: 'https://shop.example' }),
      },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as PaymentAnswer }))

  const free = async (address: string) =>
    (
      (await api!.query.system!.account!(address)) as unknown as { data: { free: { toBigInt(): bigint } } }
    ).data.free.toBigInt()

  const bank = async (address: string, denom: string) => {
    const chain = sim!.chains.find((c) => c.chainId === HUB)!
    const res = await fetch(
      `${chain.restUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${denom}`,
    )
    if (!res.ok) throw new Error(`bank balance ${res.status}`)
    return BigInt(((await res.json()) as { balance: { amount: string } }).balance.amount)
  }

  it('Polkadot: Cancel rejects PAYMENT_DECLINED and moves nothing; Pay sends 2 ROC from the dev extension, the call resolves with the extrinsic hash and the gateway says paid', async () => {
    const { page, guard } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    await connectWallet(page, 'polkadot', EXTENSION)
    const alice = dot!.fixtures.devAccounts.find((a) => a.name === 'Alice')!
    const shop = dot!.fixtures.devAccounts.find((a) => a.name === 'Charlie')!.address
    const network = dot!.caipNetworkId
    const terms = { recipient: shop, amount: '2', asset: 'native', network, reference: 'dot-order-9' }
    const created = await backEnd('/v1/payments', terms)
    expect([created.status, created.body.status]).toEqual([201, 'pending'])
    const before = await free(shop)

    let pay = await startPay(page, terms)
    expect(await textOf(pay.getByTestId('pay-amount'))).toBe('2 ROC')
    expect(await textOf(pay.getByTestId('pay-recipient'))).toBe(shop)
    await pay.getByTestId('pay-cancel').click()
    await eventually(async () => expect(await payResult(page)).toMatchObject({ code: 'PAYMENT_DECLINED' }))
    expect(await free(shop)).toBe(before)

    pay = await startPay(page, terms)
    await screenshot(page, 'pay-polkadot-review')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-confirm').click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 60_000 })
    const result = await payResult(page)
    expect(result?.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await textOf(pay.getByTestId('pay-hash'))).toBe(result!.hash)
    // The chain moved exactly the amount asked.
    expect((await free(shop)) - before).toBe(2n * ROC)
    await screenshot(page, 'pay-polkadot-paid')
    expect(await seriousViolations(page)).toEqual([])

    // The site's back end hands the page's hash to the gateway, which finds it in chopsticks' blocks.
    const verified = await backEnd(
      `/v1/payments/${created.body.id}/transactions`,
      { txHash: result!.hash },
      false,
    )
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      status: 'paid',
      transaction: { hash: result!.hash, from: alice.address, paid: '2' },
    })
    guard.assertNoOutbound()
  }, 240_000)

  it('Cosmos (simulator): Pay sends 1.25 ATOM from the Cosmos dev wallet, the call resolves with the tx hash; the gateway says paid and never lets that hash pay a second payment', async () => {
    const { page, guard } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    await connectWallet(page, 'cosmos', COSMOS_WALLET)
    const payer = sim!.fixtures.accounts[0]!.addresses[HUB]!
    const shop = sim!.fixtures.accounts[2]!.addresses[HUB]!
    const network = `cosmos:${HUB}`
    const terms = { recipient: shop, amount: '1.25', asset: 'native', network, reference: 'atom-order-9' }
    const created = await backEnd('/v1/payments', terms)
    expect([created.status, created.body.status]).toEqual([201, 'pending'])
    const other = await backEnd('/v1/payments', { ...terms, reference: 'atom-order-10' })
    const before = await bank(shop, 'uatom')

    const pay = await startPay(page, terms)
    expect(await textOf(pay.getByTestId('pay-amount'))).toBe('1.25 ATOM')
    expect(await textOf(pay.getByTestId('pay-recipient'))).toBe(shop)
    await screenshot(page, 'pay-cosmos-review')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-confirm').click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 60_000 })
    const result = await payResult(page)
    expect(result?.hash).toMatch(/^[0-9A-F]{64}$/)
    expect(await textOf(pay.getByTestId('pay-hash'))).toBe(result!.hash)
    expect((await bank(shop, 'uatom')) - before).toBe(1_250_000n)
    await screenshot(page, 'pay-cosmos-paid')

    const verified = await backEnd(
      `/v1/payments/${created.body.id}/transactions`,
      { txHash: result!.hash },
      false,
    )
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      status: 'paid',
      transaction: { hash: result!.hash, from: payer, paid: '1.25' },
    })
    const reused = await backEnd(
      `/v1/payments/${other.body.id}/transactions`,
      { txHash: result!.hash },
      false,
    )
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    guard.assertNoOutbound()
  }, 240_000)
})
