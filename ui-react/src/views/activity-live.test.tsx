import type { HistoryItem, HistoryResponse } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { en, formatString } from '../i18n/index.js'
import { ADDRESS, createTestPortico, startGateway, type WalletScript } from '../test-helpers/portico.js'
import { type Rendered, render, waitFor } from '../test-helpers/render.js'
import { ActivityPanel } from './Activity.js'
import { mergeFresh } from './activity-live.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const POLL_MS = 40
const t = (key: keyof typeof en, values?: Record<string, string | number>) => formatString(en[key], values)

function item(id: string, hash: string, patch: Partial<HistoryItem['metadata']> = {}): HistoryItem {
  return {
    id,
    metadata: {
      minedAt: new Date().toISOString(),
      chain: 'eip155:31337',
      hash,
      sentFrom: ADDRESS,
      sentTo: BOB,
      status: 'confirmed',
      operationType: 'send',
      ...patch,
    },
    transfers: [
      { direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { name: 'Ether', symbol: 'ETH' } },
    ],
  }
}

/** The panel on a real instance whose gateway answers `history()` each time it is asked; counts the reads. */
async function live(history: () => HistoryResponse, wallet: WalletScript = {}) {
  let reads = 0
  const gateway = await startGateway(async () => {
    reads++
    return history()
  })
  const tp = await createTestPortico({ apiUrl: gateway.url, wallet })
  await tp.connect()
  rendered = await render(tp.portico, <ActivityPanel namespace="eip155" pollMs={POLL_MS} />)
  return { tp, reads: () => reads, ids: () => ids(rendered!.container) }
}
const ids = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('[data-activity-id]')).map((r) => r.getAttribute('data-activity-id'))

describe('Activity stays live while open', () => {
  it('a new transaction appears on top without reopening the tab', async () => {
    const data: HistoryItem[] = [item('a', '0xa')]
    const panel = await live(() => ({ data: [...data], next: null }))
    await waitFor(() => panel.ids().length === 1)
    data.unshift(item('b', '0xb'))
    await waitFor(() => panel.ids().join() === 'b,a')
  })

  it('a pending item the gateway later reports mined turns from "Pending" to mined', async () => {
    let status: HistoryItem['metadata']['status'] = 'pending'
    const panel = await live(() => ({ data: [item('a', '0xa', { status })], next: null }))
    await waitFor(() => rendered!.container.textContent?.includes(t('activityPending')))
    status = 'confirmed'
    await waitFor(() => !rendered!.container.textContent?.includes(t('activityPending')))
    expect(panel.ids()).toEqual(['a'])
  })

  it('a failed refresh is said (with the retry delay) and keeps the list; the next good read clears it', async () => {
    let fail = false
    await live(() => {
      if (fail) throw new Error('indexer is down')
      return { data: [item('a', '0xa')], next: null }
    })
    await waitFor(() => ids(rendered!.container).length === 1)
    fail = true
    const note = await waitFor(
      () => rendered!.container.querySelector('[data-testid="activity-poll-error"]')?.textContent,
    )
    expect(note).toMatch(/^Couldn’t refresh activity: .+\. Retrying in \d+ s\.$/)
    expect(ids(rendered!.container)).toEqual(['a'])
    fail = false
    await waitFor(() => !rendered!.container.querySelector('[data-testid="activity-poll-error"]'), 4000)
  })

  it('reads never overlap and stop when the tab closes (unmount)', async () => {
    const panel = await live(() => ({ data: [item('a', '0xa')], next: null }))
    await waitFor(() => panel.reads() >= 3)
    rendered!.unmount()
    rendered = undefined
    const after = panel.reads()
    await act(async () => new Promise((r) => setTimeout(r, POLL_MS * 5)))
    // At most the read already under way when it closed.
    expect(panel.reads() - after).toBeLessThanOrEqual(1)
  })

  it('a send made through portico.send shows as pending until the history lists it, then the mined item replaces it', async () => {
    let mine!: () => void
    const mined = new Promise<void>((r) => {
      mine = r
    })
    const data: HistoryItem[] = []
    const panel = await live(() => ({ data: [...data], next: null }), { mined: () => mined })
    await waitFor(() => rendered!.container.querySelector('.empty'))
    const hash = await act(async () =>
      panel.tp.portico.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.25', to: BOB }),
    )
    await waitFor(() => panel.ids().join() === `pending:${hash}`)
    expect(rendered!.container.textContent).toContain(t('activityPending'))
    await act(async () => mine())
    data.push(item('mined', hash))
    await waitFor(() => panel.ids().join() === 'mined')
  })

  it('a send that was a user operation (its hash is not a transaction’s) is replaced by the history item of the bundle transaction that included it: listed once', async () => {
    const bundle = `0x${'b'.repeat(64)}`
    const data: HistoryItem[] = []
    const panel = await live(() => ({ data: [...data], next: null }), {
      mined: async (hash) => ({ status: 'succeeded', hash, transactionHash: bundle }),
    })
    await waitFor(() => rendered!.container.querySelector('.empty'))
    const userOpHash = await act(async () =>
      panel.tp.portico.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.25', to: BOB }),
    )
    await waitFor(() =>
      panel.tp.portico
        .getState()
        .pendingSends?.some((p) => p.hash === userOpHash && p.status === 'confirmed'),
    )
    data.push(item('indexed', bundle))
    await waitFor(() => panel.ids().join() === 'indexed')
  })

  it('a send that failed on chain shows "Failed" with the chain’s reason, before and after the history lists it', async () => {
    const data: HistoryItem[] = []
    const reason = 'Transfer: insufficient lamports 5000, need 10000'
    const panel = await live(() => ({ data: [...data], next: null }), {
      mined: async (hash) => ({
        status: 'failed',
        hash,
        reason: { message: reason, code: 'InstructionError' },
      }),
    })
    await waitFor(() => rendered!.container.querySelector('.empty'))
    const hash = await act(async () =>
      panel.tp.portico.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.25', to: BOB }),
    )
    const row = () => rendered!.container.querySelector(`[data-activity-id="pending:${hash}"]`)
    await waitFor(() => row()?.querySelector('[data-testid="activity-reason"]'), 3000)
    expect(row()?.querySelector('[data-testid="activity-status"]')?.textContent).toBe(
      ` · ${t('activityFailed')}`,
    )
    expect(row()?.querySelector('[data-testid="activity-reason"]')?.textContent).toBe(reason)
    // The gateway's own record of the failed transaction keeps the reason it indexed.
    data.push(item('indexed', hash, { status: 'failed', reason }))
    await waitFor(() => panel.ids().join() === 'indexed')
    const indexed = rendered!.container.querySelector('[data-activity-id="indexed"]')!
    expect(indexed.querySelector('[data-testid="activity-reason"]')?.textContent).toBe(reason)
  })

  it('a confirmed transaction shows no failure reason', async () => {
    const panel = await live(() => ({ data: [item('ok', `0x${'2'.repeat(64)}`)], next: null }))
    await waitFor(() => panel.ids().join() === 'ok')
    expect(rendered!.container.querySelector('[data-testid="activity-reason"]')).toBeNull()
    expect(rendered!.container.querySelector('[data-testid="activity-status"]')).toBeNull()
  })
})

describe('mergeFresh', () => {
  it('returns the same list when nothing changed (no re-render), new items on top, status changes replaced', () => {
    const a = item('a', '0xa', { status: 'pending' })
    const list = [a]
    expect(mergeFresh(list, [item('a', '0xa', { status: 'pending' })])).toBe(list)
    const merged = mergeFresh(list, [item('b', '0xb'), item('a', '0xa')])
    expect(merged.map((i) => `${i.id}:${i.metadata.status}`)).toEqual(['b:confirmed', 'a:confirmed'])
  })
})
