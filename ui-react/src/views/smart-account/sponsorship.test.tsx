import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoModal } from '../../modal/index.js'
import { createTestPortico, devWallet } from '../../test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'

// Issue 30: Send's confirm step says who pays the gas of a smart account's send: "Sponsored by
// <site>" with the name the site gives itself, else the page's own address, labelled as the site's.
// A real createPortico (core's scripted EVM adapter) whose adapter prices the send as sponsored.

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const q = (view: HTMLElement, id: string) => view.querySelector<HTMLElement>(`[data-testid="${id}"]`)

async function type(input: Element | null | undefined, value: string) {
  if (!(input instanceof HTMLInputElement)) throw new Error('type: no input')
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Send reviewed up to its confirm step, the adapter pricing it as `priced` (a smart account's user operation). */
async function confirmWith(priced: { sponsored: boolean; sponsorName?: string }) {
  const tp = await createTestPortico()
  Object.assign(tp.adapters.eip155!, { priceUserOperation: async () => priced })
  await tp.connect(devWallet.id, 'eip155')
  rendered = await render(tp.portico, <PorticoModal />)
  await act(async () => tp.portico.open({ namespace: 'eip155' }))
  const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(account.querySelector('[data-action-id="send"]'))
  const view = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="WalletSend"]'))
  await waitFor(() => q(view, 'send-form'))
  await type(q(view, 'send-amount'), '1')
  await type(q(view, 'send-to'), BOB)
  await waitFor(() => q(view, 'send-fee')?.getAttribute('data-status') === 'ready', 3000)
  await click(q(view, 'send-review'))
  return await waitFor(() => q(view, 'send-confirm'), 3000)
}

describe('Send: "Sponsored by <site>" on a smart account\'s confirm step', () => {
  it("names the sponsor as the adapter gives it (the site's app metadata name)", async () => {
    const confirm = await confirmWith({ sponsored: true, sponsorName: 'Acme Shop' })
    expect(await waitFor(() => q(confirm, 'send-sponsored')?.textContent, 3000)).toBe(
      'Sponsored by Acme Shop',
    )
  })

  it("with no name known, the page's host labelled as the site's address (never a project id, never blank)", async () => {
    const confirm = await confirmWith({ sponsored: true })
    const host = window.location.host
    expect(host).not.toBe('')
    expect(await waitFor(() => q(confirm, 'send-sponsored')?.textContent, 3000)).toBe(
      `Sponsored by the site at ${host}`,
    )
  })

  it('a send the paymaster does not sponsor says nothing about a sponsor', async () => {
    const confirm = await confirmWith({ sponsored: false })
    await new Promise((r) => setTimeout(r, 100))
    expect(q(confirm, 'send-sponsored')).toBeNull()
  })
})
