import type { HistoryItem, HistoryResponse } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { en, formatString } from '../i18n/index.js'
import { PorticoModal } from '../modal/index.js'
import {
  ADDRESS,
  createTestPortico,
  type HistoryScript,
  localNet,
  localNet2,
  startGateway,
  type TestPorticoOptions,
} from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'
import { formatActivityDate } from './Activity.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}`
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

function item(
  id: string,
  patch: Partial<HistoryItem['metadata']> = {},
  transfers?: HistoryItem['transfers'],
): HistoryItem {
  return {
    id,
    metadata: {
      minedAt: minutesAgo(5),
      chain: 'eip155:31337',
      hash: HASH,
      sentFrom: ADDRESS,
      sentTo: BOB,
      status: 'confirmed',
      operationType: 'send',
      ...patch,
    },
    transfers: transfers ?? [
      {
        direction: 'out',
        quantity: { numeric: '0.0123456' },
        fungible_info: { name: 'Ether', symbol: 'ETH' },
      },
    ],
  }
}

const t = (key: keyof typeof en, values?: Record<string, string | number>) => formatString(en[key], values)

/** Opens Account → Activity, with a gateway answering `history` when given; returns the tab panel. */
async function openActivity(history?: HistoryScript, options: TestPorticoOptions = {}) {
  const gateway = history ? await startGateway(history) : undefined
  const tp = await createTestPortico({ ...options, ...(gateway ? { apiUrl: gateway.url } : {}) })
  await tp.connect()
  rendered = await render(tp.portico, <PorticoModal />)
  await act(async () => tp.portico.open())
  const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(byText(view, '[role="tab"]', 'Activity'))
  return { tp, panel: () => view.querySelector<HTMLElement>('[role="tabpanel"]')! }
}

const deferred = <T,>() => {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('Account → Activity with a gateway', () => {
  it('lists each transaction: Sent/Received, the counterparty shortened, the amount truncated to 3 decimals (SPEC §5) with its symbol, a relative date and the explorer link', async () => {
    const { panel } = await openActivity(async () => ({
      data: [
        item('a'),
        item('b', { sentFrom: BOB, sentTo: ADDRESS, operationType: 'receive', minedAt: minutesAgo(180) }, [
          {
            direction: 'in',
            quantity: { numeric: '1234.56789' },
            fungible_info: { name: 'USD Coin', symbol: 'USDC' },
          },
        ]),
      ],
      next: null,
    }))
    const rows = await waitFor(() => {
      const r = panel().querySelectorAll<HTMLElement>('[data-activity-id]')
      return r.length === 2 ? Array.from(r) : undefined
    })
    const text = (row: HTMLElement, id: string) => row.querySelector(`[data-testid="${id}"]`)?.textContent
    expect(text(rows[0]!, 'activity-label')).toBe('Sent')
    expect(text(rows[0]!, 'activity-counterparty')).toBe('To 0x7099…79C8')
    expect(text(rows[0]!, 'activity-amount')).toBe('-0.012 ETH')
    expect(text(rows[0]!, 'activity-date')).toBe('5 min ago')
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe(`http://127.0.0.1:4000/tx/${HASH}`)
    expect(text(rows[1]!, 'activity-label')).toBe('Received')
    expect(text(rows[1]!, 'activity-counterparty')).toBe('From 0x7099…79C8')
    expect(text(rows[1]!, 'activity-amount')).toBe('+1234.567 USDC')
    expect(text(rows[1]!, 'activity-date')).toBe('3 h ago')
    expect(rows[1]!.querySelector('[data-direction="in"]')).not.toBeNull()
  })

  it('shows a loading skeleton (aria-busy, "Loading activity…") until the gateway answers', async () => {
    const answer = deferred<HistoryResponse>()
    const { panel } = await openActivity(() => answer.promise)
    expect(panel().querySelector('[data-testid="activity-loading"]')?.getAttribute('aria-busy')).toBe('true')
    expect(panel().textContent).toContain('Loading activity…')
    expect(panel().querySelectorAll('.skeleton-row')).toHaveLength(3)
    await act(async () => answer.resolve({ data: [item('a')], next: null }))
    await waitFor(() => panel().querySelector('[data-activity-id="a"]'))
    expect(panel().querySelector('[data-testid="activity-loading"]')).toBeNull()
  })

  it('NFT transfers flagged spam are hidden; an item made only of spam NFTs is not listed', async () => {
    const spam = {
      direction: 'in' as const,
      quantity: { numeric: '1' },
      nft_info: { name: 'FREE AIRDROP', flags: { is_spam: true } },
    }
    const real = {
      direction: 'in' as const,
      quantity: { numeric: '1' },
      nft_info: { name: 'Punk #7', flags: { is_spam: false } },
    }
    const { panel } = await openActivity(async () => ({
      data: [
        item('spam-only', { operationType: 'receive', sentFrom: BOB }, [spam]),
        item('mixed', { operationType: 'receive', sentFrom: BOB }, [spam, real]),
        item('eth'),
      ],
      next: null,
    }))
    await waitFor(() => panel().querySelector('[data-activity-id="eth"]'))
    expect(panel().querySelector('[data-activity-id="spam-only"]')).toBeNull()
    expect(
      panel().querySelector('[data-activity-id="mixed"] [data-testid="activity-amount"]')?.textContent,
    ).toBe('+Punk #7')
    expect(panel().textContent).not.toContain('FREE AIRDROP')
    expect(panel().querySelector('[data-activity-id="mixed"]')?.textContent).not.toContain('more')
  })

  it('an item with several shown transfers names the first and counts the rest ("+1 more")', async () => {
    const nft = (name: string) => ({
      direction: 'in' as const,
      quantity: { numeric: '1' },
      nft_info: { name, flags: { is_spam: false } },
    })
    const { panel } = await openActivity(async () => ({
      data: [item('two', { operationType: 'mint', sentFrom: BOB }, [nft('Pass #1'), nft('Pass #2')])],
      next: null,
    }))
    const row = await waitFor(() => panel().querySelector('[data-activity-id="two"]'))
    expect(row.querySelector('[data-testid="activity-label"]')?.textContent).toBe('Minted')
    expect(row.querySelector('[data-testid="activity-amount"]')?.textContent).toBe('+Pass #1')
    expect(row.querySelector('[data-testid="activity-date"]')?.textContent).toBe('+1 more · 5 min ago')
  })

  it('a transaction with no other side (sentTo empty, no transfer) shows no "To" line', async () => {
    const { panel } = await openActivity(async () => ({
      data: [item('fee-only', { operationType: 'execute', sentTo: '' }, [])],
      next: null,
    }))
    const row = await waitFor(() => panel().querySelector('[data-activity-id="fee-only"]'))
    expect(row.querySelector('[data-testid="activity-counterparty"]')?.textContent).toBe('')
  })

  it('an onramp purchase (metadata.onramp) reads "Bought" via its provider, with the bought amount and its status', async () => {
    const onramp = {
      orderId: 'o-1',
      provider: 'sandbox',
      status: 'pending' as const,
      paymentAmount: '50.00',
      paymentCurrency: 'USD',
      purchaseAmount: '49.15',
      purchaseCurrency: 'USDC',
      failureReason: null,
    }
    const { panel } = await openActivity(async () => ({
      data: [
        item('buy', { operationType: 'receive', sentFrom: '', status: 'pending', onramp }, [
          {
            direction: 'in',
            quantity: { numeric: '49.15' },
            fungible_info: { name: 'USDC', symbol: 'USDC' },
          },
        ]),
      ],
      next: null,
    }))
    const row = await waitFor(() => panel().querySelector('[data-activity-id="buy"]'))
    expect(row.querySelector('[data-testid="activity-label"]')?.textContent).toContain(t('activityBought'))
    expect(row.textContent).toContain(t('activityPending'))
    expect(row.textContent).toContain(t('activityVia', { provider: 'sandbox' }))
    expect(row.querySelector('[data-testid="activity-amount"]')?.textContent).toBe('+49.150 USDC')
  })

  it('an empty history says so honestly, without the "once a gateway provides them" text', async () => {
    const { panel } = await openActivity(async () => ({ data: [], next: null }))
    await waitFor(() => panel().textContent?.includes(t('activityEmpty')))
    expect(panel().textContent).not.toContain(t('noActivity'))
  })

  it('a failed fetch shows the error and "Try again", which fetches again and lists the answer', async () => {
    let calls = 0
    const { panel } = await openActivity(async () => {
      calls++
      if (calls === 1) throw new Error('boom')
      return { data: [item('a')], next: null }
    })
    const error = await waitFor(() => panel().querySelector('[data-testid="activity-error"]'))
    expect(error.getAttribute('role')).toBe('alert')
    expect(error.textContent).toContain('Couldn’t load activity')
    expect(error.textContent).toContain('HTTP status code: 500')
    await click(byText(panel(), 'button', 'Try again'))
    await waitFor(() => panel().querySelector('[data-activity-id="a"]'))
    expect(calls).toBe(2)
  })

  it('"Load more" asks for the next page with the `next` cursor, appends it, and disappears on the last page', async () => {
    const cursors: (string | undefined)[] = []
    const { panel } = await openActivity(async ({ cursor }) => {
      cursors.push(cursor)
      return cursor === 'p2'
        ? { data: [item('c'), item('d')], next: null }
        : { data: [item('a'), item('b')], next: 'p2' }
    })
    const more = await waitFor(() => byText(panel(), 'button', 'Load more'))
    expect(panel().querySelectorAll('[data-activity-id]')).toHaveLength(2)
    await click(more)
    await waitFor(() => panel().querySelector('[data-activity-id="d"]'))
    expect(
      Array.from(panel().querySelectorAll('[data-activity-id]')).map((e) =>
        e.getAttribute('data-activity-id'),
      ),
    ).toEqual(['a', 'b', 'c', 'd'])
    expect(cursors).toEqual([undefined, 'p2'])
    expect(byText(panel(), 'button', 'Load more')).toBeUndefined()
  })

  it('a failed "Load more" keeps the listed page and offers "Try again" for the same cursor', async () => {
    const cursors: (string | undefined)[] = []
    const { panel } = await openActivity(async ({ cursor }) => {
      cursors.push(cursor)
      if (cursor === 'p2' && cursors.length === 2) throw new Error('boom')
      return cursor === 'p2' ? { data: [item('b')], next: null } : { data: [item('a')], next: 'p2' }
    })
    await click(await waitFor(() => byText(panel(), 'button', 'Load more')))
    await waitFor(() => panel().textContent?.includes('HTTP status code: 500'))
    expect(panel().querySelector('[data-activity-id="a"]')).not.toBeNull()
    await click(byText(panel(), 'button', 'Try again'))
    await waitFor(() => panel().querySelector('[data-activity-id="b"]'))
    expect(cursors).toEqual([undefined, 'p2', 'p2'])
  })

  it('without an explorer on the network, rows are not links', async () => {
    const networks = [localNet, localNet2].map(({ blockExplorers: _, ...n }) => n)
    const { panel } = await openActivity(async () => ({ data: [item('a')], next: null }), { networks })
    const row = await waitFor(() => panel().querySelector('[data-activity-id="a"]'))
    expect(row.querySelector('a')).toBeNull()
  })
})

describe('Account → Activity without a gateway', () => {
  it('keeps the honest "appear here once a Portico gateway provides them" state (core rejects with API_NOT_CONFIGURED)', async () => {
    const { panel } = await openActivity()
    await waitFor(() => panel().textContent?.includes(t('noActivity')))
    expect(panel().querySelector('[data-testid="activity-error"]')).toBeNull()
  })
})

describe('Activity dates are relative for a week, then short', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  it.each([
    ['2026-11-21T11:59:30Z', 'just now'],
    ['2026-11-21T11:15:00Z', '45 min ago'],
    ['2026-11-21T02:00:00Z', '10 h ago'],
    ['2026-11-18T12:00:00Z', '3 d ago'],
    ['2026-11-03T12:00:00Z', 'Nov 3'],
    ['2025-06-03T12:00:00Z', 'Jun 3, 2025'],
  ])('%s → %s', (iso, expected) => {
    expect(formatActivityDate(iso, now, t)).toBe(expected)
  })
})
