// Several wallets at once (issue 34) on a real createPortico: two EVM wallet
// personalities of @portico/dev-wallets (MetaMask- and Rabby-like) on anvil and
// the Bitcoin dev wallet on bcoin. Connecting a second wallet of a namespace
// keeps the first in the background and makes the new one active; connecting
// the already-current connector is still refused (SPEC §4); switching never
// asks a wallet again; a wallet-side change touches only its own connection;
// every connection survives a reload (stored format version 2, version 1 still restores).
import { bitcoinAdapter, bitcoinRegtest } from '@portico/adapter-bitcoin'
import { createBitcoinDevWallet } from '@portico/adapter-bitcoin/dev-wallet'
import {
  AlreadyConnectedError,
  CONNECTIONS_KEY,
  ConnectionNotFoundError,
  createMemoryStorage,
  createPortico,
  type Portico,
  type PorticoEventMap,
  type PorticoStorage,
} from '@portico/core'
import { EVM_PERSONALITIES, type EvmPersonality } from '@portico/dev-wallets/evm/personalities'
import {
  BITCOIN_DEV_MNEMONIC,
  type BitcoinDevnet,
  type EvmDevnet,
  startBitcoinDevnet,
  startEvmDevnet,
} from '@portico/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { anvil31337, evmAdapter, withRpcUrls } from './index.js'

/** A window-like EventTarget, so Wallet Standard events and EIP-6963 announcements work in Node. */
function installWindow(): () => void {
  const g = globalThis as { window?: unknown }
  if (g.window) return () => {}
  g.window = new EventTarget()
  return () => {
    delete g.window
  }
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} }
let evm: EvmDevnet
let btc: BitcoinDevnet
let uninstall: () => void
let metamask: EvmPersonality
let rabby: EvmPersonality
let btcWallet: ReturnType<typeof createBitcoinDevWallet>
const cleanups: (() => void)[] = []
const instances: Portico[] = []

beforeAll(async () => {
  uninstall = installWindow()
  ;[evm, btc] = await Promise.all([startEvmDevnet(), startBitcoinDevnet()])
}, 180_000)
afterEach(() => {
  for (const p of instances.splice(0)) p.destroy()
  for (const c of cleanups.splice(0)) c()
})
afterAll(async () => {
  await Promise.all([evm?.stop(), btc?.stop()])
  uninstall?.()
})

const win = () => (globalThis as unknown as { window: EventTarget & Record<string, unknown> }).window

/** Fresh wallets for one test: MetaMask on dev account 0, Rabby on account 1, the Bitcoin dev wallet. */
function freshWallets() {
  const network = { chainId: 31337, rpcUrl: evm.chains[0]!.rpcUrl }
  metamask = EVM_PERSONALITIES.metamask({ networks: [network] })
  rabby = EVM_PERSONALITIES.rabby({ networks: [network] })
  rabby.wallet.selectAccount(1)
  btcWallet = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, account: 0, name: 'Bitcoin Dev' })
  // The Wallet Standard face: it tells a reloaded page which accounts it granted (WBIP providers cannot).
  cleanups.push(btcWallet.registerWalletStandard(win()))
}

/** A page load: a real createPortico over the same wallets and `storage`. */
async function load(storage: PorticoStorage): Promise<Portico> {
  const portico = createPortico({
    adapters: [
      evmAdapter({
        networks: [withRpcUrls(anvil31337, [evm.chains[0]!.rpcUrl])],
        connectors: [
          { id: metamask.rdns, name: metamask.name, provider: metamask.wallet.provider },
          { id: rabby.rdns, name: rabby.name, provider: rabby.wallet.provider },
        ],
      }),
      bitcoinAdapter({
        networks: [bitcoinRegtest({ esploraUrl: btc.esploraUrl })],
        discover: true,
        providersTarget: win(),
      }),
    ],
    storage,
    logger: quiet,
  })
  instances.push(portico)
  await portico.ready
  return portico
}

const btcConnector = (p: Portico) => p.getState().connectors.find((c) => c.name === 'Bitcoin Dev')!.id
const rows = (p: Portico) => p.getConnections().map((c) => [c.id, c.address, c.current, c.active])
const mm = () => `eip155:${metamask.rdns}` as const
const rb = () => `eip155:${rabby.rdns}` as const

describe('several wallets at once on a real createPortico (anvil + bcoin)', () => {
  it('connecting a second wallet of the same namespace is allowed, makes it active and keeps the first connected', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    const changes: PorticoEventMap['CONNECTION_CHANGED'][] = []
    portico.on('CONNECTION_CHANGED', (e) => changes.push(e))
    await portico.connect(metamask.rdns)
    await portico.connect(rabby.rdns)
    expect(rows(portico)).toEqual([
      [rb(), rabby.wallet.address, true, true],
      [mm(), metamask.wallet.address, false, false],
    ])
    expect(portico.getState().accounts.eip155?.address).toBe(rabby.wallet.address)
    // The first wallet was never told to let go: it still answers eth_accounts.
    expect(await metamask.wallet.provider.request({ method: 'eth_accounts' })).toEqual([
      metamask.wallet.address,
    ])
    expect(changes.map((c) => [c.change, c.connectionId, c.wallet?.name])).toEqual([
      ['connected', mm(), 'MetaMask (emulated)'],
      ['connected', rb(), 'Rabby (emulated)'],
    ])
  })

  it('connecting to the already-current connector is rejected (SPEC §4: "Already connected with this connector.")', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(metamask.rdns)
    await portico.connect(rabby.rdns)
    const error = await portico.connect(rabby.rdns).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AlreadyConnectedError)
    expect((error as Error).message).toContain('Already connected with this connector.')
    expect(rows(portico)).toHaveLength(2)
  })

  it('switching the active connection asks no wallet again; across namespaces and within one', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(metamask.rdns)
    await portico.connect(btcConnector(portico))
    await portico.connect(rabby.rdns)
    const bitcoinId = `bip122:${btcConnector(portico)}` as const
    expect(portico.getConnections().find((c) => c.active)?.id).toBe(rb())
    const asked = [metamask.wallet.requests.length, rabby.wallet.requests.length]

    portico.switchConnection(bitcoinId)
    expect(portico.getState().activeNamespace).toBe('bip122')
    expect(portico.getConnections().find((c) => c.active)?.address).toBe(btcWallet.addresses.payment)

    portico.switchConnection(mm())
    expect(rows(portico)).toEqual([
      [mm(), metamask.wallet.address, true, true],
      [rb(), rabby.wallet.address, false, false],
      [bitcoinId, btcWallet.addresses.payment, true, false],
    ])
    // Requests go to the active wallet: MetaMask is asked to sign, Rabby is not.
    await portico.signMessage({ message: 'which wallet?' })
    expect(metamask.wallet.requests.slice(asked[0])).toContain('personal_sign')
    expect(metamask.wallet.requests.slice(asked[0])).not.toContain('eth_requestAccounts')
    expect(rabby.wallet.requests.slice(asked[1])).toEqual([])
  })

  it('switchConnection validates its input: an unknown or malformed id is a ConnectionNotFoundError and changes nothing', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(metamask.rdns)
    const before = rows(portico)
    expect(() => portico.switchConnection('eip155:not.connected')).toThrow(ConnectionNotFoundError)
    expect(() => portico.switchConnection('nonsense' as never)).toThrow(ConnectionNotFoundError)
    expect(() => portico.switchConnection(42 as never)).toThrow(ConnectionNotFoundError)
    await expect(portico.disconnectConnection(`eip155:${rabby.rdns}`)).rejects.toBeInstanceOf(
      ConnectionNotFoundError,
    )
    expect(rows(portico)).toEqual(before)
  })

  it('a wallet-side account change or disconnect of a background wallet affects only that connection', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(metamask.rdns)
    await portico.connect(rabby.rdns)
    const accountEvents: PorticoEventMap['ACCOUNT_CHANGED'][] = []
    const disconnects: PorticoEventMap['DISCONNECT_SUCCESS'][] = []
    portico.on('ACCOUNT_CHANGED', (e) => accountEvents.push(e))
    portico.on('DISCONNECT_SUCCESS', (e) => disconnects.push(e))

    metamask.wallet.selectAccount(2)
    expect(accountEvents).toEqual([
      { namespace: 'eip155', address: metamask.wallet.address, connectionId: mm() },
    ])
    expect(portico.getState().accounts.eip155?.address).toBe(rabby.wallet.address)
    expect(portico.getConnections().find((c) => c.id === mm())?.address).toBe(metamask.wallet.address)

    metamask.wallet.disconnect()
    expect(disconnects).toEqual([{ namespace: 'eip155', connectionId: mm() }])
    expect(rows(portico)).toEqual([[rb(), rabby.wallet.address, true, true]])
  })

  it('a wallet-side disconnect of the current wallet ends only it: the background one of its namespace becomes current', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(btcConnector(portico))
    await portico.connect(metamask.rdns)
    await portico.connect(rabby.rdns)
    rabby.wallet.disconnect()
    expect(rows(portico)).toEqual([
      [mm(), metamask.wallet.address, true, true],
      [`bip122:${btcConnector(portico)}`, btcWallet.addresses.payment, true, false],
    ])
  })

  it('disconnectConnection ends one connection and tells that wallet only', async () => {
    freshWallets()
    const portico = await load(createMemoryStorage())
    await portico.connect(btcConnector(portico))
    await portico.connect(metamask.rdns)
    await portico.disconnectConnection(mm())
    expect(await metamask.wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    // The active namespace lost its only wallet: the Bitcoin one is active now (the button shows it).
    expect(rows(portico)).toEqual([
      [`bip122:${btcConnector(portico)}`, btcWallet.addresses.payment, true, true],
    ])
  })

  it('every connection survives a reload, the active one too (stored format version 2)', async () => {
    freshWallets()
    const storage = createMemoryStorage()
    const first = await load(storage)
    await first.connect(metamask.rdns)
    await first.connect(btcConnector(first))
    await first.connect(rabby.rdns)
    first.switchConnection(`bip122:${btcConnector(first)}`)
    const before = rows(first)
    expect(storage.get(CONNECTIONS_KEY)).toEqual({
      version: 2,
      background: [{ namespace: 'eip155', connectorId: metamask.rdns }],
      active: `bip122:${btcConnector(first)}`,
    })
    first.destroy()

    const second = await load(storage)
    await expect.poll(() => rows(second)).toEqual(before)
    expect(second.getState().activeNamespace).toBe('bip122')
  })

  it('a state stored before version 2 (recent connectors only) still restores its connections', async () => {
    freshWallets()
    const storage = createMemoryStorage()
    const first = await load(storage)
    await first.connect(metamask.rdns)
    await first.connect(btcConnector(first))
    first.destroy()
    storage.remove(CONNECTIONS_KEY)

    const second = await load(storage)
    await expect
      .poll(() => rows(second).map(([id, , current]) => [id, current]))
      .toEqual([
        [mm(), true],
        [`bip122:${btcConnector(second)}`, true],
      ])
  })
})
