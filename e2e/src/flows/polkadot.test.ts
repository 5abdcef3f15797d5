import { ApiPromise, WsProvider } from '@polkadot/api'
import { u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { getFreePort, type PolkadotServiceInfo, spawnPolkadotDevnet } from '@portico/devnet'
import { createGateway, devnetStateNetworks, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 11 "Done when": the demo offers Polkadot beside EVM and Solana; in
// Chromium the Portico Dev Extension (window.injectedWeb3) connects through
// the modal, Account shows the balance read from the node, the page signs a
// message (checked here with signatureVerify over the <Bytes>-wrapped bytes)
// and sends 1 ROC (the receiver gains exactly that), and the new balance
// shows. chopsticks runs as its own process on a free loopback port.

const EXTENSION = 'Portico Dev Extension'
const ROC = 10n ** 12n

/** The UI's short address for a non-0x address: 4 … 4. */
function short(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`
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

describe('Polkadot on the demo (issue 11)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let dot: PolkadotServiceInfo | undefined
  let api: ApiPromise | undefined
  let demo: DemoProxy | undefined
  let gateway: Gateway | undefined

  /** Transferable balance (free − frozen) read from the node, as the adapter reports it. */
  async function transferable(address: string): Promise<bigint> {
    const info = (await api!.query.system!.account!(address)) as unknown as {
      data: Record<string, { toBigInt(): bigint } | undefined>
    }
    const { free, frozen, miscFrozen, feeFrozen } = info.data
    const locked =
      frozen?.toBigInt() ??
      [miscFrozen, feeFrozen].reduce((m, c) => (c && c.toBigInt() > m ? c.toBigInt() : m), 0n)
    return free!.toBigInt() - locked
  }

  beforeAll(async () => {
    world = getWorld()
    await cryptoWaitReady()
    dot = await spawnPolkadotDevnet({ port: await getFreePort(), detached: false })
    api = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl), noInitWarn: true })
    const polkadot = {
      wsUrl: dot.wsUrl,
      httpUrl: dot.httpUrl,
      genesisHash: dot.genesisHash,
      caipNetworkId: dot.caipNetworkId,
      ss58Prefix: dot.ss58Prefix,
      fixtures: dot.fixtures,
    }
    // The gateway answers polkadot history (Activity) from chopsticks' recent blocks.
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        networks: devnetStateNetworks({ services: { polkadot: dot } }),
      }),
    )
    const apiUrl = await gateway.listen()
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      polkadot,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
    }))
  })
  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await api?.disconnect()
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  it('connects the dev extension, shows the balance, signs (signatureVerify) and sends 1 ROC, then shows the new balance', async () => {
    const { page, guard, errors } = await browser.newPage()
    await recordCspViolations(page)
    await gotoDemo(page, demo!.url)
    // The demo sends the policy the adapter's README asks for (script-src 'wasm-unsafe-eval').
    expect(await demoPolicy(page)).toContain("script-src 'self' 'wasm-unsafe-eval'")
    const alice = dot!.fixtures.devAccounts.find((a) => a.name === 'Alice')!
    const charlie = dot!.fixtures.devAccounts.find((a) => a.name === 'Charlie')!
    const before = await transferable(alice.address)
    expect(before).toBeGreaterThan(0n)

    // Connect lists the extension in the Polkadot group, beside EVM.
    await connectExtension(page, `${dot!.caipNetworkId}:${alice.address}`, 'polkadot-Connect')

    // Account: the address and the transferable balance read from the node (SPEC §5: 3 decimals, truncated).
    const account = await openAccount(page)
    await eventually(async () => {
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(short(alice.address))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe(
        truncated(before, 12, 'ROC'),
      )
    }, 30_000)
    await screenshot(page, 'polkadot-Account')
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    // Sign from the page: the extension signs <Bytes>message</Bytes>, verified here with util-crypto.
    const message = `Portico e2e polkadot ${Date.now()}`
    await page.getByLabel('Message').fill(message)
    // Held in the extension so the SignMessage view can be seen, then released.
    await extension(page, 'holdNext')
    await page.getByRole('button', { name: 'Sign message' }).click()
    const signView = await expectView(page, 'SignMessage')
    expect(await textOf(signView)).toContain(message)
    await screenshot(page, 'polkadot-SignMessage')
    await extension(page, 'releaseAll')
    const result = page.locator('[data-testid="request-result"]')
    await eventually(async () => expect(await textOf(result)).toMatch(/^Signature: 0x[0-9a-f]{128}$/), 30_000)
    const signature = (await textOf(result)).replace('Signature: ', '')
    expect(signatureVerify(u8aWrapBytes(message), signature, alice.address).isValid).toBe(true)
    expect(signatureVerify(u8aWrapBytes(`${message}!`), signature, alice.address).isValid).toBe(false)
    await dialog(page).waitFor({ state: 'detached', timeout: 5_000 })
    await screenshot(page, 'polkadot-signed')

    // Send 1 ROC to Charlie from the page: Charlie gains exactly 1 ROC, Alice pays it plus the fee.
    const charlieBefore = await transferable(charlie.address)
    await extension(page, 'holdNext')
    await page.getByRole('button', { name: 'Send 1 ROC' }).click()
    await expectView(page, 'ApproveTransaction')
    await screenshot(page, 'polkadot-ApproveTransaction')
    await extension(page, 'releaseAll')
    await eventually(
      async () => expect(await textOf(result)).toMatch(/^Transaction: 0x[0-9a-f]{64}$/),
      60_000,
    )
    await screenshot(page, 'polkadot-sent')
    await eventually(
      async () => expect(await transferable(charlie.address)).toBe(charlieBefore + ROC),
      30_000,
    )
    const after = await transferable(alice.address)
    expect(before - after).toBeGreaterThan(ROC)
    expect(before - after).toBeLessThan(ROC + ROC / 10n)

    // The new balance shows: on the page (hooks) and in Account.
    await eventually(
      async () =>
        expect(await textOf(page.locator('[data-testid="balance"]'))).toBe(truncated(after, 12, 'ROC')),
      30_000,
    )
    await dialog(page).waitFor({ state: 'detached', timeout: 5_000 })
    await page.locator(sel.accountButton).click()
    const account2 = await expectView(page, 'Account')
    await eventually(async () =>
      expect(await textOf(account2.locator('[data-testid="account-balance"]'))).toBe(
        truncated(after, 12, 'ROC'),
      ),
    )
    await screenshot(page, 'polkadot-Account-after-send')

    // Activity (the gateway's polkadot history from the node's blocks): the 1 ROC send is listed by the
    // gateway (an item id on the network, not the client's pending one); a second send made while the
    // tab stays open appears without reopening it.
    const sentHash = (await textOf(result)).replace('Transaction: ', '')
    await account2.getByRole('tab', { name: 'Activity' }).click()
    const panel = account2.getByRole('tabpanel')
    const gatewayItems = panel.locator(`[data-activity-id^="${dot!.caipNetworkId}:"]`)
    await eventually(
      async () => expect(await textOf(gatewayItems.first())).toMatch(/Sent.*-1\.000 ROC/),
      30_000,
    )
    const second = await page.evaluate(
      (to) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
          }
        ).sendTransaction({ namespace: 'polkadot', request: { to, value: 250_000_000_000n } }),
      charlie.address,
    )
    expect(second).toMatch(/^0x[0-9a-f]{64}$/)
    expect(second).not.toBe(sentHash)
    await eventually(async () => {
      expect(await textOf(gatewayItems.nth(0))).toMatch(/Sent.*-0\.250 ROC/)
      expect(await textOf(gatewayItems.nth(1))).toMatch(/Sent.*-1\.000 ROC/)
    }, 60_000)
    expect(await textOf(panel)).toMatch(/Sent.*-0\.250 ROC.*Sent.*-1\.000 ROC/)
    await screenshot(page, 'polkadot-Activity')

    // Issue 28: under the README's policy @polkadot/wasm-crypto starts (WebAssembly compiles), so the
    // console never shows its FATAL and the page reports no CSP violation (the test below shows both
    // appear when 'wasm-unsafe-eval' is taken away, so these checks can fail).
    expect(errors.filter((e) => e.includes(WASM_FATAL))).toEqual([])
    expect(await cspViolations(page)).toEqual([])
    guard.assertNoOutbound()
    // Two chopsticks blocks, a signature and the Activity poll: over the default 60 s on a busy 2-core machine.
  }, 180_000)

  // Issue 28, the other side: a host whose policy lacks 'wasm-unsafe-eval'. The browser refuses the
  // WebAssembly compile (a script-src violation, and @polkadot/wasm-crypto logs its FATAL), and
  // the adapter and the dev extension carry on with @polkadot/util-crypto's pure-JS paths: the
  // extension signs (checked here with signatureVerify) and a transfer lands on the node.
  it("without 'wasm-unsafe-eval' the FATAL is logged, yet Polkadot connects, signs (signatureVerify) and sends through the JS fallback", async () => {
    const html = await (await fetch(`${world.demoUrl}/`)).text()
    const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(policy).toContain(" 'wasm-unsafe-eval'")
    const noWasm = policy!.replace(" 'wasm-unsafe-eval'", '')
    const strict = await serveDemoWith(
      world.demoUrl,
      (origin) => ({
        chains: world.chains,
        tokens: world.fixtures.tokens,
        polkadot: {
          wsUrl: dot!.wsUrl,
          httpUrl: dot!.httpUrl,
          genesisHash: dot!.genesisHash,
          caipNetworkId: dot!.caipNetworkId,
          ss58Prefix: dot!.ss58Prefix,
          fixtures: dot!.fixtures,
        },
        walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
      }),
      { csp: noWasm },
    )
    try {
      const served = await fetch(`${strict.url}/`)
      expect(served.headers.get('content-security-policy')).toBe(noWasm)
      await served.body?.cancel()
      const { page, errors } = await browser.newPage()
      await recordCspViolations(page)
      await gotoDemo(page, strict.url)
      const alice = dot!.fixtures.devAccounts.find((a) => a.name === 'Alice')!
      const charlie = dot!.fixtures.devAccounts.find((a) => a.name === 'Charlie')!
      await connectExtension(page, `${dot!.caipNetworkId}:${alice.address}`)

      // The compile was refused: a script-src violation for WebAssembly, and wasm-crypto's FATAL.
      await eventually(async () => {
        expect(await cspViolations(page)).toContainEqual({ directive: 'script-src', blocked: 'wasm-eval' })
        expect(errors.some((e) => e.includes(WASM_FATAL))).toBe(true)
      })

      const message = `Portico e2e polkadot no-wasm ${Date.now()}`
      await page.getByLabel('Message').fill(message)
      await page.getByRole('button', { name: 'Sign message' }).click()
      const result = page.locator('[data-testid="request-result"]')
      await eventually(
        async () => expect(await textOf(result)).toMatch(/^Signature: 0x[0-9a-f]{128}$/),
        30_000,
      )
      const signature = (await textOf(result)).replace('Signature: ', '')
      expect(signatureVerify(u8aWrapBytes(message), signature, alice.address).isValid).toBe(true)
      expect(signatureVerify(u8aWrapBytes(`${message}!`), signature, alice.address).isValid).toBe(false)
      await screenshot(page, 'polkadot-no-wasm-signed')

      const charlieBefore = await transferable(charlie.address)
      const value = 125_000_000_000n
      const hash = await page.evaluate(
        ([to, v]) =>
          (
            window.__portico!.portico as unknown as {
              sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
            }
          ).sendTransaction({ namespace: 'polkadot', request: { to, value: BigInt(v) } }),
        [charlie.address, value.toString()] as const,
      )
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      await eventually(
        async () => expect(await transferable(charlie.address)).toBe(charlieBefore + value),
        30_000,
      )
      // Nothing but WebAssembly was refused, and no error reached the page (the FATAL is a console line).
      expect((await cspViolations(page)).filter((v) => v.blocked !== 'wasm-eval')).toEqual([])
      expect(errors.filter((e) => e.startsWith('pageerror:'))).toEqual([])
    } finally {
      await strict.close()
    }
  }, 90_000)
})

/** The Polkadot dev extension's behaviour switch, exposed by the demo as `window.__portico.polkadotWallet` (a promise). */
async function extension(page: Page, action: 'holdNext' | 'releaseAll'): Promise<void> {
  await page.evaluate(async (a) => {
    const wallet = await (
      window.__portico as unknown as { polkadotWallet?: Promise<Record<string, () => void>> }
    ).polkadotWallet
    if (!wallet) throw new Error('the demo does not expose the Polkadot dev extension')
    wallet[a]!()
  }, action)
}

/** Account after a connect: the modal either moves on to Account or closes (SPEC §2 allows both). */
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
  return expectView(page, 'Account')
}

/** What @polkadot/wasm-crypto logs when the browser refuses to compile its WebAssembly. */
const WASM_FATAL = 'FATAL: Unable to initialize @polkadot/wasm-crypto'

/** The policy of the demo's <meta http-equiv="Content-Security-Policy">. */
function demoPolicy(page: Page): Promise<string | null> {
  return page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content', { timeout: 5_000 })
}

/** Records the page's `securitypolicyviolation` events from its first script on. */
async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: { directive: string; blocked: string }[] = []
    ;(window as unknown as { __cspViolations: typeof list }).__cspViolations = list
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    )
  })
}

function cspViolations(page: Page): Promise<{ directive: string; blocked: string }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __cspViolations: { directive: string; blocked: string }[] }).__cspViolations,
  )
}

/** Connects the dev extension through the modal (listed in the Polkadot group, beside EVM) as `caipAddress`. */
async function connectExtension(page: Page, caipAddress: string, shot?: string): Promise<void> {
  await page.locator(sel.connectButton).click()
  const connect = await expectView(page, 'Connect')
  expect(await connect.locator('[data-chain="eip155"] [data-connector-id]').count()).toBeGreaterThan(0)
  const option = connect.locator(`[data-chain="polkadot"][data-connector-id]:has-text("${EXTENSION}")`)
  await option.waitFor({ timeout: 15_000 })
  if (shot) await screenshot(page, shot)
  await option.click()
  await eventually(async () => {
    const s = await state(page)
    expect(s.accounts.polkadot?.status).toBe('connected')
    // SS58 with the network's prefix (2), not the extension's generic 42; CAIP-10 on the devnet's CAIP-2.
    expect(s.accounts.polkadot?.caipAddress).toBe(caipAddress)
    expect(s.accounts.polkadot?.address).toBe(caipAddress.split(':')[2])
    expect(s.activeNamespace).toBe('polkadot')
  }, 30_000)
}
