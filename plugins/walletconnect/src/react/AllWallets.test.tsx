// @vitest-environment happy-dom
import { createPortico } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getWalletConnectInstance, walletConnectPlugin } from '../plugin.js'
import { makeWallets, memoryDirectory } from '../test-helpers/directory.js'
import { anvil, createViews, waitFor } from '../test-helpers/react.js'
import AllWalletsView, { ROW_HEIGHT, VIEWPORT_HEIGHT } from './AllWallets.js'
import { IMAGE_SCROLL_SETTLE_MS, WalletImage } from './shared.js'

const { mount, cleanup } = createViews({ destroyPortico: true })
afterEach(cleanup)

function setup(count: number) {
  const directory = memoryDirectory(makeWallets(count))
  const portico = createPortico({
    networks: [anvil],
    plugins: [walletConnectPlugin({ directory: directory.api, featuredWalletIds: ['w0042'] })],
  })
  return { portico, directory }
}

describe('AllWallets view', () => {
  it('stays virtualized with 5,000 wallets: infinite scroll loads every page, the DOM holds one window of rows', async () => {
    const { portico, directory } = setup(5000)
    const el = await mount(portico, <AllWalletsView />)
    const scroller = () => el.querySelector<HTMLElement>('[role="listbox"]')!
    const count = () => Number(scroller()?.dataset.count ?? 0)
    await waitFor(() => count() === 41)
    const maxRows = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + 2 * 4 + 1
    expect(el.querySelectorAll('[role="option"]').length).toBeLessThanOrEqual(maxRows)
    expect(el.querySelector('[role="option"]')?.textContent).toContain('Wallet 0042') // featured first

    const started = performance.now()
    while (count() < 5000) {
      const before = count()
      await act(async () => {
        scroller().scrollTop = before * ROW_HEIGHT - VIEWPORT_HEIGHT
        scroller().dispatchEvent(new Event('scroll'))
      })
      await waitFor(() => count() > before)
    }
    const ms = performance.now() - started
    expect(count()).toBe(5000)
    expect(directory.requests.filter((r) => !r.params.include).length).toBe(125) // 40 per page
    await act(async () => {
      scroller().scrollTop = 5000 * ROW_HEIGHT - VIEWPORT_HEIGHT
      scroller().dispatchEvent(new Event('scroll'))
    })
    const rows = el.querySelectorAll<HTMLElement>('[role="option"]')
    expect(rows.length).toBeLessThanOrEqual(maxRows)
    expect(rows[rows.length - 1]?.textContent).toContain('Wallet 5000')
    console.info(`[AllWallets] scrolled through 5,000 wallets in ${ms.toFixed(0)} ms (125 pages)`)
    // 125 pages through happy-dom: ~29 s of the suite's 30 s on a loaded 2-core machine (not a timing test).
  }, 90_000)

  it('a scroll hands the elements of rows that left the window to the rows that came in, each showing its own wallet; focus does not stay on a reused row', async () => {
    const { portico } = setup(200)
    const el = await mount(portico, <AllWalletsView />)
    const scroller = () => el.querySelector<HTMLElement>('[role="listbox"]')!
    await waitFor(() => Number(scroller().dataset.count) === 41)
    const rows = () => [...el.querySelectorAll<HTMLElement>('[role="option"]')]
    const shown = () => rows().map((r) => [r.dataset.walletId, r.querySelector('.row-label')?.textContent])
    // Half a row past a row's top: the window holds its most rows (every element in use).
    const scrollTo = (row: number) =>
      act(async () => {
        scroller().scrollTop = (row + 0.5) * ROW_HEIGHT
        scroller().dispatchEvent(new Event('scroll'))
      })
    await scrollTo(10)
    const before = rows()
    const byId = new Map(before.map((r) => [r.dataset.walletId, r]))
    const focused = before[0]!
    const focusedId = focused.dataset.walletId
    act(() => focused.focus())
    expect((el.getRootNode() as Document).activeElement).toBe(focused)
    await scrollTo(16)
    const after = rows()
    expect(after.length).toBe(before.length)
    // Every row element shows one wallet: its id and its name agree.
    for (const [id, name] of shown()) expect(name).toBe(`Wallet ${id?.slice(1)}`)
    // A row still in the window kept its element; the new rows took the old ones' elements (none made).
    for (const r of after) if (byId.has(r.dataset.walletId)) expect(byId.get(r.dataset.walletId)).toBe(r)
    expect(after.filter((r) => !before.includes(r))).toEqual([])
    // The focused row left the window and its element shows another wallet now: it is not focused.
    expect(focused.dataset.walletId).not.toBe(focusedId)
    expect((el.getRootNode() as Document).activeElement).not.toBe(focused)
  })

  it('choosing a wallet that is not installed opens ConnectingWalletConnect with its id', async () => {
    const { portico } = setup(60)
    const el = await mount(portico, <AllWalletsView />)
    await waitFor(() => el.querySelectorAll('[role="option"]').length > 0)
    await act(async () => {
      el.querySelector<HTMLElement>('[data-wallet-id="w0003"]')!.click()
    })
    expect(portico.getState().router).toMatchObject({
      view: 'ConnectingWalletConnect',
      data: { walletId: 'w0003' },
    })
    expect(getWalletConnectInstance(portico)?.wallets.get('w0003')?.mobile_link).toBe('wallet0003://')
  })

  it('survives React StrictMode (simulated unmount + remount): the directory wallets reach the screen and search works', async () => {
    const { portico, directory } = setup(60)
    const el = await mount(portico, <AllWalletsView />, { strict: true })
    const section = () => el.querySelector<HTMLElement>('[data-state]')
    const count = () => Number(el.querySelector<HTMLElement>('[role="listbox"]')?.dataset.count ?? 0)
    await waitFor(() => section()?.dataset.state === 'ready' && count() > 0)
    expect(count()).toBe(41) // featured + the first page of 40
    expect(el.querySelector('[role="option"]')?.textContent).toContain('Wallet 0042')
    expect(directory.requests.length).toBeGreaterThan(0)

    const input = el.querySelector<HTMLInputElement>('input[type="search"]')!
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      setValue.call(input, 'Wallet 0007')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await waitFor(
      () =>
        section()?.dataset.state === 'ready' &&
        [...el.querySelectorAll('[role="option"]')].map((o) => o.getAttribute('data-wallet-id')).join() ===
          'w0007',
    )
  })

  it('without a directory it says so instead of an empty list', async () => {
    const portico = createPortico({ networks: [anvil], plugins: [walletConnectPlugin()] })
    const el = await mount(portico, <AllWalletsView />)
    expect(el.querySelector('[data-state="no-directory"]')).not.toBeNull()
  })
})

describe('lazy wallet images (SPEC §9: 2 s preload time-out)', () => {
  it('while the list scrolls no image is requested for the rows it passes; once it is still, the rows in view load theirs', async () => {
    const requested: string[] = []
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null
        onerror: (() => void) | null = null
        set src(url: string) {
          requested.push(url)
        }
      },
    )
    try {
      const { portico } = setup(200)
      const el = await mount(portico, <AllWalletsView />)
      const scroller = () => el.querySelector<HTMLElement>('[role="listbox"]')!
      await waitFor(() => Number(scroller().dataset.count) === 41)
      const ids = () =>
        [...el.querySelectorAll<HTMLElement>('[role="option"]')].map((r) => r.dataset.walletId!)
      await waitFor(() => requested.length === ids().length) // the first rows' images
      requested.length = 0
      // The clock of the settle time (120 ms) and of the scrolls below. From 0: the scroll hold it
      // leaves behind lies in the past of any later clock, so no other test waits on it.
      vi.useFakeTimers({ now: 0 })
      const passed = new Set<string>()
      for (let row = 2; row <= 24; row += 2) {
        await act(async () => {
          scroller().scrollTop = row * ROW_HEIGHT
          scroller().dispatchEvent(new Event('scroll'))
        })
        for (const id of ids()) passed.add(id)
        await act(() => vi.advanceTimersByTimeAsync(20))
      }
      expect(requested).toEqual([])
      await act(() => vi.advanceTimersByTimeAsync(IMAGE_SCROLL_SETTLE_MS - 21))
      expect(requested).toEqual([])
      await act(() => vi.advanceTimersByTimeAsync(1))
      // Only the rows in view when it stopped, each once: not the others it passed on the way.
      const inView = ids()
      expect(passed.size).toBeGreaterThan(inView.length)
      expect(requested.length).toBe(inView.length)
      expect(new Set(requested).size).toBe(requested.length)
    } finally {
      vi.useRealTimers()
      vi.unstubAllGlobals()
    }
  })

  it('shows the initial as a placeholder until the image loads, and keeps it when loading fails', async () => {
    const portico = createPortico({ networks: [anvil] })
    const el = await mount(
      portico,
      <>
        <WalletImage src="javascript:alert(1)" name="evil" />
        <WalletImage src={undefined} name="Rainbow" />
      </>,
    )
    const spans = el.querySelectorAll('.wallet-icon')
    expect([...spans].map((s) => [s.tagName, s.textContent])).toEqual([
      ['SPAN', 'E'],
      ['SPAN', 'R'],
    ])
    expect(el.querySelector('img')).toBeNull()
  })

  it('gives up on an image that has not loaded after 2 s and keeps the placeholder', async () => {
    vi.useFakeTimers()
    try {
      const portico = createPortico({ networks: [anvil] })
      const el = await mount(portico, <WalletImage src="http://127.0.0.1:9/never.png" name="Slow" />)
      expect(el.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('loading')
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1999)
      })
      expect(el.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('loading')
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1)
      })
      expect(el.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('failed')
      expect(el.querySelector('img')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
