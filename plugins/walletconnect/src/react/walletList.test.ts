import type { Connector } from '@portico/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeWallets, memoryDirectory } from '../test-helpers/directory.js'
import { createWalletList, mergeInstalled } from './walletList.js'
import { searchKnown } from './walletSearch.js'

const injected = (id: string, rdns: string): Connector => ({
  id,
  type: 'ANNOUNCED',
  name: id,
  chain: 'eip155',
  info: { rdns },
})

afterEach(() => {
  vi.useRealTimers()
})

describe('All Wallets list (SPEC §9: 4 recommended, 40 per page, 100 search results)', () => {
  it('featured wallets come first in their order, the first 4 are recommended, then 40 per page', async () => {
    const { api, requests } = memoryDirectory(makeWallets(500))
    const list = createWalletList({ directory: api, installed: () => [], featuredIds: ['w0300', 'w0007'] })
    await list.loadMore()
    const { items, hasMore } = list.getState()
    expect(items.slice(0, 3).map((w) => w.id)).toEqual(['w0300', 'w0007', 'w0001'])
    expect(items.filter((w) => w.recommended).map((w) => w.id)).toEqual(['w0300', 'w0007', 'w0001', 'w0002'])
    expect(items).toHaveLength(2 + 40)
    expect(hasMore).toBe(true)
    // The page request excludes the featured ids (no duplicates) and asks for 40.
    expect(requests.at(-1)?.params).toMatchObject({ page: 1, entries: 40, exclude: ['w0300', 'w0007'] })
  })

  it('infinite scroll: loadMore appends the next page; concurrent calls share one request', async () => {
    const { api, requests } = memoryDirectory(makeWallets(100))
    const list = createWalletList({ directory: api, installed: () => [] })
    await list.loadMore()
    await Promise.all([list.loadMore(), list.loadMore()])
    expect(requests).toHaveLength(2)
    expect(list.getState().items).toHaveLength(80)
    await list.loadMore()
    expect(list.getState()).toMatchObject({ hasMore: false })
    expect(list.getState().items).toHaveLength(100)
    await list.loadMore()
    expect(requests).toHaveLength(3)
  })

  it('a next page is appended to the rows already built: they keep their identity, and an installed wallet met on a later page still moves to the top', async () => {
    const { api } = memoryDirectory(makeWallets(200))
    let installed: Connector[] = []
    const list = createWalletList({ directory: api, installed: () => installed, featuredIds: ['w0150'] })
    await list.loadMore()
    const page1 = list.getState().items
    await list.loadMore()
    const page2 = list.getState().items
    expect(page2).toHaveLength(1 + 80)
    expect(page2.slice(0, page1.length).every((w, i) => w === page1[i])).toBe(true)
    expect(page2.filter((w) => w.recommended).map((w) => w.id)).toEqual(['w0150', 'w0001', 'w0002', 'w0003'])
    // The same list as merging everything again.
    const all = mergeInstalled([...page2], [])
    expect(page2.map((w) => w.id)).toEqual(all.map((w) => w.id))

    // Installed wallet w0101 (rdns com.wallet0101) is on page 3: listed first once that page loads.
    installed = [injected('io.w101', 'com.wallet0101')]
    list.refresh()
    expect(list.getState().items[0]).toMatchObject({ id: 'installed:io.w101', installed: true })
    await list.loadMore()
    const items = list.getState().items
    expect(items[0]).toMatchObject({ id: 'w0101', installed: true, connectorId: 'io.w101' })
    expect(items.filter((w) => w.rdns === 'com.wallet0101')).toHaveLength(1)
    expect(items).toHaveLength(1 + 120)
  })

  it('the instant answer over 5,000 loaded wallets is what merging every match gives: installed first, at most 100', () => {
    const known = makeWallets(5_000)
    const installed = [injected('io.w4321', 'com.wallet4321'), injected('dev.other', 'dev.other')]
    for (const q of ['wallet', '1', '43', 'Wallet 4321', 'nothing']) {
      const naive = mergeInstalled(
        known.filter((w) => w.name.toLowerCase().includes(q.toLowerCase())),
        installed,
        q.toLowerCase(),
      ).slice(0, 100)
      expect(searchKnown(known, installed, q)).toEqual(naive)
    }
    expect(searchKnown(known, installed, '1')[0]).toMatchObject({ id: 'w4321', installed: true })
    expect(searchKnown(known, installed, '1')).toHaveLength(100)
  })

  it('installed wallets are merged by rdns and listed first, without duplicates; unknown installed ones are added', () => {
    const merged = mergeInstalled(makeWallets(30), [
      injected('io.wallet11', 'com.wallet0011'),
      injected('dev.portico.wallet', 'dev.portico'),
    ])
    expect(merged.slice(0, 2).map((w) => [w.id, w.installed, w.connectorId])).toEqual([
      ['w0011', true, 'io.wallet11'],
      ['installed:dev.portico.wallet', true, 'dev.portico.wallet'],
    ])
    expect(merged.filter((w) => w.rdns === 'com.wallet0011')).toHaveLength(1)
    expect(merged).toHaveLength(31)
  })

  it('while searching, installed wallets are listed only when their name matches the query (case-insensitive), still merged by rdns without duplicates', async () => {
    vi.useFakeTimers()
    const wallets = [
      ...makeWallets(20),
      {
        id: 'rainbow',
        name: 'Rainbow',
        image_id: 'rb',
        rdns: 'me.rainbow',
        chains: ['eip155:31337' as const],
      },
      { id: 'rainforest', name: 'Rainforest', image_id: 'rf', rdns: null, chains: ['eip155:31337' as const] },
    ]
    const { api } = memoryDirectory(wallets)
    const installed: Connector[] = [
      { ...injected('dev.portico.wallet', 'dev.portico'), name: 'Portico Dev Wallet' },
      { ...injected('me.rainbow.injected', 'me.rainbow'), name: 'Rainbow' },
      { ...injected('io.rain.drop', 'io.raindrop'), name: 'RainDrop Wallet' },
    ]
    const list = createWalletList({ directory: api, installed: () => installed })
    await list.loadMore()
    // Browsing: every installed wallet is listed.
    expect(
      list
        .getState()
        .items.filter((w) => w.installed)
        .map((w) => w.name),
    ).toEqual(['Rainbow', 'Portico Dev Wallet', 'RainDrop Wallet'])

    list.setSearch('rAiN')
    await vi.advanceTimersByTimeAsync(300)
    const items = list.getState().items
    expect(items.map((w) => [w.name, w.installed])).toEqual([
      ['Rainbow', true], // the directory's entry, marked installed by rdns
      ['RainDrop Wallet', true], // installed, not in the directory, name matches
      ['Rainforest', false],
    ])
    expect(items.find((w) => w.name === 'Rainbow')).toMatchObject({
      id: 'rainbow',
      connectorId: 'me.rainbow.injected',
    })
    expect(items.filter((w) => w.rdns === 'me.rainbow')).toHaveLength(1)
    expect(items.some((w) => w.name === 'Portico Dev Wallet')).toBe(false)

    // A query only an installed wallet matches.
    list.setSearch('portico')
    await vi.advanceTimersByTimeAsync(300)
    expect(list.getState().items.map((w) => w.name)).toEqual(['Portico Dev Wallet'])

    // Clearing the search lists every installed wallet again.
    list.setSearch('')
    expect(list.getState().items.filter((w) => w.installed)).toHaveLength(3)
    expect(mergeInstalled([], installed, '  DEV ').map((w) => w.id)).toEqual(['installed:dev.portico.wallet'])
  })

  it('include / exclude / chains reach the directory', async () => {
    const { api, requests } = memoryDirectory(makeWallets(50))
    const list = createWalletList({
      directory: api,
      installed: () => [],
      include: ['w0001', 'w0002', 'w0003'],
      exclude: ['w0002'],
      chains: ['eip155:31337'],
    })
    await list.loadMore()
    expect(requests[0]?.params).toMatchObject({
      include: ['w0001', 'w0002', 'w0003'],
      exclude: ['w0002'],
      chains: ['eip155:31337'],
    })
    expect(list.getState().items.map((w) => w.id)).toEqual(['w0001', 'w0003'])
  })

  it('search is debounced: fast keystrokes send one request (100 entries) for the last query', async () => {
    vi.useFakeTimers()
    const { api, requests } = memoryDirectory(makeWallets(5000))
    const list = createWalletList({ directory: api, installed: () => [] })
    list.setSearch('W')
    list.setSearch('Wa')
    list.setSearch('Wallet 00')
    expect(requests).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(300)
    expect(requests.map((r) => r.params.search)).toEqual(['Wallet 00'])
    expect(requests[0]?.params).toMatchObject({ page: 1, entries: 100 })
    expect(list.getState().items).toHaveLength(99) // Wallet 0001 … Wallet 0099
    list.setSearch('')
    expect(list.getState().search).toBe('')
  })

  it('a newer query aborts the in-flight one; its late answer is ignored', async () => {
    vi.useFakeTimers()
    const { api, requests } = memoryDirectory(makeWallets(200), 1000)
    const list = createWalletList({ directory: api, installed: () => [], debounceMs: 10 })
    list.setSearch('Wallet 01')
    await vi.advanceTimersByTimeAsync(20) // first request in flight
    list.setSearch('Wallet 0002')
    expect(requests[0]?.signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(2000)
    expect(requests.map((r) => r.params.search)).toEqual(['Wallet 01', 'Wallet 0002'])
    expect(list.getState().items.map((w) => w.id)).toEqual(['w0002'])
  })
})
