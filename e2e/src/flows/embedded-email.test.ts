import { getEvmFixtures, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import {
  eventually,
  expectAccountAfterConnect,
  expectView,
  gotoDemo,
  porticoState,
  sel,
  textOf,
} from './demo.js'
import {
  codeCard,
  codeFrom,
  PASSPHRASE,
  requestLoginCode,
  setRecoveryPassphrase as setPassphrase,
  typeCodeInFrame,
} from './embedded-login.js'

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

// Issue 14, first slice: email login with a one-time code gives the visitor an EVM wallet whose key
// is made and split in the gateway's signer frame (its own origin), against anvil and a real SMTP receiver.
describe('embedded wallet: email login (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let snapshots: string[] = []

  beforeAll(async () => {
    world = getWorld()
    snapshots = await Promise.all(world.chains.map((c) => rpc<string>(c.rpcUrl, 'evm_snapshot', [])))
    smtp = await startSmtpCatcher()
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        // The test funds the new address after connect: no cached zero balance.
        cache: { balanceTtlMs: 0 },
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
        ],
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          // Token balances are read through Multicall3 (without it the Tokens tab shows "Token Balance Unavailable").
          multicall3: getEvmFixtures().multicall3,
          tokens: world.fixtures.tokens,
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-0123',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      embeddedWallet: { frameUrl },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await smtp?.close()
    await Promise.all(world.chains.map((c, i) => rpc(c.rpcUrl, 'evm_revert', [snapshots[i]])))
  })

  const requestCode = (page: Page, email: string) => requestLoginCode(page, email, codeFrom(smtp!))
  const setRecoveryPassphrase = (page: Page) => setPassphrase(page, PASSPHRASE)
  const connected = (page: Page) =>
    page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status === 'connected',
      null,
      { timeout: 60_000 },
    )

  /** The seconds SPEC §5 allows as "remaining" now for an attempt made at or after `since` (a real clock). */
  function remainingRange(since: number): [number, number] {
    return [Math.max(0, Math.ceil((30_000 - (Date.now() - since)) / 1000)), 30]
  }

  it('email → code from the SMTP receiver → connected with a new address; balance on anvil; message signed in the frame verifies', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const email = `ada-${Date.now()}@example.com`
    const { otp, code, since } = await requestCode(page, email)
    expect(code).toMatch(/^[0-9]{6}$/)
    expect(await textOf(otp.locator('[data-testid="otp-email"]'))).toBe(email)
    // Issue 29: the code is typed in the signer frame's own card; the page has no code field.
    const card = codeCard(page)
    await card.waitFor({ timeout: 30_000 })
    expect(await otp.locator('input').count()).toBe(0)
    expect(await textOf(card.locator('#code-intro'))).toBe(`Enter the 6-digit code sent to ${email}`)
    // SPEC §4/§9: the resend is held for 30 s after the attempt (the page's stored attempt, passed to the card).
    const resend = card.locator('[data-resend]')
    const shown = Number(/^Resend code in ([0-9]+) s$/.exec(await textOf(resend))?.[1])
    const [low, high] = remainingRange(since)
    expect(shown).toBeGreaterThanOrEqual(low)
    expect(shown).toBeLessThanOrEqual(high)
    expect(await resend.isDisabled()).toBe(true)
    await screenshot(page, 'embedded-EmailVerifyOtp')
    // A wrong code: the card says so (the gateway's words) and empties the field for the next try.
    const field = card.locator('input[name="code"]')
    await field.fill(code === '000000' ? '111111' : '000000')
    await eventually(async () =>
      expect(await textOf(card.locator('#code-error'))).toBe('Wrong code. 4 tries left.'),
    )
    expect(await field.inputValue()).toBe('')
    // Escape (keyboard) closes the card; the view offers it again, focused, and the code still works.
    await field.press('Escape')
    await eventually(async () =>
      expect(await otp.locator('[data-testid="email-verify-otp"]').getAttribute('data-step')).toBe('closed'),
    )
    const reopen = otp.locator('[data-testid="otp-enter"]')
    await eventually(async () =>
      expect(await reopen.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true),
    )
    await page.keyboard.press('Enter')
    await field.waitFor({ timeout: 10_000 })
    // Pasted, as from the mail, into the frame's field.
    await field.focus()
    const signer = page.frames().find((f) => f.url().includes('/frame?'))!
    await signer.evaluate((c) => {
      const el = document.querySelector('input[name="code"]') as HTMLInputElement
      const data = new DataTransfer()
      data.setData('text/plain', `Code: ${c.slice(0, 3)} ${c.slice(3)}`)
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, code)
    await setRecoveryPassphrase(page)

    await page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status === 'connected',
      null,
      { timeout: 30_000 },
    )
    const state = await porticoState(page)
    const address = state.accounts.eip155!.address as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // A fresh key, not one of the devnet's.
    expect(world.fixtures.accounts.map((a) => a.toLowerCase())).not.toContain(address.toLowerCase())
    // The dApp page holds no key material: nothing of the session or shares in its storage.
    const pageStorage = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(pageStorage).not.toMatch(/portico-ew-session|share/i)

    // Balance on anvil: fund the new address, the Account view shows it.
    const rpcUrl = world.chains[0]!.rpcUrl
    await rpc(rpcUrl, 'anvil_setBalance', [address, '0x1bc16d674ec80000']) // 2 ETH
    const refresh = () =>
      page.evaluate(() =>
        (
          window.__portico!.portico as unknown as { refreshBalance(ns?: string): Promise<void> }
        ).refreshBalance('eip155'),
      )
    // The modal may close on success (SPEC §2 allows it): the account button reopens Account.
    const account = await expectAccountAfterConnect(page)
    // refreshBalance shares a read already under way, which may have started before the funding
    // (seen in CI: the connect's own read): ask again until a read that saw it lands.
    await eventually(async () => {
      await refresh()
      expect(await textOf(account)).toContain('2.000')
    }, 20_000)
    await screenshot(page, 'embedded-Account')

    // Sign: the frame asks the visitor (cross-origin UI), Approve, the signature verifies with viem.
    const message = 'Hello from the embedded wallet'
    const signing = page.evaluate(
      (m) =>
        (
          window.__portico!.portico as unknown as {
            signMessage(p: { message: string; namespace: string }): Promise<string>
          }
        ).signMessage({
          message: m,
          namespace: 'eip155',
        }),
      message,
    )
    const frame = page.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    expect(await textOf(frame.locator('.card'))).toContain(message)
    await screenshot(page, 'embedded-approve-in-frame')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    // The frame hides again once the request is answered.
    await eventually(async () =>
      expect(await page.locator('iframe[data-portico-signer]').isVisible()).toBe(false),
    )
  }, 120_000) // the first login now seals the recovery share (PBKDF2, 600 000 rounds) in the frame

  it('the whole chain: email → code → connected → balance → send on anvil (approved in the frame) → reload keeps the session → sign-out ends it', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const { code } = await requestCode(page, `chain-${Date.now()}@example.com`)
    await typeCodeInFrame(page, code)
    await setRecoveryPassphrase(page)
    await connected(page)
    const address = (await porticoState(page)).accounts.eip155!.address as `0x${string}`
    const rpcUrl = world.chains[0]!.rpcUrl
    await rpc(rpcUrl, 'anvil_setBalance', [address, '0x1bc16d674ec80000']) // 2 ETH
    const account = await expectAccountAfterConnect(page)
    await eventually(async () => {
      await page.evaluate(() =>
        (
          window.__portico!.portico as unknown as { refreshBalance(ns?: string): Promise<void> }
        ).refreshBalance('eip155'),
      )
      expect(await textOf(account)).toContain('2.000')
    }, 20_000)

    // Send 0.01 ETH to dev account 3 (taken by this test): the frame asks, Approve, anvil mines it.
    const to = world.fixtures.accounts[3] as `0x${string}`
    const before = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [to, 'latest']))
    const sending = page.evaluate(
      (recipient) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { request: { to: string; value: bigint }; namespace: string }): Promise<string>
          }
        ).sendTransaction({ request: { to: recipient, value: 10n ** 16n }, namespace: 'eip155' }),
      to,
    )
    const frame = page.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    expect(await textOf(frame.locator('.card'))).toContain('Send transaction')
    expect(await textOf(frame.locator('.card'))).toContain('0.01')
    await screenshot(page, 'embedded-send-approve')
    await frame.getByRole('button', { name: 'Approve' }).click()
    const hash = (await sending) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await eventually(async () => {
      const r = await rpc<{ status: string; from: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [
        hash,
      ])
      expect(r).not.toBeNull()
      return r!
    }, 20_000)
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [to, 'latest'])) - before).toBe(10n ** 16n)

    // Reload: the frame's session and this device's share bring the same wallet back, no code asked.
    await page.reload()
    await gotoDemo(page, demo!.url)
    await connected(page)
    expect((await porticoState(page)).accounts.eip155!.address).toBe(address)

    // Sign-out from the Account view: disconnected, and it stays so after another reload.
    await page.locator(sel.accountButton).click()
    const view = await expectView(page, 'Account')
    await view.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status !== 'connected',
      null,
      { timeout: 10_000 },
    )
    await page.reload()
    await gotoDemo(page, demo!.url)
    await page.waitForTimeout(3000)
    expect((await porticoState(page)).accounts.eip155?.status).not.toBe('connected')
    expect(await page.locator(sel.connectButton).isVisible()).toBe(true)
  }, 180_000)

  it('a second device (a fresh browser) needs the recovery passphrase; a wrong one says the tries left; the right one gives the same wallet', async () => {
    const email = `dev2-${Date.now()}@example.com`
    const first = await browser.newPage()
    await gotoDemo(first.page, demo!.url)
    const one = await requestCode(first.page, email)
    await typeCodeInFrame(first.page, one.code)
    await setRecoveryPassphrase(first.page)
    await connected(first.page)
    const address = (await porticoState(first.page)).accounts.eip155!.address as string

    // Another browser context: no device share in its IndexedDB. The gateway's cool-down is per address.
    await new Promise((r) => setTimeout(r, 31_000))
    const second = await browser.newPage()
    await gotoDemo(second.page, demo!.url)
    const two = await requestCode(second.page, email)
    await typeCodeInFrame(second.page, two.code)
    const frame = second.page.frameLocator('iframe[data-portico-signer]')
    const card = frame.locator('[data-passphrase="enter"]')
    await card.waitFor({ timeout: 30_000 })
    await screenshot(second.page, 'embedded-recovery-passphrase')
    await card.getByLabel('Passphrase', { exact: true }).fill('not my passphrase at all')
    await card.getByRole('button', { name: 'Unlock' }).click()
    const again = frame.locator('[data-passphrase="enter"]')
    await eventually(
      async () =>
        expect(await textOf(again.locator('[role="alert"]'))).toBe('Wrong passphrase. 4 tries left.'),
      30_000,
    )
    await screenshot(second.page, 'embedded-recovery-wrong')
    await again.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE)
    await again.getByRole('button', { name: 'Unlock' }).click()
    await connected(second.page)
    expect((await porticoState(second.page)).accounts.eip155!.address).toBe(address)
  }, 180_000)

  it('a declined signature in the frame is "Signature declined"-class rejection, not a signature', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const { code } = await requestCode(page, `bob-${Date.now()}@example.com`)
    await typeCodeInFrame(page, code)
    await setRecoveryPassphrase(page)
    await page.waitForFunction(
      () =>
        (window.__portico!.portico.getState() as { accounts: { eip155?: { status: string } } }).accounts
          .eip155?.status === 'connected',
      null,
      { timeout: 30_000 },
    )
    const signing = page.evaluate(() =>
      (
        window.__portico!.portico as unknown as {
          signMessage(p: { message: string; namespace: string }): Promise<string>
        }
      )
        .signMessage({ message: 'no', namespace: 'eip155' })
        .then(
          () => 'signed',
          (e: { code?: unknown; name?: string }) => `${e.name}:${String(e.code)}`,
        ),
    )
    const frame = page.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Reject' }).click({ timeout: 20_000 })
    expect(await signing).toMatch(/UserRejectedRequestError|4001/)
  })

  it('the 30 s cool-down survives a reload: "Please try again after N seconds" (SPEC §8)', async () => {
    const { page } = await browser.newPage()
    await gotoDemo(page, demo!.url)
    const email = `cara-${Date.now()}@example.com`
    const { since } = await requestCode(page, email)
    await page.reload()
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.getByRole('textbox', { name: 'Email' }).fill(email)
    await connect.getByRole('button', { name: 'Continue' }).click()
    const error = connect.locator('[data-testid="email-error"]')
    await error.waitFor({ timeout: 10_000 })
    const n = Number(/^Please try again after ([0-9]+) seconds$/.exec(await textOf(error))?.[1])
    const [low, high] = remainingRange(since)
    expect(n).toBeGreaterThanOrEqual(low)
    expect(n).toBeLessThanOrEqual(high)
    expect(n).toBeGreaterThan(0)
    await screenshot(page, 'embedded-cooldown')
  })
})
