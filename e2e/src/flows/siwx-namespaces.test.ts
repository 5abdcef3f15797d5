import {
  type BitcoinDevnet,
  type CosmosDevnet,
  getFreePort,
  type PolkadotServiceInfo,
  type SolanaDevnet,
  solanaFixturesToJson,
  spawnPolkadotDevnet,
  startBitcoinDevnet,
  startCosmosDevnet,
  startSolanaDevnet,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'

// Issue 18 "Done when", beyond EVM (siwx.test.ts): on Solana (through the
// wallet's own `solana:signIn`), Bitcoin (BIP-322), Polkadot and Cosmos
// (ADR-036) — connect → the SIWXSignMessage view → the dev wallet signs →
// signed (the gateway's GET /v1/siwx/me answers the account) → reload keeps
// the session → a server-side revoke → `portico.siwx.check()` refuses it and
// the modal asks again. One gateway (SQLite), one demo and every namespace's
// local chain for the whole file.

interface SiwxState {
  status: string
  message?: string
  session?: { id: string; token: string; address: string; namespace: string }
}

/** `portico.siwx` state of the demo's floating instance. */
const siwxState = (page: Page): Promise<SiwxState> =>
  page.evaluate(() => {
    const p = (window as unknown as { __portico: { portico: { siwx?: { getState(): unknown } } } }).__portico
      .portico
    return JSON.parse(JSON.stringify(p.siwx?.getState() ?? { status: 'absent' }))
  })

/** Where the demo keeps each namespace's dev wallet on `window.__portico` (the Polkadot one is a promise). */
type WalletPath = 'solanaWallet' | 'bitcoin.wallet' | 'cosmosWallet' | 'polkadotWallet'

/** Holds the dev wallet's next user request (as a wallet's approval prompt does). */
async function holdNext(page: Page, path: WalletPath): Promise<void> {
  await page.evaluate(async (p) => {
    let w: unknown = window.__portico
    for (const key of p.split('.')) w = (w as Record<string, unknown>)[key]
    ;(await (w as Promise<{ holdNext(): void }>)).holdNext()
  }, path)
}

/** Waits for the held request, approves it in the wallet and answers the wallet method it was. */
async function approveHeld(page: Page, path: WalletPath): Promise<string> {
  return page.evaluate(async (p) => {
    let w: unknown = window.__portico
    for (const key of p.split('.')) w = (w as Record<string, unknown>)[key]
    const wallet = await (w as Promise<{
      nextHeld(): Promise<{ method: string; release(): void }>
    }>)
    const held = await wallet.nextHeld()
    held.release()
    return held.method
  }, path)
}

interface Case {
  namespace: 'solana' | 'bip122' | 'polkadot' | 'cosmos'
  wallet: string
  path: WalletPath
  /** The account word of the sign-in text ("… sign in with your <word> account:"). */
  word: string
  /** The wallet method the signature came through. */
  method: string
  address(): string
  caipNetworkId(): string
}

describe('sign-in (SIWX) on Solana, Bitcoin, Polkadot and Cosmos (issue 18)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let sol: SolanaDevnet | undefined
  let btc: BitcoinDevnet | undefined
  let sim: CosmosDevnet | undefined
  let dot: PolkadotServiceInfo | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let apiUrl: string

  beforeAll(async () => {
    world = getWorld()
    ;[sol, btc, sim, dot] = await Promise.all([
      startSolanaDevnet({ port: 0 }),
      startBitcoinDevnet({ port: 0 }),
      startCosmosDevnet({ port: 0 }),
      getFreePort().then((port) => spawnPolkadotDevnet({ port, detached: false })),
    ])
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        // The Cosmos chains give the gateway their bech32 prefixes (what an ADR-036 address must carry).
        networks: sim.chains.map((c) => ({
          caipNetworkId: c.caipNetworkId,
          restUrl: c.restUrl,
          bech32Prefix: c.bech32Prefix,
          currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
        })),
      }),
      { indexer: false },
    )
    apiUrl = await gateway.listen()
    const s = sol
    const b = btc
    const c = sim
    const d = dot
    demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      siwx: {},
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
      solana: {
        rpcUrl: s.rpcUrl,
        genesisHash: s.genesisHash,
        caipNetworkId: s.caipNetworkId,
        fixtures: solanaFixturesToJson(s.fixtures),
      },
      bitcoin: {
        esploraUrl: b.esploraUrl,
        caipNetworkId: b.caipNetworkId,
        fixtures: { mnemonic: b.fixtures.mnemonic },
      },
      cosmos: {
        chains: c.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
          chainId,
          bech32Prefix,
          rpcUrl,
          restUrl,
          caipNetworkId,
        })),
        fixtures: { accounts: c.fixtures.accounts },
      },
      polkadot: {
        wsUrl: d.wsUrl,
        httpUrl: d.httpUrl,
        genesisHash: d.genesisHash,
        caipNetworkId: d.caipNetworkId,
        ss58Prefix: d.ss58Prefix,
        fixtures: d.fixtures,
      },
    }))
  }, 240_000)

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await Promise.allSettled([sol?.stop(), btc?.stop(), sim?.stop()])
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  })

  const cases: Case[] = [
    {
      namespace: 'solana',
      wallet: 'Portico Solana Dev Wallet',
      path: 'solanaWallet',
      word: 'Solana',
      // The dev wallet offers Sign In With Solana: it writes and signs the text itself.
      method: 'solana:signIn',
      address: () => sol!.fixtures.devKeypairs[0]!.address,
      caipNetworkId: () => sol!.caipNetworkId,
    },
    {
      namespace: 'bip122',
      wallet: 'Portico Bitcoin Dev Wallet',
      path: 'bitcoin.wallet',
      word: 'Bitcoin',
      method: 'bitcoin:signMessage',
      address: () => btc!.fixtures.devAccounts[0]!.payment.address,
      caipNetworkId: () => btc!.caipNetworkId,
    },
    {
      namespace: 'polkadot',
      wallet: 'Portico Dev Extension',
      path: 'polkadotWallet',
      word: 'Polkadot',
      method: 'signRaw',
      address: () => dot!.fixtures.devAccounts.find((a) => a.name === 'Alice')!.address,
      caipNetworkId: () => dot!.caipNetworkId,
    },
    {
      namespace: 'cosmos',
      wallet: 'Portico Cosmos Dev Wallet',
      path: 'cosmosWallet',
      word: 'Cosmos',
      method: 'signArbitrary',
      address: () => sim!.fixtures.accounts[0]!.addresses['portico-hub-1']!,
      caipNetworkId: () => 'cosmos:portico-hub-1',
    },
  ]

  it.each(cases)(
    '$namespace: connect → SIWXSignMessage → the wallet signs ($method) → signed, /me answers → reload keeps it → revoked on the gateway → check() refuses and the modal asks again',
    async (c) => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      await gotoDemo(page, demo!.url)
      const address = c.address()
      const caipNetworkId = c.caipNetworkId()

      // Connect: the wallet of the namespace, then the sign-in prompt with the namespace's own text.
      await page.locator(sel.connectButton).click()
      const connect = await expectView(page, 'Connect')
      const option = connect.locator(
        `[data-chain="${c.namespace}"][data-connector-id]:has-text("${c.wallet}")`,
      )
      await option.first().waitFor({ timeout: 20_000 })
      await option.first().click()
      const view = await expectView(page, 'SIWXSignMessage', 30_000)
      const shown = view.locator('[data-testid="siwx-message"]')
      await shown.waitFor({ timeout: 20_000 })
      const host = new URL(demo!.url).host
      const text = await textOf(shown)
      expect(text).toContain(`${host} wants you to sign in with your ${c.word} account:`)
      expect(text).toContain(address)
      for (const line of [`URI: ${demo!.url}`, 'Version: 1', 'Nonce: ', 'Issued At: ', 'Expiration Time: '])
        expect(text).toContain(line)
      expect((await siwxState(page)).status).toBe('requested')
      await screenshot(page, `siwx-${c.namespace}-SIWXSignMessage`)

      // "Sign in": the wallet asks its user (held), approves; the signature came through `method`.
      await holdNext(page, c.path)
      await view.getByRole('button', { name: 'Sign in' }).click()
      expect(await approveHeld(page, c.path)).toBe(c.method)
      await eventually(async () => expect((await siwxState(page)).status).toBe('signed'), 20_000)
      await dialog(page).waitFor({ state: 'detached' })
      const before = (await siwxState(page)).session!
      expect([before.namespace, before.address]).toEqual([c.namespace, address])
      const me = async (token: string) => {
        const r = await fetch(`${apiUrl}/v1/siwx/me?projectId=local`, {
          headers: { authorization: `Bearer ${token}` },
        })
        return { status: r.status, body: (await r.json()) as Record<string, unknown> }
      }
      const signed = await me(before.token)
      expect(signed.status).toBe(200)
      expect([signed.body.id, signed.body.address, signed.body.caipNetworkId]).toEqual([
        before.id,
        address,
        caipNetworkId,
      ])

      // Reload: the wallet reconnects and the stored session is kept, with no new prompt.
      await page.reload()
      await page.waitForFunction(() => Boolean(window.__portico), null, { timeout: 20_000 })
      await eventually(async () => expect((await siwxState(page)).status).toBe('signed'), 30_000)
      const after = (await siwxState(page)).session!
      expect([after.id, after.token]).toEqual([before.id, before.token])
      expect(await dialog(page).count()).toBe(0)
      expect((await me(after.token)).status).toBe(200)

      // The operator revokes it: the gateway refuses the token, check() forgets it and the modal asks again.
      expect(await gateway!.siwx.revoke(before.id)).toBe(true)
      expect((await me(after.token)).status).toBe(401)
      const checked = await page.evaluate(async () => {
        const p = (
          window as unknown as {
            __portico: { portico: { siwx: { check(): Promise<{ id: string } | null> } } }
          }
        ).__portico.portico
        return (await p.siwx.check())?.id ?? null
      })
      expect(checked).toBeNull()
      const again = await expectView(page, 'SIWXSignMessage')
      await again.locator('[data-testid="siwx-message"]').waitFor({ timeout: 20_000 })
      expect((await siwxState(page)).status).toBe('requested')
      expect(await textOf(again.locator('[data-testid="siwx-message"]'))).toContain(address)
    },
    120_000,
  )
})
