import { createPortico, type Portico, UserRejectedRequestError } from '@portico/core'
import type { EvmDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from './adapter.js'
import { createDevWallet, type DevWallet } from './dev-wallet/index.js'
import type { EvmNetwork } from './networks/index.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'

const ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

describe('evmAdapter inside createPortico (core state, real anvil)', () => {
  let devnet: EvmDevnet
  let networks: [EvmNetwork, EvmNetwork]
  let portico: Portico | undefined
  beforeAll(async () => {
    ;({ devnet, networks } = await startDevnetNetworks())
  })
  afterEach(() => portico?.destroy())
  afterAll(async () => {
    await devnet?.stop()
  })

  /** Core in Node: no discovery, so the dev wallet is an integrator-configured connector. */
  function start(walletOpts: { keys?: number; extra?: { id: string; wallet: DevWallet } } = {}) {
    const wallet = createDevWallet({
      networks,
      privateKeys: devnet.fixtures.accounts.slice(0, walletOpts.keys ?? 1).map((a) => a.privateKey),
    })
    const connectors = [{ id: ID, name: 'Portico Dev Wallet', provider: wallet.provider }]
    if (walletOpts.extra)
      connectors.push({ id: walletOpts.extra.id, name: 'Second', provider: walletOpts.extra.wallet.provider })
    const instance = createPortico({
      adapters: [evmAdapter({ networks: [networks[0]], connectors })],
      storage: 'memory',
      logger: quiet,
    })
    portico = instance
    return { portico: instance, wallet }
  }
  const account = (p: Portico) => p.getState().accounts.eip155

  it('connect fills core state: connected, address, CAIP address, network, balance', async () => {
    const { portico, wallet } = start()
    await portico.connect(ID)
    expect(account(portico)).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      connectorId: ID,
    })
    await expect.poll(() => account(portico)?.balance).toBe('10000.000')
    expect(account(portico)?.balanceSymbol).toBe('ETH')
  })

  it('a rejected connect (4001) → UserRejectedRequestError and status back to disconnected (SPEC §4)', async () => {
    const { portico, wallet } = start()
    wallet.rejectNext()
    const statuses: string[] = []
    portico.subscribe((s) => statuses.push(s.accounts.eip155?.status ?? 'none'))
    await expect(portico.connect(ID)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(statuses).toContain('connecting')
    expect(account(portico)?.status).toBe('disconnected')
    expect(account(portico)?.address).toBeUndefined()
  })

  it('a rejected connect while another wallet is connected keeps the previous connection (SPEC §4)', async () => {
    const second = createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[1]!.privateKey] })
    const { portico: p, wallet } = start({ extra: { id: 'second', wallet: second } })
    await p.connect(ID)
    second.rejectNext()
    await expect(p.connect('second')).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(account(p)).toMatchObject({ status: 'connected', address: wallet.address, connectorId: ID })
  })

  it('wallet account change and chain change update core state; an unlisted chain is flagged unsupported', async () => {
    const { portico, wallet } = start({ keys: 2 })
    await portico.connect(ID)
    wallet.selectAccount(1)
    expect(account(portico)?.address).toBe(devnet.fixtures.accounts[1]!.address)
    expect(account(portico)?.caipAddress).toBe(`eip155:31337:${devnet.fixtures.accounts[1]!.address}`)
    // 31338 is known to the wallet but not in this Portico's networks (SPEC §4 unsupported chain).
    wallet.selectChain(31338)
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    expect(portico.getState().networks.unsupported.eip155).toBe(true)
    wallet.selectChain(31337)
    expect(portico.getState().networks.unsupported.eip155).toBe(false)
  })

  it('switchNetwork through core walks the 4902 add-chain path and sets the active network', async () => {
    const wallet = createDevWallet({
      networks: [networks[0]],
      privateKeys: [devnet.fixtures.accounts[0]!.privateKey],
    })
    portico = createPortico({
      adapters: [evmAdapter({ networks, connectors: [{ id: ID, name: 'Dev', provider: wallet.provider }] })],
      storage: 'memory',
      logger: quiet,
    })
    await portico.connect(ID)
    await portico.switchNetwork('eip155:31338')
    expect(wallet.requests).toContain('wallet_addEthereumChain')
    expect(portico.getState().networks.active.eip155).toBe('eip155:31338')
    expect(portico.getState().networks.unsupported.eip155).toBe(false)
  })

  it('a reload restores the connection through getAccounts (reconnecting → connected) and keeps listening', async () => {
    const memory = new Map<string, unknown>()
    const storage = {
      get: (key: string) => memory.get(key) as never,
      set: (key: string, value: unknown) => void memory.set(key, structuredClone(value)),
      remove: (key: string) => void memory.delete(key),
    }
    const wallet = createDevWallet({
      networks,
      privateKeys: devnet.fixtures.accounts.slice(0, 2).map((a) => a.privateKey),
    })
    const make = () =>
      createPortico({
        adapters: [
          evmAdapter({
            networks: [networks[0]],
            connectors: [{ id: ID, name: 'Dev', provider: wallet.provider }],
          }),
        ],
        storage,
        logger: quiet,
      })
    const first = make()
    await first.connect(ID)
    first.destroy()
    const second = make()
    portico = second
    await second.ready
    expect(account(second)).toMatchObject({ status: 'connected', address: wallet.address, connectorId: ID })
    wallet.selectAccount(1)
    expect(account(second)?.address).toBe(devnet.fixtures.accounts[1]!.address)
  })

  it('the wallet disconnecting moves core state to disconnected; portico.disconnect revokes', async () => {
    const { portico, wallet } = start()
    await portico.connect(ID)
    wallet.disconnect()
    expect(account(portico)?.status).toBe('disconnected')
    await portico.connect(ID)
    expect(account(portico)?.status).toBe('connected')
    const events: string[] = []
    portico.on('DISCONNECT_SUCCESS', () => events.push('DISCONNECT_SUCCESS'))
    await portico.disconnect('eip155')
    expect(account(portico)?.status).toBe('disconnected')
    expect(wallet.isConnected).toBe(false)
    expect(events).toEqual(['DISCONNECT_SUCCESS'])
  })
})
