import { describe, expect, it } from 'vitest'
import type { ConnectionStatus, PorticoEventMap, PorticoOptions } from '../contracts/index.js'
import {
  AlreadyConnectedError,
  ChainAdapterNotFoundError,
  UserRejectedRequestError,
} from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { account, createFakeAdapter, createRecordingLogger, fakeNetwork } from '../test-helpers/index.js'
import { RECENT_ACCOUNTS_KEY, RECENT_CONNECTORS_KEY } from './index.js'

const ADDRESS = '0xabc0000000000000000000000000000000000001'

function setup(
  extra: PorticoOptions = {},
  adapter = createFakeAdapter({ connectors: ['fake.wallet', 'other.wallet'] }),
) {
  const storage = extra.storage && typeof extra.storage === 'object' ? extra.storage : createMemoryStorage()
  const portico = createPortico({ adapters: [adapter], storage, logger: createRecordingLogger(), ...extra })
  const statuses: ConnectionStatus[] = []
  portico.subscribe((s, prev) => {
    const now = s.accounts.eip155?.status
    if (now && now !== prev.accounts.eip155?.status) statuses.push(now)
  })
  return { adapter, portico, storage, statuses }
}

describe('Connection state machine (SPEC §4)', () => {
  it('status becomes connecting, then connected on success', async () => {
    const { portico, statuses } = setup()
    await portico.connect('fake.wallet')
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      connectorId: 'fake.wallet',
      allAccounts: [account('eip155', ADDRESS)],
      connectedWalletInfo: { name: 'Wallet fake.wallet', rdns: 'fake.wallet' },
    })
    expect(portico.getState().activeNamespace).toBe('eip155')
  })

  it('on failure it returns to disconnected when no connection exists', async () => {
    const { portico, adapter, statuses } = setup()
    const errors: PorticoEventMap['CONNECT_ERROR'][] = []
    portico.on('CONNECT_ERROR', (e) => errors.push(e))
    adapter.connectImpl = async () => {
      throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    }
    const failure = await portico.connect('fake.wallet').catch((e: unknown) => e)
    // Foreign errors are converted by code at the boundary (EIP-1193 4001).
    expect(failure).toBeInstanceOf(UserRejectedRequestError)
    expect(statuses).toEqual(['connecting', 'disconnected'])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ namespace: 'eip155', connectorId: 'fake.wallet' })
  })

  it('on failure it returns to connected when a current connection exists', async () => {
    const { portico, adapter, statuses } = setup()
    await portico.connect('fake.wallet')
    adapter.connectImpl = async () => {
      throw new Error('boom')
    }
    await expect(portico.connect('other.wallet')).rejects.toThrow()
    expect(statuses).toEqual(['connecting', 'connected', 'connecting', 'connected'])
    expect(portico.getState().accounts.eip155).toMatchObject({ address: ADDRESS, connectorId: 'fake.wallet' })
  })

  it('connecting to the already-current connector is rejected with AlreadyConnectedError', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    await expect(portico.connect('fake.wallet')).rejects.toBeInstanceOf(AlreadyConnectedError)
    expect(adapter.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
    expect(portico.getState().accounts.eip155?.status).toBe('connected')
  })

  it("on success the connector's change and disconnect listeners are attached, and detached on disconnect", async () => {
    const { portico, adapter } = setup()
    expect(adapter.listenerCount()).toBe(0)
    await portico.connect('fake.wallet')
    expect(adapter.listenerCount()).toBe(3)
    await portico.disconnect()
    expect(adapter.listenerCount()).toBe(0)
    expect(adapter.calls.at(-1)).toEqual({ method: 'disconnect', params: { connectorId: 'fake.wallet' } })
  })

  it('on success the recent connector id is stored (namespaced key)', async () => {
    const { portico, storage } = setup()
    await portico.connect('fake.wallet')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toEqual({ eip155: 'fake.wallet' })
    expect(portico.getState().recentConnectorId).toBe('fake.wallet')
    await portico.disconnect('eip155')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toBeUndefined()
  })

  it('CONNECT_SUCCESS carries namespace, connector, address and CAIP-2 network', async () => {
    const { portico } = setup()
    const seen: PorticoEventMap['CONNECT_SUCCESS'][] = []
    portico.on('CONNECT_SUCCESS', (e) => seen.push(e))
    await portico.connect('fake.wallet', { caipNetworkId: 'eip155:2' })
    expect(seen).toEqual([
      {
        namespace: 'eip155',
        connectorId: 'fake.wallet',
        address: ADDRESS,
        caipNetworkId: 'eip155:2',
        connectionId: 'eip155:fake.wallet',
      },
    ])
    expect(portico.getState().networks.active.eip155).toBe('eip155:2')
  })

  it('an account reset (the wallet disconnects) moves status to disconnected', async () => {
    const { portico, adapter } = setup()
    const seen: PorticoEventMap['DISCONNECT_SUCCESS'][] = []
    portico.on('DISCONNECT_SUCCESS', (e) => seen.push(e))
    await portico.connect('fake.wallet')
    portico.setAccountTab?.(2)
    adapter.emit('disconnect', { reason: 'wallet locked' })
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'disconnected',
      address: undefined,
      currentTab: 0,
      tokenBalance: [],
    })
    expect(adapter.listenerCount()).toBe(0)
    expect(seen).toEqual([{ namespace: 'eip155', connectionId: 'eip155:fake.wallet' }])
  })

  it('accountsChanged updates the address; an empty list resets the account', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    const next = '0xabc0000000000000000000000000000000000002'
    adapter.emit('accountsChanged', { accounts: [account('eip155', next)] })
    expect(portico.getState().accounts.eip155).toMatchObject({
      address: next,
      caipAddress: `eip155:1:${next}`,
    })
    adapter.emit('accountsChanged', { accounts: [] })
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
  })

  it('chainChanged to a chain not in the networks array marks the namespace unsupported', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:2' })
    expect(portico.getState().networks).toMatchObject({
      active: { eip155: 'eip155:2' },
      unsupported: { eip155: false },
    })
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    expect(portico.getState().networks).toMatchObject({
      active: { eip155: 'eip155:999' },
      unsupported: { eip155: true },
    })
    expect(portico.getState().accounts.eip155?.caipAddress).toBe(`eip155:999:${ADDRESS}`)
  })

  it('a connector no adapter offers is rejected with ChainAdapterNotFoundError', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155' })
    const sol = createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] })
    const portico = createPortico({ adapters: [evm, sol], storage: createMemoryStorage() })
    await expect(portico.connect('nobody')).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
    await expect(portico.connect('x', { namespace: 'cosmos' })).rejects.toThrow('Chain adapter not found')
  })
})

describe('Reconnecting on load (SPEC §4)', () => {
  it('with a recent connector stored, status is reconnecting, then connected from getAccounts', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTORS_KEY, { eip155: 'fake.wallet' })
    const adapter = createFakeAdapter()
    adapter.getAccountsImpl = async () => ({
      accounts: [account('eip155', ADDRESS, 'eip155:2')],
      caipNetworkId: 'eip155:2',
    })
    const { portico, statuses } = setup({ storage }, adapter)
    expect(portico.getState().accounts.eip155?.status).toBe('reconnecting')
    await portico.ready
    expect(statuses).toEqual(['connected'])
    expect(portico.getState().accounts.eip155).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:2:${ADDRESS}`,
      connectorId: 'fake.wallet',
    })
    expect(adapter.calls[0]).toEqual({ method: 'getAccounts', params: { connectorId: 'fake.wallet' } })
    expect(adapter.listenerCount()).toBe(3)
  })

  it('when the wallet returns no accounts, status moves to disconnected and the recent id is forgotten', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTORS_KEY, { eip155: 'fake.wallet' })
    const adapter = createFakeAdapter()
    adapter.getAccountsImpl = async () => {
      throw new Error('wallet gone')
    }
    const { portico } = setup({ storage }, adapter)
    await portico.ready
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(storage.get(RECENT_CONNECTORS_KEY)).toBeUndefined()
  })

  it('a corrupted recent-connector value is ignored, never thrown', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTORS_KEY, ['not', 'a', 'map'])
    const { portico, adapter } = setup({ storage })
    await portico.ready
    expect(portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(adapter.calls).toEqual([])
  })
})

describe('The last connected account in storage (server-rendered connected state)', () => {
  it('connect stores the address and network; the next instance starts reconnecting with that address', async () => {
    const { portico, storage } = setup()
    await portico.connect('fake.wallet')
    await portico.switchNetwork('eip155:2')
    expect(storage.get(RECENT_ACCOUNTS_KEY)).toEqual({
      eip155: { address: ADDRESS, caipNetworkId: 'eip155:2' },
    })
    portico.destroy()
    // A server render: same storage, no restore. The state is what the browser will draw first.
    const server = createPortico({
      adapters: [createFakeAdapter()],
      storage,
      logger: createRecordingLogger(),
      reconnectOnLoad: false,
    })
    expect(server.getState().accounts.eip155).toMatchObject({
      status: 'reconnecting',
      connectorId: 'fake.wallet',
      address: ADDRESS,
      caipAddress: `eip155:2:${ADDRESS}`,
    })
    expect(server.getState().networks.active.eip155).toBe('eip155:2')
    await server.ready
    expect(server.getState().accounts.eip155?.status).toBe('reconnecting')
    server.destroy()
  })

  it('reconnectOnLoad false never asks the wallet; the default restores', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTORS_KEY, { eip155: 'fake.wallet' })
    const quiet = setup({ storage, reconnectOnLoad: false })
    await quiet.portico.ready
    expect(quiet.adapter.calls).toEqual([])
    const adapter = createFakeAdapter()
    adapter.getAccountsImpl = async () => ({
      accounts: [account('eip155', ADDRESS)],
      caipNetworkId: 'eip155:1',
    })
    const restoring = setup({ storage }, adapter)
    await restoring.portico.ready
    expect(restoring.adapter.calls[0]).toMatchObject({ method: 'getAccounts' })
    expect(restoring.portico.getState().accounts.eip155?.status).toBe('connected')
  })

  it('disconnect forgets the stored account; a failed restore does too', async () => {
    const { portico, storage } = setup()
    await portico.connect('fake.wallet')
    expect(storage.get(RECENT_ACCOUNTS_KEY)).toBeDefined()
    await portico.disconnect()
    expect(storage.get(RECENT_ACCOUNTS_KEY)).toBeUndefined()

    storage.set(RECENT_CONNECTORS_KEY, { eip155: 'fake.wallet' })
    storage.set(RECENT_ACCOUNTS_KEY, { eip155: { address: ADDRESS, caipNetworkId: 'eip155:1' } })
    const adapter = createFakeAdapter()
    adapter.getAccountsImpl = async () => ({ accounts: [], caipNetworkId: 'eip155:1' })
    const next = setup({ storage }, adapter)
    expect(next.portico.getState().accounts.eip155?.address).toBe(ADDRESS)
    await next.portico.ready
    expect(next.portico.getState().accounts.eip155).toMatchObject({
      status: 'disconnected',
      address: undefined,
    })
    expect(storage.get(RECENT_ACCOUNTS_KEY)).toBeUndefined()
  })

  it('a stored account on a network no longer configured, without a recent connector, or corrupted is not shown', () => {
    const cases: [unknown, unknown][] = [
      [{ eip155: 'fake.wallet' }, { eip155: { address: ADDRESS, caipNetworkId: 'eip155:999' } }],
      [undefined, { eip155: { address: ADDRESS, caipNetworkId: 'eip155:1' } }],
      [{ eip155: 'fake.wallet' }, { eip155: { address: '<script>', caipNetworkId: 'eip155:1' } }],
      [{ eip155: 'fake.wallet' }, { eip155: { address: 'a b', caipNetworkId: 'eip155:1' } }],
      [{ eip155: 'fake.wallet' }, { eip155: { address: ADDRESS, caipNetworkId: 42 } }],
      [{ eip155: 'fake.wallet' }, { eip155: { address: ADDRESS, caipNetworkId: 'solana:1' } }],
      [{ eip155: 'fake.wallet' }, ['not', 'a', 'map']],
    ]
    for (const [recent, stored] of cases) {
      const storage = createMemoryStorage()
      if (recent) storage.set(RECENT_CONNECTORS_KEY, recent)
      storage.set(RECENT_ACCOUNTS_KEY, stored)
      const { portico } = setup({ storage, reconnectOnLoad: false })
      expect(portico.getState().accounts.eip155?.address).toBeUndefined()
      expect(portico.getState().networks.active.eip155).toBe('eip155:1')
      portico.destroy()
    }
  })
})

describe('Wallet requests through the instance', () => {
  it('signMessage goes to the connected wallet; without one it throws "No wallet is connected" (WALLET_NOT_CONNECTED)', async () => {
    const { portico, adapter } = setup()
    await expect(portico.signMessage?.({ message: 'hi' })).rejects.toMatchObject({
      code: 'WALLET_NOT_CONNECTED',
      shortMessage: 'No wallet is connected',
    })
    await portico.connect('fake.wallet')
    await expect(portico.signMessage?.({ message: 'hi' })).resolves.toBe('signed:hi')
    expect(adapter.calls.at(-1)).toEqual({
      method: 'signMessage',
      params: { connectorId: 'fake.wallet', address: ADDRESS, message: 'hi' },
    })
  })
})

describe('Connection and the modal', () => {
  it('disconnecting from the Account view closes the modal (embedded: shows Connect)', async () => {
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
    await portico.disconnect()
    expect(portico.getState().modal.open).toBe(false)

    const embedded = setup({ embedded: true })
    await embedded.portico.connect('fake.wallet')
    expect(embedded.portico.router.getState().view).toBe('Account')
    embedded.adapter.emit('disconnect', {})
    expect(embedded.portico.router.getState().view).toBe('Connect')
    expect(embedded.portico.getState().modal.open).toBe(true)
  })

  it('ACCOUNT_CHANGED follows the address: connect, wallet switch, reset', async () => {
    const { portico, adapter } = setup()
    const seen: (string | undefined)[] = []
    portico.on('ACCOUNT_CHANGED', ({ address }) => seen.push(address))
    await portico.connect('fake.wallet')
    adapter.emit('accountsChanged', { accounts: [account('eip155', '0x2')] })
    adapter.emit('disconnect', {})
    expect(seen).toEqual([ADDRESS, '0x2', undefined])
  })

  it('addressExplorerUrl comes from the network explorer', async () => {
    const net = {
      ...fakeNetwork('eip155', 1),
      blockExplorers: { default: { name: 'Scan', url: 'https://scan.test/' } },
    }
    const adapter = createFakeAdapter({ networks: [net] })
    const { portico } = setup({}, adapter)
    await portico.connect('fake.wallet')
    expect(portico.getState().accounts.eip155?.addressExplorerUrl).toBe(
      `https://scan.test/address/${ADDRESS}`,
    )
  })
})

describe('Disconnect', () => {
  it('connecting another wallet in the same namespace keeps the previous one in the background and makes the new one active', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    await portico.connect('other.wallet')
    expect(adapter.calls.filter((c) => c.method === 'disconnect')).toEqual([])
    expect(portico.getState().accounts.eip155?.connectorId).toBe('other.wallet')
    expect(portico.getConnections().map((c) => [c.id, c.current, c.active])).toEqual([
      ['eip155:other.wallet', true, true],
      ['eip155:fake.wallet', false, false],
    ])
    // Both connections are listened to (three events each).
    expect(adapter.listenerCount()).toBe(6)
  })

  it('disconnecting a namespace that is not connected does nothing', async () => {
    const { portico, adapter } = setup()
    const seen: unknown[] = []
    portico.on('DISCONNECT_SUCCESS', (e) => seen.push(e))
    await portico.disconnect('eip155')
    await portico.disconnect()
    expect(seen).toEqual([])
    expect(adapter.calls).toEqual([])
  })
})
