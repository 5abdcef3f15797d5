// Issue 22: a registered view whose chunk fails to load is not failed until reload.
import type { ViewLoader } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoModal } from '../modal/index.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** A plugin view whose first `failures` loads reject (a chunk that 404s after a deploy, a dropped connection). */
function flakyLoader(failures: number) {
  let calls = 0
  const loader = (async () => {
    calls += 1
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module')
    return { default: () => <p data-testid="loaded">All wallets here</p> }
  }) as unknown as ViewLoader
  return { loader, calls: () => calls }
}

async function openFlaky(failures: number) {
  // React reports the caught load error on the console; the test reads the UI instead.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const flaky = flakyLoader(failures)
  const t = await createTestPortico({ views: { AllWallets: flaky.loader } })
  rendered = await render(t.portico, <PorticoModal />)
  await act(async () => t.portico.open({ view: 'AllWallets' }))
  return { t, flaky }
}

describe('A view chunk that fails to load', () => {
  it('shows "This screen couldn’t be loaded." with Try again; Try again asks the loader again and shows the view', async () => {
    const { flaky } = await openFlaky(1)
    const failed = await waitFor(() => modalRoot().querySelector('[data-testid="view-load-failed"]'))
    expect(failed.getAttribute('role')).toBe('alert')
    expect(failed.textContent).toContain('This screen couldn’t be loaded.')
    expect(flaky.calls()).toBe(1)
    await click(byText(failed, 'button', 'Try again'))
    const loaded = await waitFor(() => modalRoot().querySelector('[data-testid="loaded"]'))
    expect(loaded.textContent).toBe('All wallets here')
    expect(flaky.calls()).toBe(2)
    expect(modalRoot().querySelector('[data-testid="view-load-failed"]')).toBeNull()
  })

  it('is evicted from the cache: closing and opening again loads it afresh (no reload needed)', async () => {
    const { t, flaky } = await openFlaky(1)
    await waitFor(() => modalRoot().querySelector('[data-testid="view-load-failed"]'))
    await act(async () => t.portico.close())
    await act(async () => t.portico.open({ view: 'AllWallets' }))
    await waitFor(() => modalRoot().querySelector('[data-testid="loaded"]'))
    expect(flaky.calls()).toBe(2)
  })

  it('fails again honestly when the retry fails too, and keeps offering Try again', async () => {
    const { flaky } = await openFlaky(2)
    await click(
      byText(
        await waitFor(() => modalRoot().querySelector('[data-testid="view-load-failed"]')),
        'button',
        'Try again',
      ),
    )
    await waitFor(() => (flaky.calls() === 2 ? true : undefined))
    const failed = await waitFor(() => modalRoot().querySelector('[data-testid="view-load-failed"]'))
    await click(byText(failed, 'button', 'Try again'))
    await waitFor(() => modalRoot().querySelector('[data-testid="loaded"]'))
    expect(flaky.calls()).toBe(3)
  })
})
