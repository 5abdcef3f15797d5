import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPEN_READY_TIMEOUT_MS } from '../constants/index.js'
import type { PorticoEventMap, PorticoOptions, PorticoState } from '../contracts/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { account, createFakeAdapter, createRecordingLogger, fakeNetwork } from '../test-helpers/index.js'

function setup(extra: PorticoOptions = {}) {
  const adapter = createFakeAdapter()
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    isMobile: () => false,
    ...extra,
  })
  const events: { name: string; payload: unknown }[] = []
  portico.on('MODAL_OPEN', (p) => events.push({ name: 'MODAL_OPEN', payload: p }))
  portico.on('MODAL_CLOSE', (p) => events.push({ name: 'MODAL_CLOSE', payload: p }))
  return { adapter, portico, events }
}

/** An EVM and a Solana fake adapter; eip155 is active first. */
function twoNamespaces() {
  const evm = createFakeAdapter({ namespace: 'eip155' })
  const sol = createFakeAdapter({
    namespace: 'solana',
    networks: [fakeNetwork('solana', 'devnet')],
    connectors: ['sol.wallet'],
  })
  sol.connectImpl = async () => ({
    accounts: [account('solana', 'So1anaAddre55So1anaAddre55So1anaAddre55', 'solana:devnet')],
    caipNetworkId: 'solana:devnet',
  })
  const portico = createPortico({
    adapters: [evm, sol],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    isMobile: () => false,
  })
  const switches: PorticoEventMap['SWITCH_NETWORK'][] = []
  portico.on('SWITCH_NETWORK', (e) => switches.push(e))
  const events: { name: string; payload: unknown }[] = []
  portico.on('MODAL_OPEN', (p) => events.push({ name: 'MODAL_OPEN', payload: p }))
  return { portico, switches, events }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Modal open rules (SPEC §2)', () => {
  it('with no wallet connected it shows Connect', async () => {
    const { portico } = setup()
    await portico.open()
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.router.getState().view).toBe('Connect')
  })

  it('with a connected account it shows Account', async () => {
    const { portico } = setup()
    await portico.connect('fake.wallet')
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
  })

  it('an explicit view and data can be requested', async () => {
    const { portico } = setup()
    await portico.open({ view: 'ConnectingExternal', data: { connectorId: 'fake.wallet' } })
    expect(portico.router.getState()).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'fake.wallet' },
    })
  })

  it('with no adapters it shows ConnectingWalletConnectBasic on desktop', async () => {
    const portico = createPortico({ storage: createMemoryStorage(), isMobile: () => false })
    await portico.open()
    expect(portico.router.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('with no adapters it shows AllWallets on mobile', async () => {
    const portico = createPortico({ storage: createMemoryStorage(), isMobile: () => true })
    await portico.open()
    expect(portico.router.getState().view).toBe('AllWallets')
  })

  it('with manual wallet-connect control on it shows AllWallets on mobile and ConnectingWalletConnectBasic otherwise', async () => {
    const mobile = setup({ manualWCControl: true, isMobile: () => true })
    await mobile.portico.open({ view: 'Networks' })
    expect(mobile.portico.router.getState().view).toBe('AllWallets')
    const desktop = setup({ manualWCControl: true, isMobile: () => false })
    await desktop.portico.open()
    expect(desktop.portico.router.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('a namespace different from the active one switches network instead of opening a view', async () => {
    const { portico, switches } = twoNamespaces()
    await portico.open()
    portico.router.push('AllWallets')
    expect(portico.getState().activeNamespace).toBe('eip155')
    await portico.open({ namespace: 'solana', view: 'Networks' })
    expect(portico.getState().activeNamespace).toBe('solana')
    expect(switches).toEqual([{ namespace: 'solana', caipNetworkId: 'solana:devnet' }])
    // No view was opened: the open modal's stack is untouched.
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['Connect', 'AllWallets'])
    expect(portico.getState().modal).toMatchObject({ open: true, namespace: 'solana' })
  })

  it('opening a closed modal with another namespace switches to it and shows that namespace: Account when connected', async () => {
    const { portico, switches, events } = twoNamespaces()
    await portico.connect('sol.wallet', { namespace: 'solana' })
    await portico.connect('fake.wallet', { namespace: 'eip155' })
    expect(portico.getState().activeNamespace).toBe('eip155')
    expect(portico.getState().modal.open).toBe(false)
    switches.length = 0
    await portico.open({ namespace: 'solana', view: 'Networks' })
    expect(portico.getState().activeNamespace).toBe('solana')
    expect(switches.map((e) => e.namespace)).toEqual(['solana'])
    expect(portico.getState().modal).toMatchObject({ open: true, namespace: 'solana' })
    // The requested view is not opened; the switched-to namespace is connected: Account.
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['Account'])
    expect(events.at(-1)).toEqual({ name: 'MODAL_OPEN', payload: { connected: true } })
  })

  it('opening a closed modal with another namespace shows Connect when that namespace is not connected', async () => {
    const { portico, events } = twoNamespaces()
    await portico.connect('fake.wallet', { namespace: 'eip155' })
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
    portico.close()
    await portico.open({ namespace: 'solana' })
    expect(portico.getState().activeNamespace).toBe('solana')
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['Connect'])
    expect(events.at(-1)).toEqual({ name: 'MODAL_OPEN', payload: { connected: false } })
    // And back: eip155 is still connected, so Account.
    portico.close()
    await portico.open({ namespace: 'eip155' })
    expect(portico.getState().activeNamespace).toBe('eip155')
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['Account'])
  })

  it('with the modal open on Account, switching to a namespace that is not connected replaces Account by Connect', async () => {
    const { portico } = twoNamespaces()
    await portico.connect('fake.wallet', { namespace: 'eip155' })
    await portico.open()
    await portico.open({ namespace: 'solana' })
    expect(portico.getState().activeNamespace).toBe('solana')
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['Connect'])
  })

  it('opening sets loading (and the per-namespace loading map) until the instance is ready', async () => {
    let release!: () => void
    const adapter = createFakeAdapter({ setup: () => new Promise<void>((r) => (release = r)) })
    const portico = createPortico({ adapters: [adapter], storage: createMemoryStorage() })
    const opening = portico.open({ namespace: 'eip155' })
    expect(portico.getState().modal.loading).toBe(true)
    expect(portico.getState().modal.loadingByNamespace).toEqual({ eip155: true })
    expect(portico.getState().modal.open).toBe(false)
    release()
    await opening
    expect(portico.getState().modal).toMatchObject({
      loading: false,
      loadingByNamespace: { eip155: false },
      open: true,
    })
  })

  it('MODAL_OPEN carries the connected flag', async () => {
    const { portico, events } = setup()
    await portico.open()
    portico.close()
    await portico.connect('fake.wallet')
    await portico.open()
    expect(events.filter((e) => e.name === 'MODAL_OPEN').map((e) => e.payload)).toEqual([
      { connected: false },
      { connected: true },
    ])
  })
})

describe('Modal close (SPEC §2, §4)', () => {
  it('closing resets to Connect', async () => {
    const { portico } = setup()
    await portico.open({ view: 'AllWallets' })
    portico.router.push('ConnectingExternal', { connectorId: 'x' })
    portico.close()
    expect(portico.getState().modal.open).toBe(false)
    expect(portico.router.getState().history).toEqual([{ view: 'Connect', data: undefined }])
  })

  it('emits MODAL_CLOSE only if it was open', async () => {
    const { portico, events } = setup()
    portico.close()
    expect(events).toEqual([])
    await portico.open()
    portico.close()
    portico.close()
    expect(events.map((e) => e.name)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  })

  it('in embedded mode the modal is not hidden: Account when connected, Connect otherwise', async () => {
    const { portico, events } = setup({ embedded: true })
    expect(portico.getState().modal.open).toBe(true)
    portico.router.push('AllWallets')
    portico.close()
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.router.getState().view).toBe('Connect')
    await portico.connect('fake.wallet')
    portico.router.push('Networks')
    portico.close()
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.router.getState().view).toBe('Account')
    expect(events.filter((e) => e.name === 'MODAL_CLOSE')).toEqual([])
  })

  it('a successful connect closes the modal (embedded: shows Account)', async () => {
    const { portico } = setup()
    await portico.open()
    await portico.connect('fake.wallet')
    expect(portico.getState().modal.open).toBe(false)
  })
})

describe('Modal flags (SPEC §3, §4, §9)', () => {
  it('the shake flag is on for 500 ms', () => {
    vi.useFakeTimers()
    const { portico } = setup()
    portico.shake?.()
    expect(portico.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(portico.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(portico.getState().modal.shake).toBe(false)
  })

  it('setLoading sets the loading flag and the per-namespace loading map', () => {
    const { portico } = setup()
    portico.setLoading?.(true, 'solana')
    expect(portico.getState().modal).toMatchObject({ loading: true, loadingByNamespace: { solana: true } })
    portico.setLoading?.(false)
    expect(portico.getState().modal).toMatchObject({ loading: false, loadingByNamespace: { solana: true } })
  })

  it('updates replace only what changed (structural sharing)', async () => {
    const { portico } = setup()
    const before: PorticoState = portico.getState()
    portico.shake?.()
    const after = portico.getState()
    expect(after).not.toBe(before)
    expect(after.modal).not.toBe(before.modal)
    expect(after.router).toBe(before.router)
    expect(after.accounts).toBe(before.accounts)
    expect(after.networks).toBe(before.networks)
    portico.setLoading?.(false)
    expect(portico.getState()).toBe(after) // a no-op update keeps the snapshot
    portico.destroy()
  })
})

describe('Unsupported chain (SPEC §4)', () => {
  it('opening while the wallet sits on a chain outside the networks array shows UnsupportedChain', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    await portico.open()
    expect(portico.router.getState().view).toBe('UnsupportedChain')
    portico.close()
    await portico.switchNetwork('eip155:1')
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
  })
})

describe('open() while setup runs (issue 22: a click that does nothing)', () => {
  afterEach(() => vi.useRealTimers())

  it('opens at once with modal.loading while a plugin setup runs, then routes when it ends', async () => {
    let finish!: () => void
    const gate = new Promise<void>((resolve) => {
      finish = resolve
    })
    const { portico, events } = setup({ plugins: [{ id: 'slow', setup: () => gate }] })
    const opened = portico.open()
    await Promise.resolve()
    await Promise.resolve()
    await Promise.resolve()
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.getState().modal.loading).toBe(true)
    expect(events.map((e) => e.name)).toEqual(['MODAL_OPEN'])
    finish()
    await opened
    expect(portico.getState().modal.loading).toBe(false)
    expect(portico.getState().router.view).toBe('Connect')
    // One MODAL_OPEN per open, not one for the early show and one for the routed view.
    expect(events.map((e) => e.name)).toEqual(['MODAL_OPEN'])
    portico.destroy()
  })

  it(`caps the wait at OPEN_READY_TIMEOUT_MS (${OPEN_READY_TIMEOUT_MS} ms): a setup that never ends still shows the view`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const logger = createRecordingLogger()
    const { portico } = setup({
      logger,
      plugins: [{ id: 'stuck', setup: () => new Promise<void>(() => {}) }],
    })
    const opened = portico.open()
    await vi.advanceTimersByTimeAsync(OPEN_READY_TIMEOUT_MS - 1)
    expect(portico.getState().modal.loading).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await opened
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.getState().modal.loading).toBe(false)
    expect(portico.getState().router.view).toBe('Connect')
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('still running'))).toBe(true)
    portico.destroy()
  })

  it('closing the modal while it loads keeps it closed when setup ends', async () => {
    let finish!: () => void
    const gate = new Promise<void>((resolve) => {
      finish = resolve
    })
    const { portico } = setup({ plugins: [{ id: 'slow', setup: () => gate }] })
    const opened = portico.open()
    await Promise.resolve()
    await Promise.resolve()
    await Promise.resolve()
    portico.close()
    finish()
    await opened
    expect(portico.getState().modal.open).toBe(false)
    portico.destroy()
  })
})

describe('The wallet switches chains while connected (SPEC §4: switching the active network can trigger the unsupported-chain view)', () => {
  it('an open modal on Account shows UnsupportedChain at once when the wallet moves to a chain outside the networks array, and Account again when it comes back', async () => {
    const { adapter, portico } = setup()
    await portico.connect('fake.wallet')
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    expect(portico.getState().networks.unsupported.eip155).toBe(true)
    expect(portico.router.getState().view).toBe('UnsupportedChain')
    // Replaced, not pushed: Back does not return to an Account view for a chain the app doesn't serve.
    expect(portico.router.getState().history.map((e) => e.view)).toEqual(['UnsupportedChain'])
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:2' })
    expect(portico.getState().networks.unsupported.eip155).toBe(false)
    expect(portico.router.getState().view).toBe('Account')
  })

  it('a closed modal shows UnsupportedChain on its next open, and Account once the wallet is back', async () => {
    const { adapter, portico } = setup()
    await portico.connect('fake.wallet')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    expect(portico.getState().modal.open).toBe(false)
    await portico.open()
    expect(portico.router.getState().view).toBe('UnsupportedChain')
    portico.close()
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
    await portico.open()
    expect(portico.router.getState().view).toBe('Account')
  })

  it('a view other than Account (e.g. Networks) stays: the visitor is in the middle of something', async () => {
    const { adapter, portico } = setup()
    await portico.connect('fake.wallet')
    await portico.open({ view: 'Networks' })
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    expect(portico.router.getState().view).toBe('Networks')
  })

  it('embedded: the always-shown Account follows the wallet onto the unsupported chain and back', async () => {
    const { adapter, portico } = setup({ embedded: true })
    await portico.connect('fake.wallet')
    expect(portico.router.getState().view).toBe('Account')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:999' })
    expect(portico.router.getState().view).toBe('UnsupportedChain')
    adapter.emit('chainChanged', { caipNetworkId: 'eip155:1' })
    expect(portico.router.getState().view).toBe('Account')
  })
})
