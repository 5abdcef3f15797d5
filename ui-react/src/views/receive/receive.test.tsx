import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoModal } from '../../modal/index.js'
import { ADDRESS, createTestPortico, localNet } from '../../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  Reflect.deleteProperty(navigator, 'clipboard')
})

async function openReceive(
  patch?: Parameters<Awaited<ReturnType<typeof createTestPortico>>['updateAccount']>[0],
) {
  const t = await createTestPortico()
  await t.connect()
  if (patch) t.updateAccount(patch)
  rendered = await render(t.portico, <PorticoModal />)
  await act(async () => t.portico.open())
  const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(account.querySelector('[data-action-id="receive"]'))
  const view = await waitFor(() => modalRoot().querySelector('[data-view="Receive"] [data-testid="receive"]'))
  return { t, view }
}

describe('Account actions', () => {
  it('Send and Receive come first, right under the balance, before the network, wallets and tabs', async () => {
    const t = await createTestPortico()
    await t.connect()
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    const actions = view.querySelector('[data-testid="account-actions"]')!
    expect(
      Array.from(actions.querySelectorAll('[data-action-id]')).map((b) => b.getAttribute('data-action-id')),
    ).toEqual(['send', 'receive'])
    const balance = view.querySelector('[data-testid="account-balance"]')!
    const tabs = view.querySelector('[role="tablist"]')!
    // DOM order is reading order: balance → actions → tabs.
    expect(balance.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(actions.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe('Receive', () => {
  it('shows the connected address as a QR code and as text, and the network it is valid on', async () => {
    const { view } = await openReceive()
    const qr = view.querySelector('svg[role="img"]')!
    expect(qr.getAttribute('data-qr-value')).toBe(ADDRESS)
    expect(qr.getAttribute('aria-label')).toBe(`QR code of the address ${ADDRESS}`)
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(view.querySelector('[data-testid="receive-address"]')?.textContent).toBe(ADDRESS)
    expect(view.querySelector('[data-testid="receive-network"]')?.textContent).toBe(
      `Valid on ${localNet.name}. Send only assets of this network to this address.`,
    )
    // One address kind only: no payment / ordinals choice.
    expect(view.querySelector('[data-testid="receive-kinds"]')).toBeNull()
  })

  it('"Copied" only after the clipboard took the address; a refused write says it failed', async () => {
    const written: string[] = []
    let refuse = false
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError')
          written.push(text)
        },
      },
    })
    const { view } = await openReceive()
    const button = view.querySelector<HTMLElement>('[data-testid="receive-copy"]')!
    expect(button.textContent).toBe('Copy address')
    await click(button)
    await waitFor(() => button.textContent === 'Copied')
    expect(written).toEqual([ADDRESS])
    refuse = true
    await click(button)
    await waitFor(() => button.textContent === 'Couldn’t copy the address')
    expect(written).toEqual([ADDRESS])
  })

  it('without a clipboard on the page, Copy says it failed', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    const { view } = await openReceive()
    const button = view.querySelector<HTMLElement>('[data-testid="receive-copy"]')!
    await click(button)
    await waitFor(() => button.textContent === 'Couldn’t copy the address')
  })

  it('an account with a payment and an ordinals address offers both, each with what it is for', async () => {
    const payment = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
    const ordinals = 'bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqp3mvzv'
    const { view } = await openReceive({
      address: payment,
      allAccounts: [
        {
          namespace: 'eip155',
          address: payment,
          caipAddress: `eip155:31337:${payment}`,
          type: 'eoa',
          purpose: 'payment',
        },
        {
          namespace: 'eip155',
          address: ordinals,
          caipAddress: `eip155:31337:${ordinals}`,
          type: 'eoa',
          purpose: 'ordinals',
        },
      ],
    })
    const kinds = view.querySelector('[data-testid="receive-kinds"]')!
    const radios = Array.from(kinds.querySelectorAll<HTMLInputElement>('input[type="radio"]'))
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['payment', true],
      ['ordinals', false],
    ])
    expect(view.querySelector('[data-testid="receive-address"]')?.textContent).toBe(payment)
    expect(view.querySelector('[data-testid="receive-kind-note"]')?.textContent).toBe(
      'This is your payment address. Send ordinals and inscriptions to your ordinals address instead.',
    )
    await click(radios[1])
    await waitFor(() => view.querySelector('[data-testid="receive-address"]')?.textContent === ordinals)
    expect(view.querySelector('svg[role="img"]')?.getAttribute('data-qr-value')).toBe(ordinals)
    expect(view.querySelector('[data-testid="receive-kind-note"]')?.textContent).toBe(
      'This is your ordinals address. Send bitcoin payments to your payment address instead.',
    )
    expect(byText(view, 'label', 'Ordinals')?.hasAttribute('data-checked')).toBe(true)
  })
})
