// End to end through a real Portico instance: createPortico + evmAdapter +
// walletConnectPlugin, the loopback relay, the dev WalletConnect wallet (real
// sign-client) and two anvil nodes. `portico.connect('walletConnect')` goes
// through the core's `registerConnector` routing, not the connector directly.
// Node environment on purpose: jsdom's WebSocket breaks these clients.
import { anvil31337, anvil31338, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import {
  createMemoryStorage,
  createPortico,
  type Logger,
  type Portico,
  type PorticoEventMap,
  type PorticoStorage,
} from '@portico/core'
import {
  createDevWcWallet,
  createMemoryKeyValueStorage,
  type DevWcWallet,
  type EvmDevnet,
  startEvmDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { until } from '@portico/devnet/test-helpers'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getWalletConnectConnector, walletConnectPlugin } from './plugin.js'

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }

describe('portico.connect("walletConnect") end to end (core routing → WalletConnect → dev wallet)', () => {
  const guard = watchOutboundConnections()
  let relay: WalletConnectRelay
  let devnet: EvmDevnet
  let wallet: DevWcWallet
  const instances: Portico[] = []
  const timings: Record<string, number> = {}

  /** A Portico instance over the given storages (the same storages = a page reload). */
  const makePortico = (
    storage: PorticoStorage,
    wcStorage: ReturnType<typeof createMemoryKeyValueStorage>,
  ) => {
    const networks = [
      withRpcUrls(anvil31337, [devnet.chains[0]!.rpcUrl]),
      withRpcUrls(anvil31338, [devnet.chains[1]!.rpcUrl]),
    ]
    const portico = createPortico({
      adapters: [evmAdapter({ networks, discovery: false })],
      plugins: [
        walletConnectPlugin({
          relayUrl: relay.url,
          storage: wcStorage,
          customStoragePrefix: 'portico-e2e',
          metadata: { name: 'Portico e2e', url: 'http://127.0.0.1' },
          views: false,
        }),
      ],
      storage,
      logger: quiet,
    })
    instances.push(portico)
    return portico
  }

  beforeAll(async () => {
    ;[relay, devnet] = await Promise.all([startWalletConnectRelay(), startEvmDevnet()])
    wallet = await createDevWcWallet({
      relayUrl: relay.url,
      rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    })
  }, 60_000)

  afterAll(async () => {
    // Shutdown order: clients (heartbeat, then transport) before the relay.
    for (const p of instances) {
      const wc = getWalletConnectConnector(p)
      p.destroy()
      await wc?.destroy()
    }
    await wallet?.stop()
    await relay?.stop()
    await devnet?.stop()
    guard.restore()
    console.info('[portico walletconnect timings ms]', timings)
  })

  it('connect → connected with the wallet address on eip155 (and its balance) → personal_sign through the instance → the wallet deletes the session → disconnected', async () => {
    const portico = makePortico(createMemoryStorage(), createMemoryKeyValueStorage())
    await portico.ready
    expect(portico.getState().connectors).toContainEqual(
      expect.objectContaining({ id: 'walletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }),
    )
    const events: string[] = []
    portico.on('CONNECT_SUCCESS', (e) => events.push(`CONNECT_SUCCESS ${e.namespace} ${e.address}`))
    portico.on('DISCONNECT_SUCCESS', (e: PorticoEventMap['DISCONNECT_SUCCESS']) =>
      events.push(`DISCONNECT_SUCCESS ${e.namespace}`),
    )

    const statuses: string[] = []
    portico.subscribe((s, prev) => {
      const now = s.accounts.eip155?.status
      if (now && now !== prev.accounts.eip155?.status) statuses.push(now)
    })
    const started = performance.now()
    const connecting = portico.connect('walletConnect')
    const uri = await getWalletConnectConnector(portico)!.getUri()
    await wallet.pair(uri)
    await connecting
    timings.connectToConnected = Math.round(performance.now() - started)
    expect(statuses).toEqual(['connecting', 'connected'])

    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      connectorId: 'walletConnect',
      connectedWalletInfo: { name: 'Portico Dev Wallet', type: 'WALLET_CONNECT' },
    })
    expect(events).toEqual([`CONNECT_SUCCESS eip155 ${wallet.address}`])
    // Reads stay with the EVM adapter: the native balance comes from anvil.
    await until(() => portico.getState().accounts.eip155?.balance !== undefined)
    expect(portico.getState().accounts.eip155).toMatchObject({
      balanceSymbol: 'ETH',
      balance: expect.stringMatching(/^\d+\.\d{3}$/),
    })

    const t0 = performance.now()
    const signature = await portico.signMessage!({ message: 'Hello from Portico' })
    timings.personalSign = Math.round(performance.now() - t0)
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello from Portico',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign', outcome: 'approved' })

    // The wallet deletes the session → the namespace is reset.
    await wallet.disconnect()
    await until(() => portico.getState().accounts.eip155?.status === 'disconnected')
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected'])
    expect(portico.getState().accounts.eip155).toMatchObject({ address: undefined, connectorId: undefined })
    expect(events.at(-1)).toBe('DISCONNECT_SUCCESS eip155')
    await expect(portico.signMessage!({ message: 'too late' })).rejects.toThrow('No wallet is connected')
  })

  it('a reload restores the session through provider.reconnect; portico.disconnect() deletes it on the wallet', async () => {
    const storage = createMemoryStorage()
    const wcStorage = createMemoryKeyValueStorage()
    const first = makePortico(storage, wcStorage)
    await first.ready
    const connecting = first.connect('walletConnect')
    await wallet.pair(await getWalletConnectConnector(first)!.getUri())
    await connecting
    expect(first.getState().accounts.eip155?.status).toBe('connected')
    const sessionsBefore = wallet.sessions().length
    const firstWc = getWalletConnectConnector(first)!
    first.destroy()
    await firstWc.destroy()

    // "Reload": a new instance over the same storages.
    const second = makePortico(storage, wcStorage)
    expect(second.getState().accounts.eip155?.status).toBe('reconnecting')
    await second.ready
    expect(second.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      address: wallet.address,
      connectorId: 'walletConnect',
    })
    const signature = await second.signMessage!({ message: 'after reload' })
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'after reload',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)

    await second.disconnect()
    expect(second.getState().accounts.eip155?.status).toBe('disconnected')
    await until(() => wallet.sessions().length === sessionsBefore - 1)
  })

  it('no socket left 127.0.0.1 (relay, RPC and nothing hosted)', () => {
    expect(guard.destinations.some((d) => d.endsWith(`:${relay.port}`))).toBe(true)
    expect(guard.nonLoopback()).toEqual([])
  })
})
