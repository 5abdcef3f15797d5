// @vitest-environment happy-dom
// The views against the real thing: loopback relay, real universal-provider in
// the connector, and the dev WalletConnect wallet scanning the URI the QR shows.
// jsdom/happy-dom WebSockets break WalletConnect clients (LOCAL-WORLD.md): use `ws`.
import { type ChannelNamespaceRequest, createPortico, type Portico } from '@portico/core'
import {
  createDevWcWallet,
  createMemoryKeyValueStorage,
  type DevWcWallet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { act } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getWalletConnectConnector, getWalletConnectInstance, walletConnectPlugin } from '../plugin.js'
import { anvil, createViews, installNodeWebSocket, waitFor } from '../test-helpers/react.js'
import ConnectingWalletConnectView from './ConnectingWalletConnect.js'
import ConnectingWalletConnectBasicView from './ConnectingWalletConnectBasic.js'

installNodeWebSocket()

/** What core would ask for with the EVM adapter installed (this view test has no adapter). */
const EIP155: ChannelNamespaceRequest = {
  namespace: 'eip155',
  chains: ['eip155:31337'],
  methods: ['personal_sign', 'eth_sendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
}

describe('ConnectingWalletConnect views with the loopback relay and the dev WC wallet', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let wallet: DevWcWallet
  const { teardown, mount, cleanup } = createViews()

  beforeAll(async () => {
    relay = await startWalletConnectRelay()
    wallet = await createDevWcWallet({
      relayUrl: relay.url,
      rpcUrls: { 'eip155:31337': 'http://127.0.0.1:8545' },
    })
  })
  afterAll(async () => {
    await cleanup()
    await wallet?.stop()
    await relay?.stop()
    guard.restore()
  })

  /** A Portico whose connect('walletConnect') goes to the plugin's connector, as the runtime must route it. */
  function makePortico(opts: { isMobile?: boolean } = {}): Portico {
    const portico = createPortico({
      networks: [anvil],
      isMobile: () => opts.isMobile ?? false,
      plugins: [
        walletConnectPlugin({
          relayUrl: relay.url,
          storage: createMemoryKeyValueStorage(),
          customStoragePrefix: `view-test-${teardown.length}`,
        }),
      ],
    })
    const connector = getWalletConnectConnector(portico)!
    const coreConnect = portico.connect.bind(portico)
    portico.connect = async (id, o) => {
      if (id !== connector.id) return coreConnect(id, o)
      await connector.connect({ connectorId: id, namespace: o?.namespace, namespaces: [EIP155] })
    }
    teardown.push(async () => {
      await connector.destroy()
      portico.destroy()
    })
    return portico
  }

  it('Basic: the QR carries the pairing URI; the wallet scanning it connects; a rejection offers "Try again" with the same QR', async () => {
    const portico = makePortico()
    const connector = getWalletConnectConnector(portico)!
    wallet.rejectNext()
    const el = await mount(portico, <ConnectingWalletConnectBasicView />)
    await waitFor(() => !!el.querySelector('svg[data-qr-value]'))
    const uri = el.querySelector('svg[data-qr-value]')!.getAttribute('data-qr-value')!
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(el.querySelector('svg path')?.getAttribute('d')?.length).toBeGreaterThan(100)

    await wallet.pair(uri)
    await waitFor(() => el.textContent?.includes('Connection declined') ?? false)
    await act(async () => {
      ;[...el.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click()
    })
    await waitFor(() => connector.getState().status === 'connected')
    expect(connector.getState().uri).toBe(uri) // cached for the retry
    const { channels } = (await connector.reconnect!({ connectorId: 'walletConnect', namespaces: [EIP155] }))!
    expect(channels.eip155?.accounts()).toEqual([`eip155:31337:${wallet.address}`])
    await connector.disconnect({ connectorId: 'walletConnect' })
  })

  it('with a chosen mobile wallet: shows its name, an "Open" native deep link, and opens it on mobile', async () => {
    const portico = makePortico({ isMobile: true })
    getWalletConnectInstance(portico)!.wallets.set('w1', {
      id: 'w1',
      name: 'Dev Wallet',
      image_id: 'x',
      image_url: 'data:image/png;base64,iVBORw0KGgo=',
      mobile_link: 'devwallet://',
    })
    portico.router.push('ConnectingWalletConnect', { walletId: 'w1' })
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const el = await mount(portico, <ConnectingWalletConnectView />)
    await waitFor(() => !!el.querySelector('a[data-link-kind]'))
    const uri = el.querySelector('svg[data-qr-value]')!.getAttribute('data-qr-value')!
    const link = el.querySelector<HTMLAnchorElement>('a[data-link-kind]')!
    expect(link.textContent).toBe('Open Dev Wallet')
    expect(link.getAttribute('href')).toBe(`devwallet://wc?uri=${encodeURIComponent(uri)}`)
    expect(link.dataset.linkKind).toBe('native')
    expect(el.querySelector('svg image')?.getAttribute('href')).toMatch(/^data:image\/png/)
    expect(open).toHaveBeenCalledWith(`devwallet://wc?uri=${encodeURIComponent(uri)}`, '_self', undefined)
    open.mockRestore()
  })

  it('in React StrictMode: one pairing, one deep-link open, and the wallet scanning the QR connects', async () => {
    const portico = makePortico({ isMobile: true })
    const connector = getWalletConnectConnector(portico)!
    getWalletConnectInstance(portico)!.wallets.set('w2', {
      id: 'w2',
      name: 'Strict Wallet',
      image_id: 'x',
      mobile_link: 'strictwallet://',
    })
    portico.router.push('ConnectingWalletConnect', { walletId: 'w2' })
    const connects = vi.spyOn(portico, 'connect')
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const el = await mount(portico, <ConnectingWalletConnectView />, { strict: true })
    await waitFor(() => !!el.querySelector('svg[data-qr-value]') && !!el.querySelector('a[data-link-kind]'))
    const uri = el.querySelector('svg[data-qr-value]')!.getAttribute('data-qr-value')!
    expect(connects).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledWith(`strictwallet://wc?uri=${encodeURIComponent(uri)}`, '_self', undefined)
    open.mockRestore()

    await wallet.pair(uri)
    await waitFor(() => connector.getState().status === 'connected')
    expect(el.querySelector('[data-state="ready"] svg[data-qr-value]')?.getAttribute('data-qr-value')).toBe(
      uri,
    )
    await connector.disconnect({ connectorId: 'walletConnect' })
  })

  it('no socket left 127.0.0.1', () => {
    expect(guard.nonLoopback()).toEqual([])
  })
})
