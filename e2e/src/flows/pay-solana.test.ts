import { type SolanaDevnet, solanaFixturesToJson, startSolanaDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, seriousViolations, textOf } from './demo.js'

// Issue 34 on a non-EVM namespace: `portico.pay(...)` on the local SVM (litesvm behind the
// devnet's JSON-RPC), paid from the demo's Solana dev wallet through the modal's Pay view. The
// chain is the source of truth: the recipient's lamports are read from the engine, and the site's
// back end (this test) trusts only the gateway's verdict on the signature the page returned.

const SOLANA_WALLET = 'Portico Solana Dev Wallet'
const SECRET = 'shop-secret-0123456789'

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
/** What the gateway answers (`GET /v1/payments/{id}`), as far as this test reads it. */
interface PaymentAnswer {
  id: string
  status: string
  code?: string
  transaction: { hash: string; from: string; paid: string } | null
}
const payResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { __payResult?: Record<string, string> }).__payResult)

describe('Pay on Solana: portico.pay in the demo, paid on the local SVM, verified by the gateway (issue 34)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined
  let gateway: Gateway | undefined
  let apiUrl = ''

  beforeAll(async () => {
    world = getWorld()
    sol = await startSolanaDevnet({ port: 0 })
    // The site's back end: a gateway that reads the same SVM (one project with a secret).
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: [{ caipNetworkId: sol.caipNetworkId, name: 'Local SVM', rpcUrl: sol.rpcUrl }],
        projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
        payments: { watchIntervalMs: 3_600_000 },
      }),
    )
    apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      solana: {
        rpcUrl: sol!.rpcUrl,
        genesisHash: sol!.genesisHash,
        caipNetworkId: sol!.caipNetworkId,
        fixtures: solanaFixturesToJson(sol!.fixtures),
      },
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await sol?.stop()
  })

  async function connectSolana(page: Page) {
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator(`[data-chain="solana"][data-connector-id]:has-text("${SOLANA_WALLET}")`).click()
    await eventually(async () => {
      const s = (await page.evaluate(() =>
        JSON.parse(
          JSON.stringify(window.__portico!.portico.getState(), (_k, v) =>
            typeof v === 'bigint' ? v.toString() : v,
          ),
        ),
      )) as { accounts: { solana?: { status?: string } } }
      expect(s.accounts.solana?.status).toBe('connected')
    }, 20_000)
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

  const backEnd = (path: string, body: unknown, secret = true) =>
    fetch(`${apiUrl}${path}?projectId=shop`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${SECRET}` } : { origin: 'https://shop.example' }),
      },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as PaymentAnswer }))

  it('declined, then paid: Cancel rejects PAYMENT_DECLINED and moves nothing; Pay sends 0.25 SOL, the call resolves with the signature and the gateway says paid', async () => {
    const { page, guard } = await browser.newPage({ reducedMotion: 'reduce' })
    await connectSolana(page)
    const shop = sol!.fixtures.devKeypairs[2]!.address
    const before = BigInt(sol!.svm.getBalance(shop as never) ?? 0n)
    const network = sol!.caipNetworkId
    const created = await backEnd('/v1/payments', {
      network,
      recipient: shop,
      asset: 'native',
      amount: '0.25',
      reference: 'sol-order-7',
    })
    expect([created.status, created.body.status]).toEqual([201, 'pending'])

    let pay = await startPay(page, {
      recipient: shop,
      amount: '0.25',
      asset: 'native',
      network,
      reference: 'sol-order-7',
    })
    expect(await textOf(pay.getByTestId('pay-amount'))).toBe('0.25 SOL')
    expect(await textOf(pay.getByTestId('pay-recipient'))).toBe(shop)
    await pay.getByTestId('pay-cancel').click()
    await eventually(async () => expect(await payResult(page)).toMatchObject({ code: 'PAYMENT_DECLINED' }))
    expect(BigInt(sol!.svm.getBalance(shop as never) ?? 0n)).toBe(before)

    pay = await startPay(page, {
      recipient: shop,
      amount: '0.25',
      asset: 'native',
      network,
      reference: 'sol-order-7',
    })
    await screenshot(page, 'pay-solana-review')
    expect(await seriousViolations(page)).toEqual([])
    await pay.getByTestId('pay-confirm').click()
    await pay.getByTestId('pay-paid').waitFor({ timeout: 30_000 })
    const result = await payResult(page)
    expect(result?.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await textOf(pay.getByTestId('pay-hash'))).toBe(result!.hash)
    // The chain moved exactly the amount asked.
    expect(BigInt(sol!.svm.getBalance(shop as never) ?? 0n) - before).toBe(250_000_000n)
    await screenshot(page, 'pay-solana-paid')
    expect(await seriousViolations(page)).toEqual([])

    // The site's back end hands the page's signature to the gateway, which reads the chain itself.
    const verified = await backEnd(
      `/v1/payments/${created.body.id}/transactions`,
      { txHash: result!.hash },
      false,
    )
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      status: 'paid',
      transaction: { hash: result!.hash, from: sol!.fixtures.devKeypairs[0]!.address, paid: '0.25' },
    })
    guard.assertNoOutbound()
  }, 180_000)
})
