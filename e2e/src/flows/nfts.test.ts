import { getDevAccounts, getEvmFixtures, MULTICALL3_ADDRESS } from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Locator, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

// Accounts no other e2e file connects as: the NFT holder (the demo's dev wallet) and the receiver.
const HOLDER = 8
const RECEIVER = 9
// Dev account 2 starts with Portico Pass #5 and #6 and every Portico Badge: it hands some to HOLDER.
const GIVER = 2
const PASS_ID = 5n
const RUBY_ID = 1n

const erc721 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
])
const erc1155 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
])

// Issue 17 (NFTs tab): in Chromium against anvil and a real gateway with its indexer — the tab shows
// the devnet ERC-721 and ERC-1155 with their images, a detail sheet, and sends an ERC-721 away.
describe('nfts: the NFTs tab, its detail sheet and Send NFT (issue 17)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined
  let apiUrl = ''
  const accounts = getDevAccounts()
  const nfts = getEvmFixtures()
  const pass = nfts.collectible.address
  const badges = nfts.multiToken.address
  const holder = accounts[HOLDER]!.address

  const client = () => createPublicClient({ transport: http(world.chains[0]!.rpcUrl) })

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
          // The NFTs tab reads the gateway's holdings: index this run's blocks.
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
    // HOLDER gets one Portico Pass and two Rubies from GIVER (once per world: skipped when already held).
    const giver = createWalletClient({
      account: privateKeyToAccount(accounts[GIVER]!.privateKey),
      transport: http(world.chains[0]!.rpcUrl),
    })
    const from = accounts[GIVER]!.address
    const owner = await client().readContract({
      address: pass,
      abi: erc721,
      functionName: 'ownerOf',
      args: [PASS_ID],
    })
    if (owner.toLowerCase() === from.toLowerCase()) {
      const hash = await giver.writeContract({
        address: pass,
        abi: erc721,
        functionName: 'safeTransferFrom',
        args: [from, holder, PASS_ID],
        chain: null,
      })
      await client().waitForTransactionReceipt({ hash })
    }
    const rubies = await client().readContract({
      address: badges,
      abi: erc1155,
      functionName: 'balanceOf',
      args: [holder, RUBY_ID],
    })
    if (rubies === 0n) {
      const hash = await giver.writeContract({
        address: badges,
        abi: erc1155,
        functionName: 'safeTransferFrom',
        args: [from, holder, RUBY_ID, 2n, '0x'],
        chain: null,
      })
      await client().waitForTransactionReceipt({ hash })
    }
  }, 60_000)

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
  })

  /** The demo with the dev wallet on HOLDER, connected, on Account → NFTs with the grid shown. */
  async function openNfts(page: Page, mode?: 'light' | 'dark'): Promise<Locator> {
    await gotoDemo(page, demo!.url)
    // The page's theme switch is inert behind the open modal: set before connecting.
    if (mode) await setTheme(page, mode)
    await page.evaluate((k) => {
      const wallet = window.__portico?.wallet as unknown as { selectAccount(i: number): void }
      wallet.selectAccount(k)
    }, HOLDER)
    await connectDevWallet(page)
    const account = await expectView(page, 'Account')
    await account.getByRole('tab', { name: 'NFTs' }).click()
    // The indexer may still be reading the blocks of the hand-over: Try again until the Rubies show
    // (HOLDER keeps them in every test; the Pass leaves in the send test, so the collections vary).
    await eventually(async () => {
      const retry = account.getByTestId('nfts-error').getByRole('button')
      if (await retry.isVisible()) await retry.click()
      expect(await tile(account, badges, RUBY_ID).count()).toBe(1)
    }, 30_000)
    return account
  }

  const tile = (account: Locator, contract: string, id: bigint) =>
    account.locator(`[data-testid="nft-tile"][data-token-id="${id}"]`).filter({
      has: account.page().locator(`img[src*="${contract}/${id}" i]`),
    })

  it('shows the ERC-721 and ERC-1155 with loaded images, opens the detail, and sends the ERC-721: it leaves the grid and the receiver owns it', async () => {
    const { page } = await browser.newPage({ reducedMotion: 'reduce' })
    const account = await openNfts(page)
    const passTile = tile(account, pass, PASS_ID)
    const rubyTile = tile(account, badges, RUBY_ID)
    await passTile.waitFor()
    await rubyTile.waitFor()
    expect(await textOf(rubyTile)).toContain('×2')
    // The images are the gateway's own links and really decoded (an SVG rendered to pixels).
    for (const t of [passTile, rubyTile]) {
      const img = t.locator('img')
      await eventually(async () =>
        expect(
          await img.evaluate(
            (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth,
          ),
        ).toBeGreaterThan(0),
      )
      expect(await img.getAttribute('src')).toContain('/v1/nft-image/')
    }
    const collections = await account.getByTestId('nft-collection').allTextContents()
    expect(collections.join(' ')).toContain('Portico Pass')
    expect(collections.join(' ')).toContain('Portico Badges')
    await screenshot(page, 'nfts-grid')

    await passTile.click()
    const detail = account.getByTestId('nft-detail')
    await detail.waitFor()
    expect(await textOf(detail.getByTestId('nft-detail-id'))).toBe(String(PASS_ID))
    expect(await textOf(detail)).toContain('ERC-721')
    await screenshot(page, 'nfts-detail')

    await detail.getByTestId('nft-send').click()
    const form = account.getByTestId('nft-send-form')
    await form.getByTestId('nft-send-to').fill(accounts[RECEIVER]!.address)
    await form.getByTestId('nft-send-review').click()
    await account.getByTestId('send-confirm').waitFor({ timeout: 15_000 })
    await screenshot(page, 'nfts-send-confirm')
    await account.getByTestId('send-confirm-button').click()
    await account.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await screenshot(page, 'nfts-send-sent')
    await eventually(async () =>
      expect(
        (
          await client().readContract({
            address: pass,
            abi: erc721,
            functionName: 'ownerOf',
            args: [PASS_ID],
          })
        ).toLowerCase(),
      ).toBe(accounts[RECEIVER]!.address.toLowerCase()),
    )
    await account.getByRole('button', { name: 'Done' }).click()
    await rubyTile.waitFor()
    expect(await account.locator(`[data-testid="nft-tile"] img[src*="${pass}/${PASS_ID}" i]`).count()).toBe(0)
    await screenshot(page, 'nfts-after-send')

    // Activity lists the NFT transfer with its thumbnail, loaded from the gateway's own origin.
    await account.getByRole('tab', { name: 'Activity' }).click()
    const thumb = account.locator(
      `[data-testid="activity-list"] li img[data-testid="activity-thumb"][src*="${pass}/${PASS_ID}" i]`,
    )
    await eventually(async () => expect(await thumb.count()).toBeGreaterThanOrEqual(1), 30_000)
    const img = thumb.first()
    expect(new URL((await img.getAttribute('src'))!).origin).toBe(new URL(apiUrl).origin)
    await eventually(async () =>
      expect(
        await img.evaluate(
          (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth,
        ),
      ).toBeGreaterThan(0),
    )
    const row = account
      .locator('[data-testid="activity-list"] li')
      .filter({ has: page.locator(`img[data-testid="activity-thumb"][src*="${pass}/${PASS_ID}" i]`) })
    const rowText = await textOf(row.first())
    expect(rowText).toContain('Portico Pass')
    // The other side is the receiver, not the collection contract the transaction called.
    const to = accounts[RECEIVER]!.address.toLowerCase()
    expect(rowText.toLowerCase()).toContain(`to ${to.slice(0, 6)}…${to.slice(-4)}`)
    await screenshot(page, 'nfts-Activity-thumbnail')
  }, 180_000)

  for (const mode of ['light', 'dark'] as const) {
    it(`the NFTs tab and detail sheet have no serious or critical axe violations (${mode})`, async () => {
      const { page } = await browser.newPage({ reducedMotion: 'reduce' })
      const account = await openNfts(page, mode)
      const found: Record<string, string[]> = {}
      found.grid = await seriousViolations(page)
      await screenshot(page, `nfts-grid-${mode}`)
      await tile(account, badges, RUBY_ID).click()
      await account.getByTestId('nft-detail').waitFor()
      found.detail = await seriousViolations(page)
      await screenshot(page, `nfts-detail-${mode}`)
      await account.getByTestId('nft-send').click()
      found.send = await seriousViolations(page)
      expect(found).toEqual({ grid: [], detail: [], send: [] })
    }, 120_000)
  }
})
