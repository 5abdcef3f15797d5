import { describe, expect, it } from 'vitest'
import type { PorticoEventMap } from '../contracts/index.js'
import { ChainAdapterNotFoundError, NetworkNotFoundError } from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger, fakeNetwork } from '../test-helpers/index.js'

function setup() {
  const evm = createFakeAdapter({ namespace: 'eip155' })
  const sol = createFakeAdapter({ namespace: 'solana', networks: [fakeNetwork('solana', 'devnet')] })
  const portico = createPortico({
    adapters: [evm, sol],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    defaultNetwork: 'eip155:2',
  })
  const switches: PorticoEventMap['SWITCH_NETWORK'][] = []
  portico.on('SWITCH_NETWORK', (e) => switches.push(e))
  return { evm, sol, portico, switches }
}

describe('Network state (SPEC §3)', () => {
  it('holds every configured network (CAIP-2 ids) and an active network per namespace', () => {
    const { portico } = setup()
    const { networks, activeNamespace } = portico.getState()
    expect(networks.all.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:2', 'solana:devnet'])
    expect(networks.active).toEqual({ eip155: 'eip155:2', solana: 'solana:devnet' })
    expect(activeNamespace).toBe('eip155')
  })

  it('switching while disconnected only changes the active network (no wallet call)', async () => {
    const { portico, evm, switches } = setup()
    await portico.switchNetwork('eip155:1')
    expect(portico.getState().networks.active.eip155).toBe('eip155:1')
    expect(evm.calls).toEqual([])
    expect(switches).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:1' }])
  })

  it('switching while connected asks the wallet, then emits SWITCH_NETWORK and refreshes the balance', async () => {
    const { portico, evm, switches } = setup()
    await portico.connect('fake.wallet')
    switches.length = 0
    await portico.switchNetwork('eip155:1')
    expect(evm.calls.map((c) => c.method)).toContain('switchNetwork')
    expect(switches).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:1' }])
    expect(portico.getState().accounts.eip155?.caipAddress?.startsWith('eip155:1:')).toBe(true)
    expect(evm.calls.filter((c) => c.method === 'getBalance').at(-1)?.params).toMatchObject({
      caipNetworkId: 'eip155:1',
    })
  })

  it('switching to another namespace makes it the active namespace', async () => {
    const { portico } = setup()
    await portico.switchNetwork('solana:devnet')
    expect(portico.getState().activeNamespace).toBe('solana')
  })

  it("a network not in the networks array throws 'Network not found'", async () => {
    const { portico } = setup()
    const error = await portico.switchNetwork('eip155:999').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkNotFoundError)
    expect((error as Error).message).toContain('Network not found')
  })

  it("a network whose namespace has no adapter throws 'Chain adapter not found'", async () => {
    const portico = createPortico({
      adapters: [createFakeAdapter()],
      networks: [fakeNetwork('eip155', 1), fakeNetwork('cosmos', 'hub')],
      storage: createMemoryStorage(),
    })
    await expect(portico.switchNetwork('cosmos:hub')).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
  })
})

describe('Balance after connect and chain change', () => {
  it("fills account.balance and balanceSymbol from the adapter's getBalance", async () => {
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await portico.refreshBalance?.()
    expect(portico.getState().accounts.eip155).toMatchObject({ balance: '1.500', balanceSymbol: 'COIN' })
  })

  it('a failed balance fetch is logged, never thrown', async () => {
    const { portico, evm } = setup()
    evm.balanceImpl = async () => {
      throw new Error('rpc down')
    }
    await portico.connect('fake.wallet')
    await expect(portico.refreshBalance?.()).resolves.toBeUndefined()
    expect(portico.getState().accounts.eip155?.balance).toBeUndefined()
  })

  it('is skipped on an unsupported network', async () => {
    const { portico, evm } = setup()
    await portico.connect('fake.wallet')
    evm.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    const before = evm.calls.filter((c) => c.method === 'getBalance').length
    await portico.refreshBalance?.()
    expect(evm.calls.filter((c) => c.method === 'getBalance').length).toBe(before)
  })
})

describe('Explorer links come from the network definition (values URI-encoded)', () => {
  it('uses the default /address and /tx paths, or the network explorerPaths templates', async () => {
    const { explorerUrl } = await import('./networks.js')
    const base = {
      ...fakeNetwork('cosmos', 'hub'),
      blockExplorers: { default: { name: 'X', url: 'https://x.test/' } },
    }
    expect(explorerUrl(base, 'address', 'ab/c?d')).toBe('https://x.test/address/ab%2Fc%3Fd')
    expect(explorerUrl(base, 'transaction', 'h#1')).toBe('https://x.test/tx/h%231')
    const custom = { ...base, explorerPaths: { address: '/account/{address}', transaction: 'txs/{hash}' } }
    expect(explorerUrl(custom, 'address', 'a b')).toBe('https://x.test/account/a%20b')
    expect(explorerUrl(custom, 'transaction', 'h')).toBe('https://x.test/txs/h')
    expect(explorerUrl(fakeNetwork('cosmos', 'hub'), 'address', 'a')).toBeUndefined()
  })
})
