import { getDevAccounts, MULTICALL3_ADDRESS } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeErrorResult,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  parseAbi,
  parseEther,
  size,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The pure typed-data builder only (the package's entry would pull its React views into this compile).
import { registrationTypedData } from '../../../plugins/names/src/controller/typed-data.js'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  connectDevWallet,
  eventually,
  expectView,
  gotoDemo,
  seriousViolations,
  setTheme,
  textOf,
} from './demo.js'

// Accounts no other e2e file uses: the sender (the demo's dev wallet), the name's owner, the USDC receiver.
const SENDER = 6
const NAME_OWNER = 5
const USDC_RECEIVER = 7

/**
 * Runtime code of a gate: a call with slot 0 zero accepts ETH (after one more warm SLOAD, so the
 * accepting path costs more gas than the reverting one and the wallet's exact estimate still
 * covers the revert); with slot 0 set it reverts with `data` (SLOAD, JUMPI to the revert branch,
 * CODECOPY the data after the 24-byte prologue, REVERT).
 */
function gateCode(data: Hex): Hex {
  const len = size(data).toString(16).padStart(2, '0')
  return concatHex([`0x600054600b5760005450005b60${len}601860003960${len}6000fd`, data])
}

const uniqueLabel = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`

// Issue 17 (Send, Activity): in Chromium against anvil and a real gateway with its indexer — a name
// another account registered resolves in Send and receives ETH; USDC goes with Max and a fee shown;
// Activity lists each new transaction while it stays open.
describe('send: the Send view and a live Activity tab (issue 17)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let apiUrl = ''
  let demo: DemoProxy | undefined
  const accounts = getDevAccounts()

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
          // Activity reads the gateway's history: index this run's blocks.
          indexer: { enabled: true, fromBlock: 0, pollIntervalMs: 200 },
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

  const client = () => createPublicClient({ transport: http(world.chains[0]!.rpcUrl) })

  /** Registers `label.portico.id` for a dev account over HTTP, signed as that visitor's wallet would. */
  async function registerName(key: number, label: string): Promise<string> {
    const account = privateKeyToAccount(accounts[key]!.privateKey)
    const fields = {
      name: `${label}.portico.id`,
      address: account.address,
      coin_type: 60,
      timestamp: Date.now(),
    }
    const typedData = registrationTypedData(fields)
    const signature = await account.signTypedData({
      ...typedData,
      message: { ...typedData.message, timestamp: BigInt(fields.timestamp) },
    })
    const res = await fetch(`${apiUrl}/v1/profile/account?projectId=local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coin_type: 60,
        address: account.address,
        message: JSON.stringify(fields),
        signature,
      }),
    })
    expect(res.status).toBe(200)
    return fields.name
  }

  /** The demo (in `theme`, set while the modal is closed) with the dev wallet on dev account `key`, connected, on Account. */
  async function connectAs(page: Page, key: number, theme?: 'light' | 'dark'): Promise<Locator> {
    await gotoDemo(page, demo!.url)
    if (theme) await setTheme(page, theme)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, key)
    return connectDevWallet(page)
  }

  async function openSend(page: Page): Promise<Locator> {
    const account = await expectView(page, 'Account')
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    return send
  }

  const usdc = () => world.fixtures.tokens.find((t) => t.symbol === 'USDC')!
  const usdcOf = (owner: string) =>
    client().readContract({
      address: usdc().address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner as Address],
    })

  it('a name another account registered resolves in Send and receives ETH; USDC goes with Max and a fee; Activity shows each new transaction while open', async () => {
    const name = await registerName(NAME_OWNER, uniqueLabel('send'))
    const owner = accounts[NAME_OWNER]!.address
    const ownerBefore = await client().getBalance({ address: owner })
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, SENDER)

    // ETH to a name: the resolved address shows before anything is sent.
    let send = await openSend(page)
    await send.getByTestId('send-amount').fill('1.5')
    await send.getByTestId('send-to').fill(name)
    const resolved = send.getByTestId('send-resolved')
    await resolved.waitFor({ timeout: 15_000 })
    expect((await textOf(resolved)).toLowerCase()).toBe(`${name} is ${owner}`.toLowerCase())
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 15_000 })
    await screenshot(page, 'send-WalletSend-name')
    await send.getByTestId('send-review').click()
    const confirmTo = await textOf(send.getByTestId('send-confirm-to'))
    expect(confirmTo).toContain(name)
    expect(confirmTo.toLowerCase()).toContain(owner.toLowerCase())
    await screenshot(page, 'send-WalletSend-confirm')
    await send.getByTestId('send-confirm-button').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await screenshot(page, 'send-WalletSend-sent')
    await eventually(async () =>
      expect(await client().getBalance({ address: owner })).toBe(ownerBefore + parseEther('1.5')),
    )

    // USDC with Max: the whole balance, and the fee in ETH shown before review.
    const sender = accounts[SENDER]!.address
    const held = await usdcOf(sender)
    expect(held).toBeGreaterThan(0n)
    const receiver = accounts[USDC_RECEIVER]!.address
    const receiverBefore = await usdcOf(receiver)
    await send.getByRole('button', { name: 'Done' }).click()
    send = await openSend(page)
    const token = send.getByTestId('send-token')
    const usdcOption = await token.locator('option', { hasText: 'USDC' }).getAttribute('value')
    await token.selectOption(usdcOption!)
    await send.getByTestId('send-max').click()
    await eventually(async () =>
      expect(await send.getByTestId('send-amount').inputValue()).toBe(formatUnits(held, usdc().decimals)),
    )
    await send.getByTestId('send-to').fill(receiver)
    const fee = send.locator('[data-testid="send-fee"][data-status="ready"]')
    await fee.waitFor({ timeout: 15_000 })
    expect(await textOf(fee)).toMatch(/ETH/)
    await screenshot(page, 'send-WalletSend-usdc-max')
    await send.getByTestId('send-review').click()
    await send.getByTestId('send-confirm-button').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await eventually(async () => expect(await usdcOf(receiver)).toBe(receiverBefore + held))
    expect(await usdcOf(sender)).toBe(0n)

    // Activity, left open: both sends are listed, then a transfer made elsewhere appears without reopening.
    await send.getByRole('button', { name: 'Done' }).click()
    const account = await expectView(page, 'Account')
    await account.getByRole('tab', { name: 'Activity' }).click()
    const rows = account.locator('[data-testid="activity-list"] li')
    await eventually(async () => expect(await rows.count()).toBeGreaterThanOrEqual(2), 30_000)
    const before = await rows.count()
    await screenshot(page, 'send-Activity')
    const payer = createWalletClient({
      account: privateKeyToAccount(accounts[NAME_OWNER]!.privateKey),
      transport: http(world.chains[0]!.rpcUrl),
    })
    await payer.sendTransaction({ to: sender, value: parseEther('0.25'), chain: null })
    // The new transfer is listed while the tab stays open (the tab re-reads every 5 s; the
    // gateway's indexer must see the block first, which takes longer on a loaded CI machine).
    await eventually(async () => {
      expect(await rows.count()).toBe(before + 1)
      expect((await rows.allTextContents()).join(' | ')).toContain('+0.250 ETH')
    }, 60_000)
    await screenshot(page, 'send-Activity-live')
  }, 180_000)

  // Issue 28: a transaction that passes estimation and reverts on chain is "Failed" with the chain's
  // reason, never "confirmed". A gate contract accepts ETH while its slot 0 is zero and reverts
  // with Error("GATE: transfers are paused") once it is set; the slot is set while the transfer
  // waits in the mempool (automine off), after the wallet estimated it.
  it('a send that passes estimation and reverts on chain shows Failed with the revert reason and Try again', async () => {
    const rpcUrl = world.chains[0]!.rpcUrl
    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await res.json()) as { result?: unknown; error?: { message: string } }
      if (body.error) throw new Error(`${method}: ${body.error.message}`)
      return body.result
    }
    const gate = '0x00000000000000000000000000000000000a7e99'
    const reason = 'GATE: transfers are paused'
    const data = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: [reason],
    })
    await rpc('anvil_setCode', [gate, gateCode(data)])
    await rpc('anvil_setStorageAt', [gate, `0x${'0'.repeat(64)}`, `0x${'0'.repeat(64)}`])

    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, SENDER)
    const send = await openSend(page)
    await send.getByTestId('send-amount').fill('0.01')
    await send.getByTestId('send-to').fill(gate)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 15_000 })
    await send.getByTestId('send-review').click()
    await rpc('evm_setAutomine', [false])
    try {
      await send.getByTestId('send-confirm-button').click()
      await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
      const hash = (await send.getByTestId('send-hash').getAttribute('title')) as Hex
      await eventually(async () =>
        expect(((await rpc('txpool_content', [])) as { pending: object }).pending).not.toEqual({}),
      )
      await rpc('anvil_setStorageAt', [gate, `0x${'0'.repeat(64)}`, `0x${'0'.repeat(63)}1`])
      await rpc('evm_mine', [])
      expect((await client().getTransactionReceipt({ hash })).status).toBe('reverted')
    } finally {
      await rpc('evm_setAutomine', [true])
    }
    const outcome = send.locator('[data-testid="send-outcome"][data-status="failed"]')
    await outcome.waitFor({ timeout: 30_000 })
    expect(await textOf(send.getByTestId('send-sent-title'))).toBe('Failed')
    expect(await textOf(send.getByTestId('send-outcome-reason'))).toBe(reason)
    const sent = (await send.getByTestId('send-sent').textContent()) ?? ''
    expect(sent).not.toContain('Confirmed by the network')
    expect(sent).not.toContain('pending in Activity')
    await send.getByRole('button', { name: 'Try again' }).waitFor()
    await screenshot(page, 'send-WalletSend-failed')
    expect(await seriousViolations(page)).toEqual([])
  }, 120_000)

  for (const mode of ['light', 'dark'] as const) {
    it(`the Send view has no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await connectAs(page, SENDER, mode)
      const send = await openSend(page)
      const found: Record<string, string[]> = {}
      found.form = await seriousViolations(page)
      await send.getByTestId('send-amount').fill('0.01')
      await send.getByTestId('send-to').fill('not-an-address')
      await send.getByTestId('send-review').click()
      await send.getByTestId('send-problem').waitFor()
      found.invalid = await seriousViolations(page)
      await screenshot(page, `send-WalletSend-invalid-${mode}`)
      await send.getByTestId('send-to').fill(accounts[USDC_RECEIVER]!.address)
      await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 15_000 })
      await send.getByTestId('send-review').click()
      await send.getByTestId('send-confirm').waitFor()
      found.confirm = await seriousViolations(page)
      await screenshot(page, `send-WalletSend-confirm-${mode}`)
      expect(found).toEqual({ form: [], invalid: [], confirm: [] })
    }, 120_000)
  }
})
