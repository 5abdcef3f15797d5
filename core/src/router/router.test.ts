import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PorticoEventMap } from '../contracts/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger } from '../test-helpers/index.js'

function setup(extra: Parameters<typeof createPortico>[0] = {}) {
  const adapter = createFakeAdapter()
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    metadata: { name: 'Test dApp', url: 'https://dapp.test' },
    ...extra,
  })
  return { adapter, portico, views: () => portico.router.getState().history.map((e) => e.view) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Router (SPEC §2)', () => {
  it('starts on Connect (the initial view)', () => {
    const { portico } = setup()
    expect(portico.router.getState()).toEqual({
      view: 'Connect',
      data: undefined,
      history: [{ view: 'Connect', data: undefined }],
    })
  })

  it('push adds a view unless it is already current', () => {
    const { portico, views } = setup()
    portico.router.push('AllWallets')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    portico.router.push('AllWallets')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    portico.router.push('ConnectingExternal', { connectorId: 'fake.wallet' })
    expect(portico.router.getState().data).toEqual({ connectorId: 'fake.wallet' })
    expect(views()).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
  })

  it('replace swaps the top entry', () => {
    const { portico, views } = setup()
    portico.router.push('AllWallets')
    portico.router.replace('ConnectingWalletConnect', { walletId: 'w1' })
    expect(views()).toEqual(['Connect', 'ConnectingWalletConnect'])
    expect(portico.router.getState().data).toEqual({ walletId: 'w1' })
  })

  it('reset replaces the whole stack', () => {
    const { portico, views } = setup()
    portico.router.push('AllWallets')
    portico.router.push('ConnectingWalletConnectBasic')
    portico.router.reset('Networks')
    expect(views()).toEqual(['Networks'])
  })

  it('goBack pops one view', () => {
    const { portico, views } = setup()
    portico.router.push('AllWallets')
    portico.router.push('ConnectingExternal', { connectorId: 'x' })
    portico.router.goBack()
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(portico.router.getState().view).toBe('AllWallets')
  })

  it('goBack to Connect while a wallet is connected shows Account instead', async () => {
    const { portico, views } = setup()
    await portico.connect('fake.wallet')
    portico.router.reset('Connect')
    portico.router.push('Networks')
    portico.router.goBack()
    expect(portico.router.getState().view).toBe('Account')
    expect(views()).toEqual(['Account'])
  })

  it('goBack with one view left closes the modal', async () => {
    const { portico } = setup()
    const closes: PorticoEventMap['MODAL_CLOSE'][] = []
    portico.on('MODAL_CLOSE', (e) => closes.push(e))
    await portico.open({ view: 'Networks' })
    expect(portico.getState().modal.open).toBe(true)
    portico.router.goBack()
    expect(portico.getState().modal.open).toBe(false)
    expect(portico.router.getState().view).toBe('Connect')
    expect(closes).toEqual([{ connected: false }])
  })

  it('goBack out of ConnectingFarcaster while not connected clears the Farcaster link, reloads the auth connector, then resyncs app metadata after 100 ms', async () => {
    vi.useFakeTimers()
    const { portico, adapter } = setup()
    const seen: string[] = []
    portico.on('AUTH_CONNECTOR_RELOAD', (e) => seen.push(`reload:${e.reason}`))
    portico.on('APP_METADATA_SYNC', (e) => seen.push(`sync:${e.metadata?.name}`))
    await portico.ready
    portico.router.push('ConnectingFarcaster')
    // The embedded wallet plugin stores the link through its context:
    adapter.ctx?.updateAccount?.('eip155', { farcasterUrl: 'https://farcaster.test/link' })
    expect(portico.getState().accounts.eip155?.farcasterUrl).toBe('https://farcaster.test/link')

    portico.router.goBack()
    expect(portico.router.getState().view).toBe('Connect')
    expect(portico.getState().accounts.eip155?.farcasterUrl).toBeUndefined()
    expect(seen).toEqual(['reload:farcaster-back'])
    vi.advanceTimersByTime(99)
    expect(seen).toEqual(['reload:farcaster-back'])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual(['reload:farcaster-back', 'sync:Test dApp'])
  })

  it('goBack out of ConnectingFarcaster while connected does not reload the auth connector', async () => {
    const { portico } = setup()
    await portico.connect('fake.wallet')
    const seen: unknown[] = []
    portico.on('AUTH_CONNECTOR_RELOAD', (e) => seen.push(e))
    portico.router.reset('Account')
    portico.router.push('ConnectingFarcaster')
    portico.router.goBack()
    expect(seen).toEqual([])
  })

  it('a failed network switch takes the modal back one view', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    await portico.open()
    portico.router.push('Networks')
    portico.router.push('SwitchNetwork', { caipNetworkId: 'eip155:2' })
    adapter.switchNetworkImpl = async () => {
      throw Object.assign(new Error('Internal error'), { code: -32603 })
    }
    await expect(portico.switchNetwork('eip155:2')).rejects.toThrow()
    expect(portico.router.getState().view).toBe('Networks')
    expect(portico.getState().networks.active.eip155).toBe('eip155:1')
  })

  it('a network switch the user rejected (4001) stays on SwitchNetwork so it can offer "Try again"', async () => {
    const { portico, adapter } = setup()
    await portico.connect('fake.wallet')
    await portico.open()
    portico.router.push('Networks')
    portico.router.push('SwitchNetwork', { caipNetworkId: 'eip155:2' })
    adapter.switchNetworkImpl = async () => {
      throw Object.assign(new Error('User rejected'), { code: 4001 })
    }
    await expect(portico.switchNetwork('eip155:2')).rejects.toMatchObject({ code: 4001 })
    expect(portico.router.getState().view).toBe('SwitchNetwork')
    expect(portico.getState().networks.active.eip155).toBe('eip155:1')
    // Try again: the wallet approves this time.
    adapter.switchNetworkImpl = async () => undefined
    await portico.switchNetwork('eip155:2')
    expect(portico.getState().networks.active.eip155).toBe('eip155:2')
  })

  it('emits ROUTER_CHANGE with the view, the previous view and the data', () => {
    const { portico } = setup()
    const changes: PorticoEventMap['ROUTER_CHANGE'][] = []
    portico.on('ROUTER_CHANGE', (e) => changes.push(e))
    portico.router.push('ConnectingExternal', { connectorId: 'a' })
    portico.router.push('ConnectingExternal', { connectorId: 'a' }) // no-op: already current
    portico.router.goBack()
    expect(changes).toEqual([
      { view: 'ConnectingExternal', previous: 'Connect', data: { connectorId: 'a' } },
      { view: 'Connect', previous: 'ConnectingExternal', data: undefined },
    ])
  })
})

describe('Router invariants (SPEC §2, property)', () => {
  const views = ['Connect', 'Account', 'AllWallets', 'Networks', 'ConnectingFarcaster'] as const
  const op = fc.oneof(
    fc.record({ kind: fc.constant('push' as const), view: fc.constantFrom(...views) }),
    fc.record({ kind: fc.constant('replace' as const), view: fc.constantFrom(...views) }),
    fc.record({ kind: fc.constant('reset' as const), view: fc.constantFrom(...views) }),
    fc.record({ kind: fc.constant('goBack' as const) }),
  )

  it('any sequence keeps view === top of a non-empty stack, and push never stacks the current view twice', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const { portico } = setup()
        for (const o of ops) {
          const before = portico.router.getState()
          if (o.kind === 'goBack') portico.router.goBack()
          else portico.router[o.kind](o.view)
          const after = portico.router.getState()
          expect(after.history.length).toBeGreaterThan(0)
          expect(after.view).toBe(after.history.at(-1)?.view)
          if (o.kind === 'push' && before.view === o.view) expect(after).toBe(before)
          if (o.kind === 'goBack' && before.history.length === 1)
            expect(portico.getState().modal.open).toBe(false)
        }
        portico.destroy()
      }),
      { numRuns: 100 },
    )
  })
})
