// The UI against the real core runtime (createPortico); only the wallet is a
// scripted ChainAdapter, since the UI never touches a chain library.
import { type ChainAdapter, type Connector, createPortico, defineChainAdapter } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from './buttons/index.js'
import { PorticoModal } from './modal/index.js'
import { click, modalRoot, type Rendered, render, waitFor } from './test-helpers/render.js'
import { ADDRESS, localNet } from './test-helpers/test-portico.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  document.body.innerHTML = ''
  localStorage.clear()
})

function scriptedAdapter(): ChainAdapter {
  const connector: Connector = {
    id: 'test',
    type: 'ANNOUNCED',
    name: 'Test Wallet',
    chain: 'eip155',
    installed: true,
  }
  return defineChainAdapter({
    namespace: 'eip155',
    networks: [localNet],
    setup: (ctx) => ctx.setConnectors('eip155', [connector]),
    getConnectors: () => [connector],
    connect: async () => ({
      accounts: [
        {
          namespace: 'eip155',
          address: ADDRESS,
          caipAddress: `${localNet.caipNetworkId}:${ADDRESS}`,
          type: 'eoa',
        },
      ],
      caipNetworkId: localNet.caipNetworkId,
    }),
    disconnect: async () => {},
    getAccounts: async () => ({ accounts: [] }),
    switchNetwork: async () => ({ status: 'switched' }),
    getBalance: async () => ({ value: 10n ** 22n, decimals: 18, symbol: 'ETH', formatted: '10000.000' }),
    signMessage: async () => ({ signature: '0x' }),
    sendTransaction: async () => '0x',
    on: () => () => {},
  })
}

describe('with the real core runtime', () => {
  it('Connect → wallet → connected: the button shows the short address and 10000.000 ETH; Account opens', async () => {
    const portico = createPortico({ adapters: [scriptedAdapter()], storage: 'memory' })
    await portico.ready
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
      rendered!.container.querySelector('[data-portico-button="account"]')?.textContent?.includes('10000.000')
        ? rendered!.container.querySelector('[data-portico-button="account"]')
        : null,
    )
    expect(button.textContent).toContain('0xf39F…2266')
    await click(button)
    const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(account.textContent).toContain('10000.000 ETH')
    await act(async () => portico.destroy())
  })
})
