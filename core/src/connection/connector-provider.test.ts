import { describe, expect, it } from 'vitest'
import type {
  ChainAdapter,
  ConnectionStatus,
  ConnectorProvider,
  PorticoEventMap,
  PorticoOptions,
} from '../contracts/index.js'
import {
  AlreadyConnectedError,
  ChainAdapterNotFoundError,
  MethodNotSupportedError,
  UserRejectedRequestError,
} from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import {
  account,
  createFakeAdapter,
  createFakeChannel,
  createFakeConnectorProvider,
  createRecordingLogger,
  type FakeConnectorProvider,
  fakeNetwork,
  fakeProviderAddress,
} from '../test-helpers/index.js'
import { RECENT_CONNECTORS_KEY } from './index.js'

const EVM = fakeProviderAddress('eip155')
const SOL = fakeProviderAddress('solana')

/** A plugin that registers `provider` through `ctx.registerConnector` and hands out the unregister function. */
function remotePlugin(provider: ConnectorProvider) {
  const handle: { unregister?: () => void } = {}
  return {
    handle,
    plugin: {
      id: 'remote',
      setup(ctx: Parameters<NonNullable<PorticoOptions['plugins']>[number]['setup']>[0]) {
        handle.unregister = ctx.registerConnector?.(provider)
        return handle.unregister
      },
    },
  }
}

function setup(
  opts: { provider?: FakeConnectorProvider; adapters?: ChainAdapter[]; extra?: PorticoOptions } = {},
) {
  const provider = opts.provider ?? createFakeConnectorProvider()
  const evm = createFakeAdapter({ connectors: ['fake.wallet'] })
  const adapters = opts.adapters ?? [evm]
  const storage = createMemoryStorage()
  const { plugin, handle } = remotePlugin(provider)
  const portico = createPortico({
    adapters,
    storage,
    logger: createRecordingLogger(),
    plugins: [plugin],
    ...opts.extra,
  })
  const statuses: Record<string, ConnectionStatus[]> = {}
  portico.subscribe((s, prev) => {
    for (const ns of ['eip155', 'solana'] as const) {
      const now = s.accounts[ns]?.status
      if (now && now !== prev.accounts[ns]?.status) statuses[ns] = [...(statuses[ns] ?? []), now]
    }
  })
  return { provider, evm, portico, storage, statuses, handle }
}

function twoNamespaces() {
  const provider = createFakeConnectorProvider({ namespaces: ['eip155', 'solana'] })
  const evm = createFakeAdapter({ connectors: ['fake.wallet'] })
  const sol = createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] })
  return { ...setup({ provider, adapters: [evm, sol] }), evm, sol }
}

describe('registerConnector: plugin connectors in state', () => {
  it("lists the provider's connectors after the adapters' ones; the returned function removes them and the routing", async () => {
    const { portico, handle, provider } = setup()
    await portico.ready
    expect(portico.getState().connectors.map((c) => [c.id, c.chain])).toEqual([
      ['fake.wallet', 'eip155'],
      ['fake.remote', 'eip155'],
    ])
    handle.unregister?.()
    expect(portico.getState().connectors.map((c) => c.id)).toEqual(['fake.wallet'])
    // Without the provider, the id is the adapter's business again (the fake adapter answers any id).
    await portico.connect('fake.remote')
    expect(provider.calls).toEqual([])
  })

  it('without an adapter for its namespace, the connector is listed but connecting it is ChainAdapterNotFoundError (an adapter drives every session)', async () => {
    const provider = createFakeConnectorProvider()
    const { plugin } = remotePlugin(provider)
    const portico = createPortico({
      networks: [fakeNetwork('eip155', 1)],
      storage: createMemoryStorage(),
      plugins: [plugin],
    })
    await portico.ready
    expect(portico.getState().connectors.map((c) => c.id)).toEqual(['fake.remote'])
    await expect(portico.connect('fake.remote')).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
    expect(provider.calls).toEqual([])
    expect(portico.getState().accounts.eip155?.status ?? 'disconnected').toBe('disconnected')
  })

  it("asks only for namespaces whose adapter drives channels, with the adapter's methods, events and networks (the requested one first)", async () => {
    const provider = createFakeConnectorProvider({ namespaces: ['eip155', 'solana', 'cosmos'] })
    const evm = createFakeAdapter({ connectors: ['fake.wallet'] })
    const sol = createFakeAdapter({
      namespace: 'solana',
      networks: [fakeNetwork('solana', 'devnet')],
      channel: false,
    })
    const { portico } = setup({ provider, adapters: [evm, sol] })
    await portico.connect('fake.remote', { caipNetworkId: 'eip155:2' })
    expect(provider.calls[0]?.params).toEqual({
      connectorId: 'fake.remote',
      namespace: 'eip155',
      caipNetworkId: 'eip155:2',
      namespaces: [
        {
          namespace: 'eip155',
          chains: ['eip155:2', 'eip155:1'],
          methods: ['fake_sign', 'fake_send'],
          events: ['accountsChanged', 'chainChanged'],
        },
      ],
    })
  })
})

describe('Connecting through a plugin connector (SPEC §4)', () => {
  it('status becomes connecting, then connected; provider.connect is called instead of adapter.connect; the recent id is stored', async () => {
    const { portico, provider, evm, storage, statuses } = setup()
    const seen: PorticoEventMap['CONNECT_SUCCESS'][] = []
    portico.on('CONNECT_SUCCESS', (e) => seen.push(e))
    await portico.connect('fake.remote', { caipNetworkId: 'eip155:2' })
    expect(provider.calls.map((c) => c.method)).toEqual(['connect'])
    // The adapter drives the session's channel, under the plugin's connector id.
    expect(evm.calls.filter((c) => c.method === 'connect').map((c) => c.params)).toEqual([
      { connectorId: 'fake.remote', channel: provider.channels.eip155, caipNetworkId: 'eip155:2' },
    ])
    expect(statuses.eip155).toEqual(['connecting', 'connected'])
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      address: EVM,
      caipAddress: `eip155:2:${EVM}`,
      connectorId: 'fake.remote',
      connectedWalletInfo: { name: 'Remote wallet', type: 'WALLET_CONNECT' },
    })
    expect(seen).toEqual([
      { namespace: 'eip155', connectorId: 'fake.remote', address: EVM, caipNetworkId: 'eip155:2' },
    ])
    expect(storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.remote' })
    expect(portico.getState().recentConnectorId).toBe('fake.remote')
  })

  it('one approval connects every namespace of the session; the requested one ends up active', async () => {
    const { portico, provider, storage, statuses } = twoNamespaces()
    const seen: string[] = []
    portico.on('CONNECT_SUCCESS', (e) => seen.push(`${e.namespace}:${e.address}`))
    await portico.connect('fake.remote', { namespace: 'solana' })
    expect(provider.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
    const s = portico.getState()
    expect(s.accounts.eip155).toMatchObject({ status: 'connected', address: EVM, connectorId: 'fake.remote' })
    expect(s.accounts.solana).toMatchObject({ status: 'connected', address: SOL, connectorId: 'fake.remote' })
    expect(s.activeNamespace).toBe('solana')
    expect(s.networks.active).toMatchObject({ eip155: 'eip155:1', solana: 'solana:devnet' })
    expect(statuses.solana).toEqual(['connecting', 'connected'])
    expect(seen.sort()).toEqual([`eip155:${EVM}`, `solana:${SOL}`])
    expect(storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.remote', solana: 'fake.remote' })
  })

  it('on failure it returns to disconnected when no connection exists (errors converted by code)', async () => {
    const { portico, provider, statuses } = setup()
    const errors: PorticoEventMap['CONNECT_ERROR'][] = []
    portico.on('CONNECT_ERROR', (e) => errors.push(e))
    provider.connectImpl = async () => {
      throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    }
    await expect(portico.connect('fake.remote')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(statuses.eip155).toEqual(['connecting', 'disconnected'])
    expect(errors).toMatchObject([{ namespace: 'eip155', connectorId: 'fake.remote' }])
  })

  it('a session with no accounts is a failure too', async () => {
    const { portico, provider } = setup()
    provider.connectImpl = async () => ({ channels: {} })
    await expect(portico.connect('fake.remote')).rejects.toThrow('The wallet returned no accounts')
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    // The unused session is ended, not left open on the wallet.
    expect(provider.calls.map((c) => c.method)).toEqual(['connect', 'disconnect'])
  })

  it('on failure it returns to connected when a current connection exists', async () => {
    const { portico, provider, statuses } = setup()
    await portico.connect('fake.wallet')
    provider.connectImpl = async () => {
      throw new Error('boom')
    }
    await expect(portico.connect('fake.remote')).rejects.toThrow()
    expect(statuses.eip155).toEqual(['connecting', 'connected', 'connecting', 'connected'])
    expect(portico.getState().accounts.eip155).toMatchObject({ connectorId: 'fake.wallet' })
  })

  it('connecting to the already-current connector is rejected with AlreadyConnectedError', async () => {
    const { portico, provider } = setup()
    await portico.connect('fake.remote')
    await expect(portico.connect('fake.remote')).rejects.toBeInstanceOf(AlreadyConnectedError)
    expect(provider.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
  })

  it('switching wallets within a namespace: adapter → provider disconnects the adapter wallet; provider → adapter ends the provider connection', async () => {
    const { portico, provider, evm } = setup()
    await portico.connect('fake.wallet')
    await portico.connect('fake.remote')
    expect(evm.calls.filter((c) => c.method === 'disconnect').map((c) => c.params)).toEqual([
      { connectorId: 'fake.wallet' },
    ])
    expect(evm.listenerCount()).toBe(3) // now for the channel connection
    expect(provider.channels.eip155?.listenerCount()).toBe(2)
    await portico.connect('fake.wallet')
    expect(provider.calls.filter((c) => c.method === 'disconnect').map((c) => c.params)).toEqual([
      { connectorId: 'fake.remote' },
    ])
    // The adapter let go of the channel before the session ended.
    expect(provider.channels.eip155?.listenerCount()).toBe(0)
    expect(portico.getState().accounts.eip155?.connectorId).toBe('fake.wallet')
  })
})

describe("The session's events (through the adapters driving its channels)", () => {
  it('channel events reach the state through the adapter, per namespace', async () => {
    const { portico, provider } = twoNamespaces()
    await portico.connect('fake.remote')
    provider.channels.solana?.emit('accountsChanged', ['solana:devnet:sol-2'])
    expect(portico.getState().accounts.solana?.address).toBe('sol-2')
    expect(portico.getState().accounts.eip155?.address).toBe(EVM)
    provider.channels.eip155?.emit('chainChanged', 'eip155:2')
    expect(portico.getState().networks.active).toMatchObject({ eip155: 'eip155:2', solana: 'solana:devnet' })
    // The adapter re-composed the CAIP-10 id for the new chain; core did not.
    expect(portico.getState().accounts.eip155?.caipAddress).toBe(`eip155:2:${EVM}`)
    provider.channels.eip155?.emit('chainChanged', 'eip155:999')
    expect(portico.getState().networks.unsupported.eip155).toBe(true)
  })

  it("an adapter's disconnect for the channel resets only that namespace", async () => {
    const { portico, sol, storage } = twoNamespaces()
    await portico.connect('fake.remote')
    sol.emit('disconnect', { connectorId: 'fake.remote' })
    expect(portico.getState().accounts.solana?.status).toBe('disconnected')
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.remote' })
  })

  it("the session's end (deleted by the wallet) resets every namespace connected through it and releases the channels", async () => {
    const { portico, provider, storage } = twoNamespaces()
    const seen: PorticoEventMap['DISCONNECT_SUCCESS'][] = []
    portico.on('DISCONNECT_SUCCESS', (e) => seen.push(e))
    await portico.connect('fake.remote')
    const channels = [provider.channels.eip155, provider.channels.solana]
    provider.emitDisconnect('Session deleted by the wallet')
    expect(portico.getState().accounts.eip155).toMatchObject({ status: 'disconnected', address: undefined })
    expect(portico.getState().accounts.solana).toMatchObject({ status: 'disconnected', address: undefined })
    expect(seen.map((e) => e.namespace).sort()).toEqual(['eip155', 'solana'])
    await Promise.resolve()
    expect(channels.map((c) => c?.listenerCount())).toEqual([0, 0])
    expect(storage.get(RECENT_CONNECTORS_KEY)).toBeUndefined()
    // Nothing was asked of the wallet: it ended the session itself.
    expect(provider.calls.filter((c) => c.method === 'disconnect')).toEqual([])
  })

  it('do not touch a namespace connected through another wallet', async () => {
    const { portico, provider, evm } = twoNamespaces()
    await portico.connect('fake.remote', { namespace: 'solana' })
    await portico.connect('fake.wallet') // eip155 moves to the adapter wallet; solana stays remote
    expect(provider.calls.filter((c) => c.method === 'disconnect')).toEqual([])
    provider.emitDisconnect()
    expect(portico.getState().accounts.solana?.status).toBe('disconnected')
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      connectorId: 'fake.wallet',
    })
    expect(evm.listenerCount()).toBe(3)
  })
})

describe('Disconnect and wallet requests through a plugin connector', () => {
  it('disconnect calls provider.disconnect once, then resets every namespace of the connection', async () => {
    const { portico, provider, evm, sol, storage } = twoNamespaces()
    const seen: string[] = []
    portico.on('DISCONNECT_SUCCESS', (e) => seen.push(e.namespace))
    await portico.connect('fake.remote')
    await portico.disconnect('eip155')
    expect(provider.calls.filter((c) => c.method === 'disconnect').map((c) => c.params)).toEqual([
      { connectorId: 'fake.remote' },
    ])
    expect(seen).toEqual(['eip155', 'solana'])
    expect(portico.getState().accounts.solana?.status).toBe('disconnected')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toBeUndefined()
    // Each adapter released its channel.
    expect(
      [...evm.calls, ...sol.calls].filter((c) => c.method === 'disconnect').map((c) => c.params),
    ).toEqual([{ connectorId: 'fake.remote' }, { connectorId: 'fake.remote' }])

    // disconnect() of everything: still one call.
    await portico.connect('fake.remote')
    await portico.disconnect()
    expect(provider.calls.filter((c) => c.method === 'disconnect')).toHaveLength(2)
  })

  it('a failing provider.disconnect emits DISCONNECT_ERROR and keeps the connection', async () => {
    const { portico, provider } = setup()
    await portico.connect('fake.remote')
    provider.disconnect = async () => {
      throw new Error('relay down')
    }
    const errors: unknown[] = []
    portico.on('DISCONNECT_ERROR', (e) => errors.push(e))
    await expect(portico.disconnect()).rejects.toThrow('relay down')
    expect(errors).toHaveLength(1)
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
  })

  it("signMessage, sendTransaction and switchNetwork go through the adapter, which drives the session's channel", async () => {
    const { portico, provider, evm } = setup()
    await portico.connect('fake.remote')
    await expect(portico.signMessage({ message: 'hi' })).resolves.toBe('remote:fake_sign')
    await expect(portico.sendTransaction({ request: { to: '0x2', value: 1n } })).resolves.toBe(
      'remote:fake_send',
    )
    await portico.switchNetwork('eip155:2')
    expect(provider.channels.eip155?.requests).toEqual([
      { method: 'fake_sign', params: ['hi'], chainId: 'eip155:1' },
      { method: 'fake_send', params: [{ to: '0x2', value: 1n }], chainId: 'eip155:1' },
      { method: 'fake_switch', params: ['eip155:2'], chainId: 'eip155:2' },
    ])
    expect(evm.calls.find((c) => c.method === 'sendTransaction')?.params).toMatchObject({
      connectorId: 'fake.remote',
      address: EVM,
    })
    expect(portico.getState().networks.active.eip155).toBe('eip155:2')
    expect(portico.getState().accounts.eip155?.caipAddress).toBe(`eip155:2:${EVM}`)
    await portico.refreshBalance()
    expect(evm.calls.filter((c) => c.method === 'getBalance').at(-1)?.params).toEqual({
      address: EVM,
      caipNetworkId: 'eip155:2',
    })
    expect(portico.getState().accounts.eip155?.balance).toBe('1.500')
  })

  it("an adapter without a capability: MethodNotSupportedError, the wallet's state untouched", async () => {
    const { portico, evm } = setup()
    delete (evm as { switchNetwork?: unknown }).switchNetwork
    await portico.connect('fake.remote')
    await expect(portico.signTypedData({ typedData: {} })).rejects.toBeInstanceOf(MethodNotSupportedError)
    await expect(portico.switchNetwork('eip155:2')).rejects.toBeInstanceOf(MethodNotSupportedError)
    expect(portico.getState().networks.active.eip155).toBe('eip155:1')
  })

  it("the Account view shows the session's wallet (peer metadata), not the plugin's connector", async () => {
    const provider = createFakeConnectorProvider({ walletName: 'Peer Wallet' })
    const { portico } = setup({ provider })
    await portico.connect('fake.remote')
    expect(portico.getState().accounts.eip155?.connectedWalletInfo).toEqual({
      name: 'Peer Wallet',
      type: 'WALLET_CONNECT',
    })
  })
})

describe('Reconnecting a plugin connector on load (SPEC §4)', () => {
  function reload(
    recent: Record<string, string>,
    answer: FakeConnectorProvider['reconnectImpl'],
    provider = createFakeConnectorProvider({ namespaces: ['eip155', 'solana'] }),
  ) {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTORS_KEY, recent)
    provider.reconnectImpl = answer
    const evm = createFakeAdapter()
    const sol = createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] })
    const { plugin } = remotePlugin(provider)
    const logger = createRecordingLogger()
    const portico = createPortico({ adapters: [evm, sol], storage, plugins: [plugin], logger })
    return { portico, provider, evm, sol, storage, logger }
  }

  it('with the recent connector a provider, status is reconnecting, then connected from provider.reconnect (once for all its namespaces)', async () => {
    const { portico, provider, evm, sol } = reload(
      { eip155: 'fake.remote', solana: 'fake.remote' },
      async ({ namespaces }) => ({
        channels: {
          eip155: createFakeChannel('eip155', ['eip155:2']),
          solana: createFakeChannel('solana', ['solana:devnet']),
        },
        ...(namespaces.length === 2 ? {} : { wallet: { name: 'unexpected' } }),
      }),
    )
    expect(portico.getState().accounts.eip155?.status).toBe('reconnecting')
    expect(portico.getState().accounts.solana?.status).toBe('reconnecting')
    await portico.ready
    expect(provider.calls.map((c) => c.method)).toEqual(['reconnect'])
    expect([...evm.calls, ...sol.calls].filter((c) => c.method === 'getAccounts')).toEqual([])
    // Each adapter took its restored channel.
    expect([...evm.calls, ...sol.calls].filter((c) => c.method === 'connect')).toHaveLength(2)
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:2:${EVM}`,
      connectorId: 'fake.remote',
    })
    expect(portico.getState().accounts.solana).toMatchObject({ status: 'connected', address: SOL })
    expect(portico.getState().activeNamespace).toBe('eip155')
    expect(portico.getState().accounts.eip155?.connectedWalletInfo?.name).toBe('Remote wallet')
  })

  it('when the provider has no stored connection, status moves to disconnected and the recent id is forgotten', async () => {
    const { portico, storage } = reload({ eip155: 'fake.remote' }, async () => undefined)
    await portico.ready
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toBeUndefined()
  })

  it('a namespace missing from the restored session is disconnected; a failing reconnect counts as none', async () => {
    const partial = reload({ eip155: 'fake.remote', solana: 'fake.remote' }, async () => ({
      channels: { eip155: createFakeChannel('eip155', ['eip155:1']) },
    }))
    await partial.portico.ready
    expect(partial.portico.getState().accounts.eip155?.status).toBe('connected')
    expect(partial.portico.getState().accounts.solana?.status).toBe('disconnected')
    expect(partial.storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.remote' })

    const failing = reload({ eip155: 'fake.remote' }, async () => {
      throw new Error('relay down')
    })
    await failing.portico.ready
    expect(failing.portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(failing.logger.lines).toMatchObject([
      { level: 'warn', message: 'Portico: could not restore the recent connection' },
    ])
  })

  it('a provider without reconnect restores nothing; an adapter connector next to it still restores through the adapter', async () => {
    const provider = createFakeConnectorProvider({ minimal: true })
    const { portico, evm, sol } = reload(
      { eip155: 'fake.remote', solana: 'fake.wallet' },
      async () => undefined,
      provider,
    )
    sol.getAccountsImpl = async () => ({ accounts: [account('solana', 'sol-1')] })
    await portico.ready
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(evm.calls).toEqual([])
    expect(portico.getState().accounts.solana).toMatchObject({
      status: 'connected',
      connectorId: 'fake.wallet',
    })
  })
})

describe('Unregistering a connected plugin connector', () => {
  it('resets the namespaces connected through it; destroy keeps them for the next load', async () => {
    const { portico, handle, provider } = setup()
    await portico.connect('fake.remote')
    handle.unregister?.()
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(provider.listenerCount()).toBe(0)
    await Promise.resolve()
    expect(provider.channels.eip155?.listenerCount()).toBe(0)
    await expect(portico.connect('nobody', { namespace: 'cosmos' })).rejects.toBeInstanceOf(
      ChainAdapterNotFoundError,
    )

    const other = setup()
    await other.portico.connect('fake.remote')
    other.portico.destroy()
    expect(other.storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.remote' })
    expect(other.provider.calls.filter((c) => c.method === 'disconnect')).toEqual([])
    expect(other.provider.listenerCount()).toBe(0)
  })
})
