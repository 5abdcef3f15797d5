// @vitest-environment happy-dom
import { anvil31337, evmAdapter } from '@portico/adapter-evm'
import { createPortico, SEARCH_RESULTS_LIMIT, WALLETS_PER_PAGE } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { prefetchAllWallets, walletConnectPlugin } from '../plugin.js'
import { makeWallets } from '../test-helpers/directory.js'
import { type DirectoryHit, startHttpDirectory } from '../test-helpers/http-directory.js'
import { createViews, waitFor } from '../test-helpers/react.js'
import AllWalletsView from './AllWallets.js'

// All Wallets against a directory over real HTTP, through core's own client (createPortico
// with directoryUrl): the instant local search, the merge of the directory's answer, the
// SPEC §9 limits (40 per page, 100 search results, 300 ms debounce), aborts and the cache.
const { mount, teardown, cleanup } = createViews({ destroyPortico: true })
/** Unmounts without destroying the instance (a closed and reopened All Wallets). */
const kept = createViews()
afterEach(async () => {
  await kept.cleanup()
  await cleanup()
})

async function setup(count: number, delay?: (hit: DirectoryHit) => number) {
  const directory = await startHttpDirectory(makeWallets(count), delay)
  teardown.push(directory.close)
  const portico = createPortico({
    adapters: [evmAdapter({ networks: [anvil31337], discovery: false })],
    directoryUrl: directory.url,
    projectId: 'test',
    plugins: [walletConnectPlugin({ featuredWalletIds: ['w0042'] })],
  })
  return { portico, directory }
}

const ids = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-wallet-id]')].map((r) => r.getAttribute('data-wallet-id'))
const listCount = (el: HTMLElement) =>
  Number(el.querySelector<HTMLElement>('[role="listbox"]')?.dataset.count)
const searches = (hits: DirectoryHit[]) => hits.filter((h) => h.search !== undefined)

async function type(el: HTMLElement, text: string) {
  const input = el.querySelector<HTMLInputElement>('input[type="search"]')!
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Every wallet id the list holds (the DOM holds one window): scrolls it through. */
async function allIds(el: HTMLElement): Promise<string[]> {
  const scroller = el.querySelector<HTMLElement>('[role="listbox"]')!
  const seen = new Set<string>()
  for (let top = 0; top <= listCount(el) * 60; top += 300) {
    await act(async () => {
      scroller.scrollTop = top
      scroller.dispatchEvent(new Event('scroll'))
    })
    for (const id of ids(el)) seen.add(id!)
  }
  return [...seen]
}

describe('All Wallets: instant search over a real HTTP directory (SPEC §9: 100 results, 300 ms debounce)', () => {
  it('a keystroke lists the matching wallets already loaded at once, before the directory is asked', async () => {
    const { portico, directory } = await setup(500)
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)

    await type(el, 'Wallet 001')
    // Same act as the keystroke: no request was sent yet (debounced), the known matches are on screen.
    expect(searches(directory.hits)).toEqual([])
    const known = Array.from({ length: 10 }, (_, i) => `w00${10 + i}`) // w0010…w0019, all in page 1
    expect(ids(el)).toEqual(known)
    expect(listCount(el)).toBe(10)
    expect(el.querySelector('[role="listbox"]')?.getAttribute('aria-busy')).toBe('true')

    // The directory's answer (one request, 100 entries asked) leaves them there.
    await waitFor(() => el.querySelector('[role="listbox"]')?.getAttribute('aria-busy') === 'false')
    expect(searches(directory.hits).map((h) => [h.search, h.entries])).toEqual([['Wallet 001', 100]])
    expect(ids(el)).toEqual(known)
    expect(listCount(el)).toBe(10)
  })

  it("merges the directory's results below the rows already shown: no row moves, none twice, at most 100", async () => {
    const { portico, directory } = await setup(500)
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)

    // "01" in page 1 (w0001…w0041): 11 names. The directory has 114 (w0100…w0199, w0201, …).
    const known = ['w0001', ...Array.from({ length: 10 }, (_, i) => `w00${10 + i}`)]
    await type(el, '01')
    const instant = ids(el)
    expect(instant).toEqual(known.slice(0, instant.length))
    expect(listCount(el)).toBe(known.length)
    await waitFor(() => listCount(el) > known.length)
    expect(ids(el)).toEqual(instant) // the rows on screen did not move
    expect(listCount(el)).toBe(SEARCH_RESULTS_LIMIT)
    const all = await allIds(el)
    expect(all).toHaveLength(SEARCH_RESULTS_LIMIT)
    expect(new Set(all).size).toBe(all.length)
    expect(all.slice(0, known.length)).toEqual(known)
    expect(all.slice(known.length, known.length + 3)).toEqual(['w0100', 'w0101', 'w0102'])
    expect(searches(directory.hits)).toHaveLength(1)
  })

  it('the 100-result cap holds for the instant answer too when more than 100 loaded wallets match', async () => {
    const { portico } = await setup(500)
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)
    const scroller = el.querySelector<HTMLElement>('[role="listbox"]')!
    while (listCount(el) < 121) {
      const before = listCount(el)
      await act(async () => {
        scroller.scrollTop = before * 60
        scroller.dispatchEvent(new Event('scroll'))
      })
      await waitFor(() => listCount(el) > before)
    }
    await type(el, 'wallet')
    expect(listCount(el)).toBe(SEARCH_RESULTS_LIMIT)
    await waitFor(() => el.querySelector('[role="listbox"]')?.getAttribute('aria-busy') === 'false')
    expect(listCount(el)).toBe(SEARCH_RESULTS_LIMIT)
  })

  it('a newer query aborts the search in flight (its connection is closed) and its late answer never shows', async () => {
    // Search answers take 1.5 s: the first is still in flight when the second query is typed.
    const { portico, directory } = await setup(300, (h) => (h.search ? 1500 : 0))
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)

    await type(el, '01')
    await waitFor(() => searches(directory.hits).length === 1) // sent after the 300 ms debounce
    await type(el, '02')
    // Known at once: w0002, w0020…w0029 (page 1 holds w0001…w0041).
    expect(ids(el)).toEqual(['w0002', ...Array.from({ length: 10 }, (_, i) => `w00${20 + i}`)])
    await waitFor(() => searches(directory.hits)[0]!.aborted)
    await waitFor(() => searches(directory.hits)[1]?.answered === true, 5000)
    await waitFor(() => el.querySelector('[role="listbox"]')?.getAttribute('aria-busy') === 'false')
    const all = await allIds(el)
    expect(all.filter((id) => !id.includes('02'))).toEqual([]) // nothing of the stale "01" answer
    expect(all).toHaveLength(SEARCH_RESULTS_LIMIT) // 112 match, capped at 100
    expect(searches(directory.hits).map((h) => [h.search, h.aborted])).toEqual([
      ['01', true],
      ['02', false],
    ])
  })
})

describe('All Wallets: render from the cache, prefetch when the modal opens', () => {
  it('reopened, it paints the cached rows before any answer, and fetches page 1 again behind them', async () => {
    let delayMs = 0
    const { portico, directory } = await setup(200, () => delayMs)
    teardown.push(() => portico.destroy())
    const first = await kept.mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(first) === 1 + WALLETS_PER_PAGE)
    const shown = ids(first)
    await act(async () => kept.cleanup()) // All Wallets closed; the instance lives on
    const before = directory.hits.length

    delayMs = 500 // from now on the directory is slow: the rows below cannot come from it
    const el = await kept.mount(portico, <AllWalletsView />)
    expect(ids(el)).toEqual(shown) // on the first paint, from the cache
    expect(listCount(el)).toBe(1 + WALLETS_PER_PAGE)
    await waitFor(() => directory.hits.length > before)
    expect(directory.hits.slice(before).map((h) => h.page)).toContain(1) // revalidated
    expect(directory.hits.slice(before).some((h) => h.answered)).toBe(false)
    await waitFor(() => directory.hits.slice(before).every((h) => h.answered))
    expect(ids(el)).toEqual(shown) // unchanged directory: nothing moved
  })

  it('with the first page prefetched, the first commit already holds the rows: no "Loading wallets…" pass before them', async () => {
    const { portico } = await setup(200)
    await act(async () => {
      await portico.open()
    })
    await prefetchAllWallets(portico)
    const added: string[] = []
    const observer = new MutationObserver((records) => {
      // Removed nodes too: a "Loading" paragraph taken out again before the callback ran still holds its text.
      for (const r of records)
        for (const n of [...r.addedNodes, ...r.removedNodes])
          if (n instanceof HTMLElement) added.push(n.textContent ?? '')
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const el = await mount(portico, <AllWalletsView />)
    observer.disconnect()
    expect(listCount(el)).toBe(1 + WALLETS_PER_PAGE)
    expect(ids(el)[0]).toBe('w0042')
    expect(added.join('\n')).not.toContain('Loading wallets…')
  })

  it('a keystroke after a scroll brings the list back to its top, with the first matches in view', async () => {
    const { portico } = await setup(500)
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)
    const scroller = el.querySelector<HTMLElement>('[role="listbox"]')!
    await act(async () => {
      scroller.scrollTop = 900
      scroller.dispatchEvent(new Event('scroll'))
    })
    expect(ids(el)).not.toContain('w0010')
    await type(el, 'Wallet 001')
    expect(scroller.scrollTop).toBe(0)
    expect(ids(el)[0]).toBe('w0010')
  })

  it('with nothing cached, the first render says "Loading wallets…" (never "No wallet found"), also under StrictMode', async () => {
    const { portico, directory } = await setup(200, () => 300)
    const texts: string[] = []
    const observer = new MutationObserver(() => {
      const status = document.body.querySelector('[role="status"]')?.textContent
      if (status) texts.push(status)
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    const el = await mount(portico, <AllWalletsView />, { strict: true })
    expect(el.querySelector('[role="status"]')?.textContent).toBe('Loading wallets…')
    expect(el.querySelector('[role="listbox"]')?.getAttribute('aria-busy')).toBe('true')
    await waitFor(() => listCount(el) === 1 + WALLETS_PER_PAGE)
    observer.disconnect()
    expect(texts.length).toBeGreaterThan(0)
    expect(texts).not.toContain('No wallet found')
    // StrictMode's second effect run made one list that loaded: page 1 asked for, rows shown.
    expect(directory.hits.some((h) => h.page === 1 && h.entries === WALLETS_PER_PAGE)).toBe(true)
  })

  it('opening the modal on Connect fetches the first page (featured + 40) before All Wallets is shown', async () => {
    const { portico, directory } = await setup(200)
    expect(directory.hits).toEqual([])
    await act(async () => {
      await portico.open()
    })
    expect(portico.getState().router.view).toBe('Connect')
    await waitFor(() => directory.hits.filter((h) => h.answered).length === 2)
    expect(directory.hits.map((h) => [h.page, h.entries, h.include])).toEqual(
      expect.arrayContaining([
        [1, 1, ['w0042']],
        [1, WALLETS_PER_PAGE, undefined],
      ]),
    )
    const el = await mount(portico, <AllWalletsView />)
    expect(listCount(el)).toBe(1 + WALLETS_PER_PAGE) // first paint, no wait
    expect(ids(el)[0]).toBe('w0042')
  })
})
