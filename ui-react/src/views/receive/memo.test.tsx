import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoModal } from '../../modal/index.js'
import { createTestPortico } from '../../test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'
import { receiveStrings } from './strings.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

async function openReceive(memoConvention: boolean | undefined) {
  const t = await createTestPortico()
  // The flag is the adapter's (cosmosAdapter() sets it); the view only reads it.
  if (memoConvention !== undefined) Object.assign(t.adapters.eip155!, { memoConvention })
  await t.connect()
  rendered = await render(t.portico, <PorticoModal />)
  await act(async () => t.portico.open())
  // The Account chunk loads cold on a busy machine: a generous wait, the assertions are what matter.
  const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'), 15_000)
  await click(account.querySelector('[data-action-id="receive"]'))
  return waitFor(() => modalRoot().querySelector('[data-view="Receive"] [data-testid="receive"]'))
}

describe('Receive: the memo note (issue 34, "a warning when the namespace has … a memo convention")', () => {
  it('a namespace whose adapter declares a memo convention says this address needs no memo and an exchange’s does', {
    timeout: 20_000,
  }, async () => {
    const view = await openReceive(true)
    const note = view.querySelector('[data-testid="receive-memo-note"]')
    expect(note?.getAttribute('role')).toBe('note')
    expect(note?.textContent).toBe(receiveStrings.en.memoNote)
  })

  it('a namespace without one shows no memo note', { timeout: 20_000 }, async () => {
    const view = await openReceive(undefined)
    expect(view.querySelector('[data-testid="receive-memo-note"]')).toBeNull()
  })
})
