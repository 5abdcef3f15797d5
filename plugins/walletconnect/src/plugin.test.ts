import { anvil31337, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createPortico, type Network, type PluginContext } from '@portico/core'
import { watchOutboundConnections } from '@portico/devnet'
import { describe, expect, it, vi } from 'vitest'
import { ProjectIdNotConfiguredError } from './connector/index.js'
import { getWalletConnectConnector, walletConnectPlugin } from './plugin.js'

const anvil: Network = {
  id: 31337,
  name: 'Anvil',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

describe('walletConnectPlugin', () => {
  it('registers one walletConnect connector per namespace through ctx.registerConnector, and unregisters on teardown', async () => {
    const unregister = vi.fn()
    const registerConnector = vi.fn(() => unregister)
    const registerView = vi.fn()
    const portico = {} as PluginContext['portico']
    const ctx = {
      options: { projectId: 'local' },
      portico,
      logger: { warn: vi.fn() },
      getState: () => ({ networks: { all: [anvil], active: {} }, activeNamespace: undefined }),
      registerConnector,
      registerView,
    } as unknown as PluginContext
    const teardown = await walletConnectPlugin({ relayUrl: 'ws://127.0.0.1:1' }).setup(ctx)
    expect(registerConnector).toHaveBeenCalledTimes(1)
    expect(registerView.mock.calls.map((c) => c[0])).toEqual([
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'AllWallets',
    ])
    const provider = (
      registerConnector.mock.calls[0] as unknown as [ReturnType<typeof getWalletConnectConnector>]
    )[0]!
    expect(provider.connectors).toEqual([
      { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' },
    ])
    expect(getWalletConnectConnector(portico)).toBe(provider)
    // Lazy: the provider module is not loaded by setup.
    expect(provider.getProvider()).toBeUndefined()
    ;(teardown as () => void)()
    expect(unregister).toHaveBeenCalled()
    expect(getWalletConnectConnector(portico)).toBeUndefined()
  })

  it('under a real createPortico (SSR/Node) setup loads nothing and exposes the connector on the instance', async () => {
    const portico = createPortico({
      networks: [anvil],
      plugins: [walletConnectPlugin({ relayUrl: 'ws://127.0.0.1:1' })],
    })
    await portico.ready
    const wc = getWalletConnectConnector(portico)
    expect(wc?.connectors.map((c) => c.chain)).toEqual(['eip155'])
    expect(wc?.getProvider()).toBeUndefined()
    // The views are lazy chunks registered on the instance.
    const loader = portico.getViewLoader?.('ConnectingWalletConnectBasic')
    expect(typeof (await loader?.())?.default).toBe('function')
    portico.destroy()
    expect(getWalletConnectConnector(portico)).toBeUndefined()
  })

  it('SPEC §8: with no projectId and a relay that is not on loopback, connect fails with "Project ID Not Configured", shows the alert and opens no socket', async () => {
    const guard = watchOutboundConnections()
    try {
      const portico = createPortico({
        adapters: [
          evmAdapter({ networks: [withRpcUrls(anvil31337, ['http://127.0.0.1:8545'])], discovery: false }),
        ],
        plugins: [walletConnectPlugin({ relayUrl: 'wss://relay.example.com', views: false })],
        storage: 'memory',
        logger: { debug() {}, info() {}, warn() {}, error() {} },
      })
      await portico.ready
      await expect(portico.connect('walletConnect')).rejects.toBeInstanceOf(ProjectIdNotConfiguredError)
      expect(portico.getState().alert).toMatchObject({ shortMessage: 'Project ID Not Configured' })
      expect(getWalletConnectConnector(portico)!.getProvider()).toBeUndefined()
      portico.destroy()
      expect(guard.nonLoopback()).toEqual([])
    } finally {
      guard.restore()
    }
  })
})
