import { addressParams } from '@portico/adapter-bitcoin'
import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 12 "Done when": the demo offers Bitcoin; in Chromium the Bitcoin dev
// wallet connects through the modal, Account shows the balance, a message is
// signed (and verified here), a transfer is sent, a block is mined through the
// demo's `/devnet/mine` wiring, Account shows the new balance and Activity the transfer. bcoin
// regtest and its Esplora facade run in this process on a free loopback port.

const BITCOIN_WALLET = 'Portico Bitcoin Dev Wallet'

/**
 * The UI's short address for a bech32 address (core's `shortenAddress`): the human-readable part and
 * its `1` separator (bech32's data characters never include `1`), then 4 … 4.
 */
const short = (address: string) => {
  const hrp = address.slice(0, address.lastIndexOf('1') + 1)
  return `${hrp}${address.slice(hrp.length, hrp.length + 4)}…${address.slice(-4)}`
}

/** Sats, truncated to 3 decimals of BTC (SPEC §5). */
function btc(sats: bigint): string {
  const unit = 100_000_000n
  return `${sats / unit}.${(((sats % unit) * 1000n) / unit).toString().padStart(3, '0')} BTC`
}

interface NsState {
  activeNamespace?: string
  accounts: Record<string, { address?: string; status?: string; balance?: string } | undefined>
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

describe('Bitcoin on the demo (issue 12)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let node: BitcoinDevnet | undefined
  let demo: DemoProxy | undefined
  let gateway: Gateway | undefined

  const sats = async (address: string) =>
    (
      (await (await fetch(`${node!.esploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]
    ).reduce((s, u) => s + BigInt(u.value), 0n)

  beforeAll(async () => {
    world = getWorld()
    node = await startBitcoinDevnet({ port: 0 })
    const bitcoin = {
      esploraUrl: node.esploraUrl,
      caipNetworkId: node.caipNetworkId,
      fixtures: { mnemonic: node.fixtures.mnemonic },
    }
    // The gateway answers bip122 history (Activity) through the same Esplora API.
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: [
          { caipNetworkId: node.caipNetworkId, name: 'Bitcoin Regtest', esploraUrl: node.esploraUrl },
        ],
      }),
    )
    const apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      bitcoin,
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await node?.stop()
  })

  it('connects the Bitcoin dev wallet, shows the balance, signs a message, sends, mines and shows the new balance', async () => {
    const { page, guard } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const payment = node!.fixtures.devAccounts[0]!.payment.address
    const receiver = node!.fixtures.devAccounts[2]!.payment.address
    const before = await sats(payment)
    expect(btc(before)).toBe('10.000 BTC')

    // Connect lists the Bitcoin dev wallet once (both of its faces, deduplicated) under bip122.
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    const bitcoinWallets = connect.locator(
      `[data-chain="bip122"][data-connector-id]:has-text("${BITCOIN_WALLET}")`,
    )
    await eventually(async () => expect(await bitcoinWallets.count()).toBe(1))
    await screenshot(page, 'bitcoin-Connect')
    await bitcoinWallets.click()
    await eventually(async () => {
      const s = await state(page)
      expect(s.accounts.bip122?.status).toBe('connected')
      expect(s.accounts.bip122?.address).toBe(payment)
    }, 20_000)

    // Account shows the payment address and its balance.
    const account = await openAccount(page)
    await eventually(async () => {
      expect((await state(page)).activeNamespace).toBe('bip122')
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(short(payment))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe(btc(before))
    }, 20_000)
    await screenshot(page, 'bitcoin-Account')

    // A message signed by the wallet verifies for the payment address (ECDSA, BIP-137 header).
    const message = `Portico e2e ${Date.now()}`
    const signed = await page.evaluate(
      (m) =>
        (
          window.__portico!.portico as unknown as {
            signMessageDetailed(p: { message: string; namespace: string }): Promise<{ signature: string }>
          }
        ).signMessageDetailed({ message: m, namespace: 'bip122' }),
      message,
    )
    expect(
      verifyBitcoinMessage({
        message,
        address: payment,
        signature: signed.signature,
        protocol: 'ecdsa',
        params: addressParams(node!.caipNetworkId),
      }),
    ).toBe(true)
    expect(
      verifyBitcoinMessage({
        message: `${message}!`,
        address: payment,
        signature: signed.signature,
        protocol: 'ecdsa',
        params: addressParams(node!.caipNetworkId),
      }),
    ).toBe(false)

    // Send 0.5 BTC; the wallet signs the PSBT the adapter built and checked.
    const amount = 50_000_000n
    const receiverBefore = await sats(receiver)
    const txid = await page.evaluate(
      ([to, value]) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { namespace: string; request: { to: string; value: bigint } }): Promise<string>
          }
        ).sendTransaction({ namespace: 'bip122', request: { to: to!, value: BigInt(value!) } }),
      [receiver, amount.toString()],
    )
    expect(txid).toMatch(/^[0-9a-f]{64}$/)

    // Mine a block through the demo's wiring (POST /devnet/mine), then the transfer is confirmed.
    await page.evaluate(() =>
      (window.__portico as unknown as { bitcoin: { mine(n?: number): Promise<void> } }).bitcoin.mine(1),
    )
    const tx = (await (await fetch(`${node!.esploraUrl}/tx/${txid}`)).json()) as {
      fee: number
      status: { confirmed: boolean }
    }
    expect(tx.status.confirmed).toBe(true)
    expect(await sats(receiver)).toBe(receiverBefore + amount)
    const after = await sats(payment)
    expect(after).toBe(before - amount - BigInt(tx.fee))

    // Account shows the new balance.
    await eventually(async () => {
      const view = await expectView(page, 'Account')
      expect(await textOf(view.locator('[data-testid="account-balance"]'))).toBe(btc(after))
    }, 30_000)
    expect(btc(after)).toBe('9.499 BTC')
    await screenshot(page, 'bitcoin-Account-after-send')

    // Activity lists the transfer (the gateway's bip122 history over Esplora).
    const shown = await expectView(page, 'Account')
    await eventually(async () => {
      await shown.getByRole('tab', { name: 'Tokens' }).click()
      await shown.getByRole('tab', { name: 'Activity' }).click()
      expect(await textOf(shown.getByRole('tabpanel'))).toMatch(/Sent.*-0\.500 BTC/)
    }, 30_000)
    await screenshot(page, 'bitcoin-Activity')

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
    await page
      .locator(sel.dialog)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined)
    if (!(await account.isVisible())) await page.locator(sel.accountButton).click()
  }
  return expectView(page, 'Account')
}
