import { type ChainAdapter, createPortico, defineChainAdapter, type Network } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { helloPlugin } from './index.js'

const net: Network = {
  id: 31337,
  name: 'Devnet',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

// A scripted wallet: the plugin under test only sees the core's public API.
function scriptedAdapter(): ChainAdapter {
  const connector = { id: 'test', type: 'ANNOUNCED' as const, name: 'Test', chain: 'eip155' as const }
  return defineChainAdapter({
    namespace: 'eip155',
    networks: [net],
    setup: (ctx) => ctx.setConnectors('eip155', [connector]),
    getConnectors: () => [connector],
    connect: async () => ({
      accounts: [
        { namespace: 'eip155', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}`, type: 'eoa' },
      ],
      caipNetworkId: 'eip155:31337',
    }),
    disconnect: async () => {},
    getAccounts: async () => ({ accounts: [] }),
    switchNetwork: async () => ({ status: 'switched' }),
    getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH', formatted: '0.000' }),
    signMessage: async () => ({ signature: '0x' }),
    sendTransaction: async () => '0x',
    on: () => () => {},
  })
}

describe('plugin-hello through the public API', () => {
  it('registers an account action and a lazy view', async () => {
    const portico = createPortico({
      adapters: [scriptedAdapter()],
      plugins: [helloPlugin({ label: 'Wave' })],
      storage: 'memory',
    })
    await portico.ready
    expect(portico.getAccountActions?.()).toEqual([{ id: 'hello', label: 'Wave', view: 'HelloView' }])
    const loader = portico.getViewLoader?.('HelloView')
    expect(loader).toBeTypeOf('function')
    const mod = await loader!()
    expect(mod.default).toBeTypeOf('function')
    portico.destroy()
  })

  it('logs core events and its own HELLO_WAVED, and stops listening after destroy', async () => {
    const hello = helloPlugin()
    const portico = createPortico({ adapters: [scriptedAdapter()], plugins: [hello], storage: 'memory' })
    await portico.ready
    await portico.connect('test')
    portico.events.emit('HELLO_WAVED', { address: ADDRESS, at: 1 })
    await portico.disconnect()
    expect(hello.getLog().map((e) => e.event)).toEqual([
      'CONNECT_SUCCESS',
      'HELLO_WAVED',
      'DISCONNECT_SUCCESS',
    ])
    expect(hello.getLog()[0]?.detail).toBe(ADDRESS)
    portico.destroy()
    portico.events.emit('HELLO_WAVED', { address: ADDRESS, at: 2 })
    expect(hello.getLog()).toHaveLength(3)
  })
})
