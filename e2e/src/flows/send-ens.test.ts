import { getDevAccounts, getEvmFixtures, MULTICALL3_ADDRESS } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { connectDevWallet, eventually, expectView, gotoDemo, textOf } from './demo.js'

// The sender: a dev account no other e2e file sends from. The receiver is the devnet's `alice.eth`
// (an address no dev account holds), resolved by the gateway from the devnet's ENS stand-in.
const SENDER = 4

// Issue 17 (Send): an ENS name typed as the receiver resolves through the gateway (registry → resolver →
// addr on anvil), the address shows before anything is sent, and the ETH arrives there.
describe('send: an ENS name (*.eth) as the receiver (issue 17)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let apiUrl = ''
  let demo: DemoProxy | undefined
  const ens = getEvmFixtures().ens

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
          ens: { universalResolver: ens.universalResolver },
        })),
      }),
      { indexer: false },
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

  async function openSend(page: Page): Promise<Locator> {
    await gotoDemo(page, demo!.url)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, SENDER)
    const account = await connectDevWallet(page)
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    return send
  }

  it('alice.eth resolves in Send (its address shown before sending) and receives exactly 0.75 ETH on anvil', async () => {
    const alice = ens.names['alice.eth'] as Address
    const before = await client().getBalance({ address: alice })
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const send = await openSend(page)
    await send.getByTestId('send-amount').fill('0.75')
    // Typed in another case: the gateway normalises it (ENSIP-15) and answers the normal form.
    await send.getByTestId('send-to').fill('Alice.eth')
    const resolved = send.getByTestId('send-resolved')
    await resolved.waitFor({ timeout: 15_000 })
    expect((await textOf(resolved)).toLowerCase()).toBe(`alice.eth is ${alice}`.toLowerCase())
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 15_000 })
    await screenshot(page, 'send-ens-WalletSend-resolved')
    await send.getByTestId('send-review').click()
    const confirmTo = await textOf(send.getByTestId('send-confirm-to'))
    expect(confirmTo).toContain('alice.eth')
    expect(confirmTo.toLowerCase()).toContain(alice.toLowerCase())
    await screenshot(page, 'send-ens-WalletSend-confirm')
    await send.getByTestId('send-confirm-button').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await eventually(async () =>
      expect(await client().getBalance({ address: alice })).toBe(before + parseEther('0.75')),
    )
  }, 120_000)

  it('an ENS name with no address says so, and nothing is sent', async () => {
    const sender = getDevAccounts()[SENDER]!.address
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const send = await openSend(page)
    const nonce = await client().getTransactionCount({ address: sender })
    await send.getByTestId('send-amount').fill('0.1')
    await send.getByTestId('send-to').fill('nobody-here.eth')
    const error = send.getByTestId('send-name-error')
    await error.waitFor({ timeout: 15_000 })
    expect(await textOf(error)).toBe('No address is registered for nobody-here.eth')
    // Review does not go on, and does not say it twice: it takes the visitor to the receiver field,
    // whose note the screen reader reads (aria-describedby).
    await send.getByTestId('send-review').click()
    await eventually(async () =>
      expect(
        await send
          .getByTestId('send-to')
          .evaluate((el) => el === (el.getRootNode() as Document | ShadowRoot).activeElement),
      ).toBe(true),
    )
    expect(await send.getByTestId('send-to').getAttribute('aria-describedby')).toBe(
      await error.getAttribute('id'),
    )
    expect(await send.getByTestId('send-problem').count()).toBe(0)
    expect(await send.getByTestId('send-name-error').count()).toBe(1)
    expect(await send.getByTestId('send-confirm').count()).toBe(0)
    await screenshot(page, 'send-ens-WalletSend-not-found')
    expect(await client().getTransactionCount({ address: sender })).toBe(nonce)
  }, 120_000)
})
