import type { NftItem, NftsResponse } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { en, formatString } from '../../i18n/index.js'
import { PorticoModal } from '../../modal/index.js'
import { ADDRESS, createTestPortico, startGateway, type WalletScript } from '../../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const PASS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BADGES = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const t = (key: keyof typeof en, values?: Record<string, string | number>) => formatString(en[key], values)

function nft(gateway: string, patch: Partial<NftItem> & { tokenId: string }): NftItem {
  return {
    chainId: 'eip155:31337',
    contract: PASS,
    standard: 'erc721',
    amount: '1',
    collection: { name: 'Portico Pass', symbol: 'PASS' },
    metadata: {
      status: 'ok',
      name: `Pass #${patch.tokenId}`,
      description: 'A pass to the devnet',
      image: `${gateway}/v1/nft-image/eip155:31337/${PASS}/${patch.tokenId}?projectId=local`,
    },
    flags: { is_spam: false },
    ...patch,
  }
}

type Script = (gateway: string, query: Record<string, string>) => NftsResponse | { status: number }

/** Opens Account → NFTs with a real gateway (core's HTTP test server) answering the NFTs route with `script`. */
async function openNfts(script: Script, wallet?: WalletScript) {
  const gateway = await startGateway(async () => ({ data: [], next: null }))
  const asked: Record<string, string>[] = []
  gateway.on(`GET /v1/account/${ADDRESS}/nfts`, (req) => {
    asked.push(req.query)
    const answer = script(gateway.url, req.query)
    return 'status' in answer
      ? { status: answer.status, body: { code: 'internal', message: 'indexer is down' } }
      : { body: answer }
  })
  const tp = await createTestPortico({ apiUrl: gateway.url, ...(wallet ? { wallet } : {}) })
  await tp.connect()
  rendered = await render(tp.portico, <PorticoModal />)
  await act(async () => tp.portico.open())
  const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(byText(view, '[role="tab"]', 'NFTs'))
  return {
    tp,
    asked,
    gateway: gateway.url,
    panel: () => view.querySelector<HTMLElement>('[role="tabpanel"]')!,
  }
}

describe('Account → NFTs grid', () => {
  it('groups the holdings by collection, shows the gateway image links lazily and the ERC-1155 count', async () => {
    const { panel, asked } = await openNfts((g) => ({
      data: [
        nft(g, { tokenId: '1' }),
        nft(g, {
          tokenId: '1',
          contract: BADGES,
          standard: 'erc1155',
          amount: '5',
          collection: { name: 'Portico Badges', symbol: null },
          metadata: {
            status: 'ok',
            name: 'Ruby',
            description: null,
            image: `${g}/v1/nft-image/eip155:31337/${BADGES}/1`,
          },
        }),
        nft(g, { tokenId: '2' }),
      ],
      next: null,
    }))
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    const groups = [...panel().querySelectorAll('[data-testid="nft-collection"]')].map(
      (h) => h.firstChild?.textContent,
    )
    expect(groups).toEqual(['Portico Pass', 'Portico Badges'])
    const names = [...panel().querySelectorAll('.nft-name')].map((n) => n.textContent)
    expect(names).toEqual(['Pass #1', 'Pass #2', 'Ruby'])
    const imgs = [...panel().querySelectorAll<HTMLImageElement>('[data-testid="nft-img"]')]
    expect(imgs).toHaveLength(3)
    expect(imgs.every((i) => i.getAttribute('loading') === 'lazy')).toBe(true)
    expect(imgs[0]!.getAttribute('src')).toContain('/v1/nft-image/eip155:31337/')
    expect(panel().textContent).toContain(t('nftAmount', { n: '5' }))
    expect(asked[0]).toMatchObject({ chainId: 'eip155:31337' })
  })

  it('unavailable metadata shows a fallback tile labelled as such and a fallback name, never a guess', async () => {
    const { panel } = await openNfts((g) => ({
      data: [nft(g, { tokenId: '3', metadata: { status: 'unavailable', reason: 'host_not_allowed' } })],
      next: null,
    }))
    const tile = await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    expect(tile.querySelector('[data-testid="nft-img"]')).toBeNull()
    expect(tile.querySelector('[data-testid="nft-fallback"]')?.textContent).toBe(t('nftMetadataUnavailable'))
    expect(tile.querySelector('.nft-name')?.textContent).toBe('Portico Pass #3')
    await click(tile)
    expect(panel().querySelector('[data-testid="nft-detail-unavailable"]')?.textContent).toBe(
      t('nftMetadataUnavailableReason', { reason: 'host_not_allowed' }),
    )
  })

  it('a failed read is an error with Try again, not an empty grid; the retry shows the NFTs', async () => {
    let calls = 0
    const { panel } = await openNfts((g) =>
      ++calls === 1 ? { status: 500 } : { data: [nft(g, { tokenId: '1' })], next: null },
    )
    const error = await waitFor(() => panel().querySelector('[data-testid="nfts-error"]'))
    expect(error.textContent).toContain(t('nftsError'))
    expect(panel().querySelector('[data-testid="nfts-empty"]')).toBeNull()
    await click(byText(error, 'button', t('tryAgain')))
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    expect(calls).toBe(2)
  })

  it('says when the account holds no NFTs', async () => {
    const { panel } = await openNfts(() => ({ data: [], next: null }))
    const empty = await waitFor(() => panel().querySelector('[data-testid="nfts-empty"]'))
    expect(empty.textContent).toBe(t('nftsEmpty'))
  })

  it('Load more asks for the next page with the cursor and appends it', async () => {
    const { panel, asked } = await openNfts((g, q) =>
      q.cursor === 'p2'
        ? { data: [nft(g, { tokenId: '2' })], next: null }
        : { data: [nft(g, { tokenId: '1' })], next: 'p2' },
    )
    const more = await waitFor(() => panel().querySelector<HTMLElement>('[data-testid="nfts-more"]'))
    await click(more)
    await waitFor(() => (panel().querySelectorAll('[data-testid="nft-tile"]').length === 2 ? true : null))
    expect(asked[1]?.cursor).toBe('p2')
    expect(panel().querySelector('[data-testid="nfts-more"]')).toBeNull()
  })
})

describe('NFT detail sheet', () => {
  it('shows name, collection, token id, standard, amount (ERC-1155) and the description as plain text', async () => {
    const { panel } = await openNfts((g) => ({
      data: [
        nft(g, {
          tokenId: '2',
          contract: BADGES,
          standard: 'erc1155',
          amount: '3',
          collection: { name: 'Portico Badges', symbol: null },
          metadata: { status: 'ok', name: 'Sapphire', description: '<b>blue</b> badge', image: null },
        }),
      ],
      next: null,
    }))
    await click(await waitFor(() => panel().querySelector('[data-testid="nft-tile"]')))
    const detail = await waitFor(() => panel().querySelector<HTMLElement>('[data-testid="nft-detail"]'))
    expect(detail.querySelector('[data-testid="nft-detail-name"]')?.textContent).toBe('Sapphire')
    expect(detail.textContent).toContain('Portico Badges')
    expect(detail.querySelector('[data-testid="nft-detail-id"]')?.textContent).toBe('2')
    expect(detail.textContent).toContain(t('nftStandardErc1155'))
    expect(detail.querySelector('[data-testid="nft-detail-amount"]')?.textContent).toBe('3')
    const description = detail.querySelector('[data-testid="nft-detail-description"]')!
    expect(description.textContent).toBe('<b>blue</b> badge')
    expect(description.querySelector('b')).toBeNull()
    expect(detail.querySelector('[data-testid="nft-fallback"]')?.textContent).toBe(t('nftNoImage'))
    await click(detail.querySelector('[data-testid="nft-send"]'))
    const form = await waitFor(() => panel().querySelector('[data-testid="nft-send-form"]'))
    expect(form.querySelector('[data-testid="nft-send-amount"]')).not.toBeNull()
    await click(byText(form, 'button', t('cancel')))
    await click(byText(panel(), 'button', t('nftBack')))
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
  })
})

describe('Send NFT: the chain’s outcome', () => {
  it('a transfer included and failed on chain shows "Failed", the chain’s reason, the explorer link and Try again (which sends again); balances are re-read', async () => {
    const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const { tp, panel } = await openNfts((g) => ({ data: [nft(g, { tokenId: '7' })], next: null }), {
      mined: async (hash) => ({
        status: 'failed',
        hash,
        reason: { message: 'ERC721InsufficientApproval(0x70997970…, 7)', code: '0x177e802f' },
      }),
    })
    const wallet = tp.adapters.eip155!
    const count = (method: string) => wallet.calls.filter((c) => c.method === method).length
    await click(await waitFor(() => panel().querySelector('[data-testid="nft-tile"]')))
    await click(await waitFor(() => panel().querySelector('[data-testid="nft-send"]')))
    const form = await waitFor(() => panel().querySelector<HTMLElement>('[data-testid="nft-send-form"]'))
    const to = form.querySelector<HTMLInputElement>('[data-testid="nft-send-to"]')!
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(to, BOB)
      to.dispatchEvent(new Event('input', { bubbles: true }))
    })
    const balanceReads = count('getBalance')
    await click(form.querySelector('[data-testid="nft-send-review"]'))
    await click(await waitFor(() => panel().querySelector('[data-testid="send-confirm-button"]'), 3000))
    const outcome = await waitFor(() => {
      const o = panel().querySelector<HTMLElement>('[data-testid="send-outcome"]')
      return o?.getAttribute('data-status') === 'failed' ? o : null
    }, 3000)
    expect(panel().querySelector('[data-testid="send-sent-title"]')?.textContent).toBe(t('sendOutcomeFailed'))
    expect(outcome.querySelector('[data-testid="send-outcome-reason"]')?.textContent).toBe(
      'ERC721InsufficientApproval(0x70997970…, 7)',
    )
    const hash = `0x${'1'.repeat(64)}`
    expect(panel().querySelector('[data-testid="send-explorer"]')?.getAttribute('href')).toBe(
      `http://127.0.0.1:4000/tx/${hash}`,
    )
    await waitFor(() => count('getBalance') > balanceReads, 3000)
    expect(count('sendTransaction')).toBe(1)
    await click(byText(outcome, 'button', t('tryAgain')))
    await waitFor(() => count('sendTransaction') === 2, 3000)
  })
})

const press = (target: EventTarget, key: string) =>
  act(async () => {
    target.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }),
    )
  })

describe('NFT detail sheet: keyboard focus', () => {
  it('opening the sheet moves focus to its heading; Escape returns to the grid with focus on the tile that opened it, and the modal stays open', async () => {
    const { panel } = await openNfts((g) => ({
      data: [nft(g, { tokenId: '1' }), nft(g, { tokenId: '2' })],
      next: null,
    }))
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    const second = panel().querySelector<HTMLElement>('[data-testid="nft-tile"][data-token-id="2"]')!
    second.focus()
    await click(second)
    const heading = await waitFor(() => panel().querySelector<HTMLElement>('[data-testid="nft-detail-name"]'))
    expect(modalRoot().activeElement).toBe(heading)
    expect(heading.textContent).toBe('Pass #2')
    await press(heading, 'Escape')
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    expect(panel().querySelector('[data-testid="nft-detail"]')).toBeNull()
    expect(modalRoot().querySelector('[role="dialog"]')).not.toBeNull()
    const focused = modalRoot().activeElement as HTMLElement | null
    expect(focused?.getAttribute('data-testid')).toBe('nft-tile')
    expect(focused?.getAttribute('data-token-id')).toBe('2')
  })

  it('the Back button returns focus to the tile that opened the sheet; Escape in the grid still closes the modal', async () => {
    const { panel } = await openNfts((g) => ({
      data: [nft(g, { tokenId: '1' }), nft(g, { tokenId: '2' })],
      next: null,
    }))
    await waitFor(() => panel().querySelector('[data-testid="nft-tile"]'))
    await click(panel().querySelector('[data-testid="nft-tile"][data-token-id="1"]'))
    await waitFor(() => panel().querySelector('[data-testid="nft-detail"]'))
    await click(byText(panel(), 'button', t('nftBack')))
    const tile = await waitFor(() => {
      const el = modalRoot().activeElement as HTMLElement | null
      return el?.getAttribute('data-testid') === 'nft-tile' ? el : undefined
    })
    expect(tile.getAttribute('data-token-id')).toBe('1')
    await press(tile, 'Escape')
    expect(modalRoot().querySelector('[role="dialog"]')).toBeNull()
  })
})
