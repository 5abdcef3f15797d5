import { type SolanaDevnet, solanaFixturesToJson, startSolanaDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectView, gotoDemo, porticoState, sel, textOf } from './demo.js'

// Issue 17 (Send on Solana): the demo's Solana dev wallet (dev keypair 0, which holds the devnet's
// PUSD mint) sends PUSD from WalletSend to a keypair without a token account: the fee line says it
// includes the rent deposit that opens the receiver's account, and the receiver's balance on the
// local SVM moves by exactly the amount. Activity then lists it from the gateway's Solana history.

const SOLANA_WALLET = 'Portico Solana Dev Wallet'

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

describe('send: an SPL token from WalletSend on the local SVM (issue 17)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sol: SolanaDevnet | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    world = getWorld()
    sol = await startSolanaDevnet({ port: 0 })
    const m = sol.fixtures.splMint
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: [
          ...world.chains.map((c) => ({ caipNetworkId: `eip155:${c.chainId}`, rpcUrl: c.rpcUrl })),
          {
            caipNetworkId: sol.caipNetworkId,
            name: 'Local SVM',
            rpcUrl: sol.rpcUrl,
            tokens: [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }],
          },
        ],
      }),
      { indexer: false },
    )
    const apiUrl = await gateway.listen()
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
      apiUrl,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await sol?.stop()
  })

  /** The owner's PUSD in base units: the sum of its token accounts of the mint (0 without one). */
  async function pusdOf(owner: string): Promise<bigint> {
    const accounts = await rpc<{ value: { pubkey: string }[] }>(sol!.rpcUrl, 'getTokenAccountsByOwner', [
      owner,
      { mint: sol!.fixtures.splMint.mint },
      { encoding: 'base64' },
    ])
    let total = 0n
    for (const { pubkey } of accounts.value) {
      const b = await rpc<{ value: { amount: string } }>(sol!.rpcUrl, 'getTokenAccountBalance', [pubkey])
      total += BigInt(b.value.amount)
    }
    return total
  }

  async function connectSolana(page: Page) {
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator(`[data-chain="solana"][data-connector-id]:has-text("${SOLANA_WALLET}")`).click()
    await eventually(
      async () => expect((await porticoState(page)).accounts.solana?.status).toBe('connected'),
      20_000,
    )
    const account = page.locator(sel.view('Account'))
    if (!(await account.isVisible())) await page.locator(sel.accountButton).click()
    return expectView(page, 'Account')
  }

  it('sends 12.5 PUSD to a keypair without a token account: the fee includes the 0.002 SOL deposit, and the receiver gains exactly 12.5 PUSD; Activity lists it', async () => {
    const m = sol!.fixtures.splMint
    const sender = sol!.fixtures.devKeypairs[0]!.address
    const receiver = sol!.fixtures.devKeypairs[1]!.address
    expect(await pusdOf(receiver)).toBe(0n)
    const senderBefore = await pusdOf(sender)
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const account = await connectSolana(page)
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()

    const token = send.getByTestId('send-token')
    const option = token.locator('option', { hasText: m.symbol })
    await option.waitFor({ state: 'attached', timeout: 15_000 })
    await token.selectOption((await option.getAttribute('value'))!)
    await send.getByTestId('send-amount').fill('12.5')
    await send.getByTestId('send-to').fill(receiver)
    const fee = send.locator('[data-testid="send-fee"][data-status="ready"]')
    await fee.waitFor({ timeout: 20_000 })
    const feeText = await textOf(fee)
    expect(feeText).toContain('SOL')
    expect(feeText).toContain('includes 0.002 SOL to open the receiver’s token account')
    await screenshot(page, 'solana-send-WalletSend-spl')
    await send.getByTestId('send-review').click()
    await send.getByTestId('send-confirm').waitFor()
    expect(await textOf(send.getByTestId('send-confirm'))).toContain('includes 0.002 SOL')
    await screenshot(page, 'solana-send-WalletSend-spl-confirm')
    await send.getByTestId('send-confirm-button').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await screenshot(page, 'solana-send-WalletSend-spl-sent')
    const amount = 12_500_000n // 12.5 at 6 decimals
    await eventually(async () => expect(await pusdOf(receiver)).toBe(amount), 20_000)
    expect(await pusdOf(sender)).toBe(senderBefore - amount)

    // Activity of the Solana account, from the gateway's Solana history: the send is listed.
    await send.getByRole('button', { name: 'Done' }).click()
    const again = await expectView(page, 'Account')
    await again.getByRole('tab', { name: 'Activity' }).click()
    const rows = again.locator('[data-testid="activity-list"] li')
    await eventually(async () => expect(await rows.count()).toBeGreaterThanOrEqual(1), 30_000)
    // The token leads the item (the SOL beside it is the rent), sent to the receiver, not its token account.
    const first = await textOf(rows.first())
    expect(first).toContain(`-12.500 ${m.symbol}`)
    expect(first).toContain(`To ${receiver.slice(0, 4)}…${receiver.slice(-4)}`)
    await screenshot(page, 'solana-send-Activity')
  }, 180_000)
})
