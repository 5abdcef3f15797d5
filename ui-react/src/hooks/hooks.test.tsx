import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoProviderNotFoundError } from '../context/index.js'
import { createTestPortico } from '../test-helpers/portico.js'
import { render } from '../test-helpers/render.js'
import {
  type UseConnectionsResult,
  useAccount,
  useBalance,
  useConnections,
  useConnectors,
  useModal,
  useNetwork,
  usePorticoEvent,
} from './index.js'

let cleanup: (() => void)[] = []
afterEach(() => {
  for (const c of cleanup) c()
  cleanup = []
})

const renders = { modal: 0, account: 0, balance: 0 }
const seen: { balance?: string; network?: string; connectors?: number; events: boolean[] } = { events: [] }

function ModalReader() {
  renders.modal++
  return <span>{String(useModal().isOpen)}</span>
}
function AccountReader() {
  renders.account++
  return <span>{useAccount().address ?? 'none'}</span>
}
function BalanceReader() {
  renders.balance++
  seen.balance = useBalance().balance
  return null
}
function NetworkReader() {
  seen.network = useNetwork().network?.name
  seen.connectors = useConnectors().connectors.length
  return null
}
function Listener() {
  usePorticoEvent('MODAL_OPEN', (p) => seen.events.push(p.connected))
  return null
}
function Orphan() {
  useAccount()
  return null
}

let connectionsSeen: UseConnectionsResult | undefined
function ConnectionsReader() {
  connectionsSeen = useConnections()
  return null
}

describe('hooks re-render only when what they read changes', () => {
  it('useConnections lists every wallet connection and switches the active one without reconnecting', async () => {
    const t = await createTestPortico({
      connectors: [
        { id: 'a', type: 'ANNOUNCED', name: 'A', chain: 'eip155' },
        { id: 'b', type: 'ANNOUNCED', name: 'B', chain: 'eip155' },
      ],
    })
    const r = await render(t.portico, <ConnectionsReader />)
    cleanup.push(r.unmount)
    await act(async () => t.portico.connect('a'))
    await act(async () => t.portico.connect('b'))
    expect(connectionsSeen?.connections.map((c) => [c.id, c.active])).toEqual([
      ['eip155:b', true],
      ['eip155:a', false],
    ])
    await act(async () => connectionsSeen?.switchConnection('eip155:a'))
    expect(connectionsSeen?.active?.id).toBe('eip155:a')
    await act(async () => connectionsSeen?.disconnectConnection('eip155:b'))
    expect(connectionsSeen?.connections.map((c) => c.id)).toEqual(['eip155:a'])
  })

  it('useModal ignores account changes; useAccount ignores modal changes', async () => {
    const t = await createTestPortico()
    const r = await render(
      t.portico,
      <>
        <ModalReader />
        <AccountReader />
      </>,
    )
    cleanup.push(r.unmount)
    const base = { ...renders }
    await act(async () => t.updateAccount({ balanceLoading: true }))
    expect(renders.modal).toBe(base.modal)
    expect(renders.account).toBe(base.account + 1)
    await act(async () => t.portico.open())
    expect(renders.modal).toBe(base.modal + 1)
    expect(renders.account).toBe(base.account + 1)
    // A change neither reads.
    await act(async () => t.portico.setThemeMode('dark'))
    expect(renders.modal).toBe(base.modal + 1)
    expect(renders.account).toBe(base.account + 1)
  })

  it('useBalance re-renders for a balance change, not for a tab change', async () => {
    const t = await createTestPortico()
    const r = await render(t.portico, <BalanceReader />)
    cleanup.push(r.unmount)
    const before = renders.balance
    await act(async () => t.portico.setAccountTab(2))
    expect(renders.balance).toBe(before)
    await act(async () => t.updateAccount({ balance: '1.5' }))
    expect(renders.balance).toBe(before + 1)
    expect(seen.balance).toBe('1.5')
  })

  it('useNetwork and useConnectors read the active network and connectors', async () => {
    const t = await createTestPortico({
      connectors: [{ id: 'a', type: 'ANNOUNCED', name: 'A', chain: 'eip155' }],
    })
    const r = await render(t.portico, <NetworkReader />)
    cleanup.push(r.unmount)
    expect(seen).toMatchObject({ network: 'Portico Devnet', connectors: 1 })
    await act(async () => t.portico.switchNetwork('eip155:31338'))
    expect(seen.network).toBe('Portico Devnet B')
  })

  it('usePorticoEvent calls the handler and unsubscribes on unmount', async () => {
    const t = await createTestPortico()
    seen.events = []
    const r = await render(t.portico, <Listener />)
    await act(async () => t.portico.open())
    expect(seen.events).toEqual([false])
    r.unmount()
    await act(async () => {
      t.portico.close()
      await t.portico.open()
    })
    expect(seen.events).toEqual([false])
  })

  it('a hook outside <PorticoProvider> throws PorticoProviderNotFoundError naming the hook', () => {
    const root = createRoot(document.createElement('div'), { onUncaughtError: () => {} })
    let error: unknown
    try {
      act(() => root.render(<Orphan />))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PorticoProviderNotFoundError)
    expect((error as Error).message).toBe('`useAccount` must be used within `<PorticoProvider>`.')
  })
})
