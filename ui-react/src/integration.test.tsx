// The UI against the real core runtime (createPortico); only the wallet is a
// scripted ChainAdapter, since the UI never touches a chain library.
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from './buttons/index.js'
import { PorticoModal } from './modal/index.js'
import { createTestPortico } from './test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from './test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  document.body.innerHTML = ''
  localStorage.clear()
})

describe('with the real core runtime', () => {
  it('Connect → wallet → connected: the button shows the short address and 10000.123 ETH; Account opens', async () => {
    const { portico } = await createTestPortico({
      connectors: [{ id: 'test', type: 'ANNOUNCED', name: 'Test Wallet', chain: 'eip155', installed: true }],
    })
    rendered = await render(
      portico,
      <>
        <ConnectButton />
        <PorticoModal />
      </>,
    )
    await click(rendered.container.querySelector('button'))
    await click(await waitFor(() => modalRoot().querySelector('[data-connector-id="test"]')))
    const button = await waitFor(() =>
      rendered!.container.querySelector('[data-portico-button="account"]')?.textContent?.includes('10000.123')
        ? rendered!.container.querySelector('[data-portico-button="account"]')
        : null,
    )
    expect(button.textContent).toContain('0xf39F…2266')
    await click(button)
    const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(account.textContent).toContain('10000.123 ETH')
  })
})
