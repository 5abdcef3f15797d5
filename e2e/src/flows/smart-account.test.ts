import {
  type BundlerProcess,
  getAaFixtures,
  getDevAccounts,
  MULTICALL3_ADDRESS,
  startBundler,
  stopBundler,
  toDevnetSimpleAccount,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { connectDevWallet, eventually, expectView, gotoDemo, seriousViolations, textOf } from './demo.js'

// Owners no other e2e file's smart account uses (their EOAs only sign; the smart accounts are new).
const SPONSORED_OWNER = 9
const REFUSED_OWNER = 8

// Issue 30 in Chromium: the demo's dev wallet owns a smart account (SimpleAccount v0.7 on the
// devnet's EntryPoint), a real @pimlico/alto bundler behind a real gateway whose paymaster sponsors
// its gas — and, on a gateway whose budget is tiny, refuses with the reason and lets the visitor pay.
describe('smart account: the account type in Account, a sponsored send, a refused sponsorship (issue 30)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let bundler: BundlerProcess | undefined
  const gateways: Gateway[] = []
  const demos: DemoProxy[] = []
  let generous: DemoProxy
  let tight: DemoProxy
  const aa = getAaFixtures()
  const accounts = getDevAccounts()

  async function gatewayWith(perAccountPerDay: string): Promise<string> {
    const gateway = await createGateway(
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
        })),
        paymaster: {
          signerKey: aa.paymasterSignerKey,
          chains: [
            {
              chainId: `eip155:${world.chains[0]!.chainId}`,
              bundlerUrl: bundler!.url,
              entryPoint: aa.entryPoint,
              paymaster: aa.verifyingPaymaster,
            },
          ],
          policies: [
            {
              projectId: 'local',
              chains: [`eip155:${world.chains[0]!.chainId}`],
              targets: 'any',
              perAccountPerDay,
              perDay: '1',
            },
          ],
        },
      }),
    )
    gateways.push(gateway)
    return await gateway.listen()
  }

  async function demoWith(apiUrl: string): Promise<DemoProxy> {
    const demo = await serveDemoWith(world.demoUrl, (origin) => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      walletconnect: { url: `${origin.replace(/^http/, 'ws')}/relay` },
      smartAccount: { factory: aa.simpleAccountFactory, networks: [`eip155:${world.chains[0]!.chainId}`] },
    }))
    demos.push(demo)
    return demo
  }

  beforeAll(async () => {
    world = getWorld()
    const rpcUrl = world.chains[0]!.rpcUrl
    const code = await createPublicClient({ transport: http(rpcUrl) }).getCode({
      address: aa.simpleAccountFactory,
    })
    if (!code || code === '0x')
      throw new Error(`no SimpleAccountFactory at ${aa.simpleAccountFactory} on ${rpcUrl}`)
    bundler = await startBundler({ rpcUrl, chainId: world.chains[0]!.chainId })
    generous = await demoWith(await gatewayWith('0.05'))
    tight = await demoWith(await gatewayWith('0.000000001'))
  }, 120_000)

  afterAll(async () => {
    for (const d of demos) await d.close()
    for (const g of gateways) await g.close()
    if (bundler) await stopBundler(bundler)
  })

  const client = () => createPublicClient({ transport: http(world.chains[0]!.rpcUrl) })
  const usdc = () => world.fixtures.tokens.find((t) => t.symbol === 'USDC')!.address as Address
  const usdcOf = (owner: Address) =>
    client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const funder = () =>
    createWalletClient({
      account: privateKeyToAccount(accounts[4]!.privateKey as Hex),
      transport: http(world.chains[0]!.rpcUrl),
    })
  const smartOf = async (key: number) =>
    (
      await toDevnetSimpleAccount({
        client: client(),
        owner: privateKeyToAccount(accounts[key]!.privateKey as Hex),
      })
    ).getAddress()

  async function connectAs(page: Page, demo: DemoProxy, key: number): Promise<Locator> {
    await gotoDemo(page, demo.url)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, key)
    return connectDevWallet(page)
  }

  async function sendUsdc(page: Page, to: string, amount: string): Promise<Locator> {
    const account = await expectView(page, 'Account')
    await account.locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    const token = send.getByTestId('send-token')
    await eventually(
      async () => expect(await token.locator('option', { hasText: 'USDC' }).count()).toBe(1),
      20_000,
    )
    const usdcOption = await token.locator('option', { hasText: 'USDC' }).getAttribute('value')
    await token.selectOption(usdcOption!)
    await send.getByTestId('send-amount').fill(amount)
    await send.getByTestId('send-to').fill(to)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 30_000 })
    await send.getByTestId('send-review').click()
    return send
  }

  it('Account shows "Smart account" with a switch to the EOA; a USDC send from the smart account holding zero ETH is "Sponsored by" the site and lands', async () => {
    const smart = await smartOf(SPONSORED_OWNER)
    const owner = accounts[SPONSORED_OWNER]!.address
    await client().waitForTransactionReceipt({
      hash: await funder().writeContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smart, 20_000_000n],
        chain: null,
      }),
    })
    expect(await client().getBalance({ address: smart })).toBe(0n)
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    let account = await connectAs(page, generous, SPONSORED_OWNER)
    const type = account.getByTestId('account-type')
    await type.waitFor()
    expect(await textOf(account.getByTestId('account-type-active'))).toBe('Smart account')
    expect(await textOf(type)).toContain('Not deployed yet')
    expect(await textOf(account.getByTestId('account-type-switch'))).toBe('Switch to EOA')
    await screenshot(page, 'smart-account-Account')
    expect(await seriousViolations(page)).toEqual([])

    // The switch: the EOA is shown, then the smart account again.
    await account.getByTestId('account-type-switch').click()
    await eventually(async () => expect(await textOf(account.getByTestId('account-type-active'))).toBe('EOA'))
    expect(await textOf(account.getByTestId('account-type-switch'))).toBe('Switch to smart account')
    const state = () =>
      page.evaluate(
        () =>
          (window.__portico!.portico.getState() as { accounts: { eip155?: { address: string } } }).accounts
            .eip155?.address,
      )
    expect(await state()).toBe(owner)
    await screenshot(page, 'smart-account-Account-eoa')
    await account.getByTestId('account-type-switch').click()
    await eventually(async () => expect(await state()).toBe(smart))

    const recipient = accounts[3]!.address as Address
    const before = await usdcOf(recipient)
    const send = await sendUsdc(page, recipient, '2.5')
    const sponsored = send.getByTestId('send-sponsored')
    await sponsored.waitFor({ timeout: 30_000 })
    // The site's name from the app metadata the demo gives createPortico (not the gateway's project id).
    expect(await textOf(sponsored)).toBe('Sponsored by Portico demo')
    await screenshot(page, 'smart-account-WalletSend-sponsored')
    expect(await seriousViolations(page)).toEqual([])
    await send.getByTestId('send-confirm-button').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 60_000 })
    await eventually(async () => expect(await usdcOf(recipient)).toBe(before + 2_500_000n), 60_000)
    expect(await usdcOf(smart)).toBe(17_500_000n)
    expect(await client().getBalance({ address: smart })).toBe(0n)
    await screenshot(page, 'smart-account-WalletSend-sent')
    await send.getByRole('button', { name: 'Done' }).click()
    account = await expectView(page, 'Account')
    await eventually(
      async () => expect(await textOf(account.getByTestId('account-type'))).not.toContain('Deployed with'),
      30_000,
    )
  }, 240_000)

  it('over the sponsorship budget the Send view shows the refusal reason and "Pay gas yourself" sends with the account paying', async () => {
    const smart = await smartOf(REFUSED_OWNER)
    await client().waitForTransactionReceipt({
      hash: await funder().writeContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [smart, 10_000_000n],
        chain: null,
      }),
    })
    await client().waitForTransactionReceipt({
      hash: await funder().sendTransaction({ to: smart, value: parseEther('1'), chain: null }),
    })
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    await connectAs(page, tight, REFUSED_OWNER)
    const recipient = accounts[2]!.address as Address
    const before = await usdcOf(recipient)
    const send = await sendUsdc(page, recipient, '1')
    await send.getByTestId('send-confirm-button').click()
    const refused = send.getByTestId('send-sponsorship-refused')
    await refused.waitFor({ timeout: 60_000 })
    expect(await textOf(send.getByTestId('send-sponsorship-reason'))).toMatch(/budget/i)
    await screenshot(page, 'smart-account-WalletSend-refused')
    expect(await seriousViolations(page)).toEqual([])
    await send.getByTestId('send-pay-gas').click()
    await send.getByTestId('send-sent').waitFor({ timeout: 60_000 })
    await eventually(async () => expect(await usdcOf(recipient)).toBe(before + 1_000_000n), 60_000)
    expect(await client().getBalance({ address: smart })).toBeLessThan(parseEther('1'))
    await screenshot(page, 'smart-account-WalletSend-self-paid')
  }, 240_000)
})
