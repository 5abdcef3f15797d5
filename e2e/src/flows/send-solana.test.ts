import { type SolanaDevnet, solanaFixturesToJson, startSolanaDevnet } from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, seriousViolations, textOf } from './demo.js'

// Issue 28 on a second namespace: a Solana transfer that passes Send's checks and lands
// failed on the local SVM (litesvm behind devnet's JSON-RPC) shows "Failed" with the
// chain's instruction error in the Send view — never "Sent" / "Confirmed".
//
// How it fails on chain: the wallet holds the approved transfer; meanwhile the sender's
// balance drops (set on the engine, as another transaction spending it would) to the
// rent-exempt minimum + 0.001 SOL, less than the 0.01 SOL sent; the wallet then sends it
// without preflight (as wallets may), so the cluster lands it failed and charges its fee.

const SOLANA_WALLET = 'Portico Solana Dev Wallet'
/** Sent: 0.01 SOL. Left to the sender before it lands: the rent-exempt minimum + 0.001 SOL. */
const AMOUNT = '0.01'
const LEFT_OVER_MINIMUM = 1_000_000n

/** What the demo exposes of its Solana dev wallet (examples/demo/src/setup.ts `solanaWallet`). */
interface SolanaWalletGlobal {
  wallet: { features: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> }
  holdNext(): void
  releaseAll(): void
  /** The requests the wallet holds. */
  readonly pending: readonly unknown[]
}
const solanaWallet = (page: Page, action: 'holdNext' | 'releaseAll' | 'pending' | 'skipPreflight') =>
  page.evaluate((a) => {
    const w = (window.__portico as unknown as { solanaWallet: SolanaWalletGlobal }).solanaWallet
    if (a === 'pending') return w.pending.length
    if (a === 'skipPreflight') {
      // This wallet sends without preflight simulation (as some wallets do): a failing transfer lands, failed.
      const feature = w.wallet.features['solana:signAndSendTransaction']!
      const send = feature.signAndSendTransaction!.bind(feature)
      feature.signAndSendTransaction = (...inputs: unknown[]) =>
        send(
          ...inputs.map((i) => ({
            ...(i as object),
            options: { ...((i as { options?: object }).options ?? {}), skipPreflight: true },
          })),
        )
      return 0
    }
    w[a]()
    return 0
  }, action)

describe('send on Solana: a transfer that fails on chain shows Failed with the reason (issue 28)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined

  beforeAll(async () => {
    world = getWorld()
    sol = await startSolanaDevnet({ port: 0 })
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
    await sol?.stop()
  })

  it('a SOL transfer that passes the form and lands failed shows "Failed", the instruction error and Try again; the fee was charged', async () => {
    const { page, guard } = await browser.newPage({ reducedMotion: 'reduce' })
    await gotoDemo(page, demo!.url)
    const sender = sol!.fixtures.devKeypairs[0]!.address
    const receiver = sol!.fixtures.devKeypairs[1]!.address

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
      )) as { activeNamespace?: string; accounts: { solana?: { status?: string } } }
      expect(s.accounts.solana?.status).toBe('connected')
      expect(s.activeNamespace).toBe('solana')
    }, 20_000)
    // After a connect the modal moves on to Account or closes (SPEC §2 allows both).
    await page
      .locator(`${sel.view('Account')}, ${sel.accountButton}`)
      .first()
      .waitFor({ timeout: 20_000 })
    await dialog(page)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined)
    if (!(await page.locator(sel.view('Account')).isVisible())) await page.locator(sel.accountButton).click()
    const account = await expectView(page, 'Account')
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()

    // Beside Max: what Solana keeps in the account, exact.
    const rent = sol!.svm.minimumBalanceForRentExemption(0n)
    expect(rent).toBe(890_880n)
    await eventually(async () =>
      expect(await textOf(send.getByTestId('send-reserve'))).toBe(
        'Keeps 0.00089088 SOL (rent-exempt minimum)',
      ),
    )
    await send.getByTestId('send-amount').fill(AMOUNT)
    await send.getByTestId('send-to').fill(receiver)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 15_000 })
    await screenshot(page, 'send-solana-form')
    await send.getByTestId('send-review').click()
    await solanaWallet(page, 'skipPreflight')
    await solanaWallet(page, 'holdNext')
    await send.getByTestId('send-confirm-button').click()
    await eventually(async () => expect(await solanaWallet(page, 'pending')).toBe(1))

    // While the wallet holds the approved transfer, the sender's balance drops below what it sends.
    const before = sol!.svm.getAccount(sender)
    if (!before.exists) throw new Error('the sender has no account')
    const left = rent + LEFT_OVER_MINIMUM
    sol!.svm.setAccount({ ...before, address: sender, lamports: left as never })
    await solanaWallet(page, 'releaseAll')

    const outcome = send.locator('[data-testid="send-outcome"][data-status="failed"]')
    await outcome.waitFor({ timeout: 30_000 })
    expect(await textOf(send.getByTestId('send-sent-title'))).toBe('Failed')
    // The system program's transfer: Custom(1), its "insufficient lamports". It is instruction 1 or 2:
    // the compute-budget instructions (unit limit, and a unit price when recent fees ask for one) come first.
    expect(await textOf(send.getByTestId('send-outcome-reason'))).toMatch(
      /^Instruction [12] failed: custom program error 0x1$/,
    )
    const sent = (await send.getByTestId('send-sent').textContent()) ?? ''
    expect(sent).not.toContain('Confirmed by the network')
    expect(sent).not.toContain('pending in Activity')
    await send.getByRole('button', { name: 'Try again' }).waitFor()
    // The chain charged the fee and moved nothing.
    const after = sol!.svm.getAccount(sender)
    expect(after.exists && BigInt(after.lamports) < left).toBe(true)
    expect(after.exists && left - BigInt(after.lamports)).toBeLessThan(10n ** 7n)
    await screenshot(page, 'send-solana-failed')
    expect(await seriousViolations(page)).toEqual([])
    guard.assertNoOutbound()
  }, 120_000)
})
