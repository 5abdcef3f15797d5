import type { ChainNamespace } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { account } from '../../../../core/src/test-helpers/index.js'
import { ConnectButton } from '../../buttons/index.js'
import { PorticoProvider } from '../../context/index.js'
import { PorticoModal } from '../../modal/index.js'
import {
  ADDRESS,
  createTestPortico,
  devWallet,
  type TestPortico,
  WalletError,
} from '../../test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'

// Issue 34 "Several wallets at once", the modal part, on a real createPortico: Account lists every
// connection compactly (wallet, short address, namespace) below the actions, the active one marked;
// each other one can be made active ("Use") and each disconnected; "Connect another wallet" opens
// Connect, where the wallets already connected are marked; the button shows the active connection.

const RABBY_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const rabby = { ...devWallet, id: 'rabby', name: 'Rabby' }
const phantom = { ...devWallet, id: 'phantom', name: 'Phantom', chain: 'solana' as const }

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('lang')
})

/** Dev Wallet and Rabby on EVM (each its own account) and Phantom on Solana; the modal and the button mounted. */
async function threeWallets(connect: string[] = ['dev', 'rabby']): Promise<TestPortico> {
  const t = await createTestPortico({ connectors: [devWallet, rabby, phantom] })
  const evm = t.adapters.eip155!
  evm.connectImpl = async ({ connectorId, caipNetworkId }) => {
    const network = caipNetworkId ?? 'eip155:31337'
    const address = connectorId === 'rabby' ? RABBY_ADDRESS : ADDRESS
    return { accounts: [account('eip155', address, network)], caipNetworkId: network }
  }
  for (const id of connect) await t.connect(id, id === 'phantom' ? 'solana' : 'eip155')
  rendered = await render(
    t.portico,
    <>
      <ConnectButton />
      <PorticoModal />
    </>,
  )
  return t
}

async function openAccount(t: TestPortico, namespace?: ChainNamespace) {
  await act(async () => t.portico.open(namespace ? { namespace } : undefined))
  return waitFor(() =>
    modalRoot().querySelector<HTMLElement>('[data-view="Account"] [data-testid="connections"]'),
  )
}

const rows = (list: HTMLElement) => Array.from(list.querySelectorAll<HTMLElement>('li[data-connection-id]'))
const rowOf = (list: HTMLElement, id: string) =>
  list.querySelector<HTMLElement>(`li[data-connection-id="${id}"]`)!
const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
const buttonText = () => text(rendered?.container.querySelector('[data-portico-button]'))

describe('Account: several wallets at once (issue 34)', () => {
  it('lists every connection with its wallet, short address and namespace, the active one marked aria-current and "Active"', async () => {
    const t = await threeWallets(['dev', 'phantom', 'rabby'])
    const list = await openAccount(t)
    expect(rows(list).map((r) => r.dataset.connectionId)).toEqual([
      'eip155:rabby',
      'eip155:dev',
      'solana:phantom',
    ])
    const summary = rows(list).map((r) => [
      text(r.querySelector('[data-testid="connection-wallet"]')),
      text(r.querySelector('[data-testid="namespace-address"]')),
      text(r.querySelector('[data-testid="connection-namespace"]')),
    ])
    expect(summary).toEqual([
      ['Rabby', '0x7099…79C8', 'Ethereum & EVM'],
      ['Portico Dev Wallet', '0xf39F…2266', 'Ethereum & EVM'],
      ['Phantom', 'Ez2u…VhmQ', 'Solana'],
    ])
    // Rabby connected last: it is the active one; exactly one row says so.
    const current = list.querySelectorAll('[aria-current="true"]')
    expect(current).toHaveLength(1)
    expect(rowOf(list, 'eip155:rabby').contains(current[0]!)).toBe(true)
    expect(text(rowOf(list, 'eip155:rabby').querySelector('[data-testid="connection-active"]'))).toBe(
      'Active',
    )
    // Every other row offers "Use"; every row its own Disconnect, named after the wallet and address.
    expect(list.querySelectorAll('[data-testid="connection-use"]')).toHaveLength(2)
    const names = Array.from(list.querySelectorAll('[data-testid="connection-disconnect"]')).map((b) =>
      b.getAttribute('aria-label'),
    )
    expect(names).toEqual([
      'Disconnect Rabby (0x7099…79C8)',
      'Disconnect Portico Dev Wallet (0xf39F…2266)',
      'Disconnect Phantom (Ez2u…VhmQ)',
    ])
    // The list is labelled by its heading.
    const ul = list.querySelector('ul')!
    expect(text(list.querySelector(`#${CSS.escape(ul.getAttribute('aria-labelledby')!)}`))).toBe(
      'Connected wallets',
    )
    expect(buttonText()).toContain('0x7099…79C8')
  })

  it('the list sits below the actions (Send, Receive) and above the tabs, as issue 34 orders Account', async () => {
    const t = await threeWallets(['dev'])
    const list = await openAccount(t)
    const view = modalRoot().querySelector('[data-view="Account"]')!
    const actions = view.querySelector('[data-testid="account-actions"]')!
    const tabs = view.querySelector('[role="tablist"]')!
    expect(actions.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(list.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // One wallet: its row, and the way to a second one.
    expect(rows(list).map((r) => r.dataset.connectionId)).toEqual(['eip155:dev'])
    expect(text(list.querySelector('[data-testid="connect-another-wallet"]'))).toBe('Connect another wallet')
  })

  it('"Use" makes a background connection active without asking any wallet again; the button shows it', async () => {
    const t = await threeWallets(['dev', 'rabby'])
    const list = await openAccount(t)
    expect(buttonText()).toContain('0x7099…79C8')
    const calls = t.adapters.eip155!.calls.length
    const use = rowOf(list, 'eip155:dev').querySelector<HTMLButtonElement>(
      'button[data-testid="connection-use"]',
    )!
    expect(text(use)).toContain('Use')
    await click(use)
    await waitFor(() => t.portico.getConnections().find((c) => c.active)?.id === 'eip155:dev')
    expect(t.adapters.eip155!.calls.slice(calls).map((c) => c.method)).not.toContain('connect')
    await waitFor(() => rowOf(list, 'eip155:dev').querySelector('[aria-current="true"]'))
    expect(rowOf(list, 'eip155:rabby').querySelector('[aria-current]')).toBeNull()
    expect(t.portico.getState().accounts.eip155?.address).toBe(ADDRESS)
    await waitFor(() => buttonText().includes('0xf39F…2266'))
    // Across namespaces too: Phantom's row makes Solana the active namespace.
    await act(async () => t.connect('phantom', 'solana'))
    await act(async () => t.portico.switchConnection('eip155:rabby'))
    await waitFor(() => buttonText().includes('0x7099…79C8'))
    const list2 = await openAccount(t)
    await click(rowOf(list2, 'solana:phantom').querySelector('button[data-testid="connection-use"]'))
    await waitFor(() => t.portico.getState().activeNamespace === 'solana')
    await waitFor(() => buttonText().includes('Ez2u…VhmQ'))
  })

  it("a row's Disconnect ends only that connection and tells only that wallet", async () => {
    const t = await threeWallets(['dev', 'phantom', 'rabby'])
    const list = await openAccount(t)
    const calls = t.adapters.eip155!.calls.length
    await click(rowOf(list, 'eip155:dev').querySelector('[data-testid="connection-disconnect"]'))
    await waitFor(() => rows(list).length === 2)
    expect(rows(list).map((r) => r.dataset.connectionId)).toEqual(['eip155:rabby', 'solana:phantom'])
    expect(t.adapters.eip155!.calls.slice(calls)).toEqual([
      { method: 'disconnect', params: { connectorId: 'dev' } },
    ])
    expect(t.portico.getState().modal.open).toBe(true)
    // The active one too: Rabby goes, EVM has no wallet left, Solana's becomes the active one.
    await click(rowOf(list, 'eip155:rabby').querySelector('[data-testid="connection-disconnect"]'))
    await waitFor(() => t.portico.getState().activeNamespace === 'solana')
    expect(t.portico.getConnections().map((c) => c.id)).toEqual(['solana:phantom'])
    await waitFor(() => buttonText().includes('Ez2u…VhmQ'))
  })

  it('a disconnect the wallet refuses stays on its row in words, and the connection is kept', async () => {
    const t = await threeWallets(['dev', 'rabby'])
    const evm = t.adapters.eip155!
    const disconnect = evm.disconnect
    evm.disconnect = async (params) => {
      if (params.connectorId === 'dev') throw new WalletError('The wallet is locked.', 4100)
      return disconnect(params)
    }
    const list = await openAccount(t)
    await click(rowOf(list, 'eip155:dev').querySelector('[data-testid="connection-disconnect"]'))
    const alert = await waitFor(() => rowOf(list, 'eip155:dev').querySelector('[role="alert"]'))
    // EIP-1193 4100, in the catalogue's words.
    expect(text(alert)).toBe(
      'Not disconnected: The requested method and/or account has not been authorized by the user.',
    )
    expect(t.portico.getConnections().map((c) => c.id)).toEqual(['eip155:rabby', 'eip155:dev'])
    // Its buttons work again (not left busy).
    expect(
      rowOf(list, 'eip155:dev').querySelector<HTMLButtonElement>('[data-testid="connection-disconnect"]')!
        .disabled,
    ).toBe(false)
  })

  it('"Connect another wallet" opens Connect with the connected wallets marked; a new one connects as a second wallet of the namespace', async () => {
    const t = await threeWallets(['dev'])
    const list = await openAccount(t)
    await click(list.querySelector('[data-testid="connect-another-wallet"]'))
    const connect = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="Connect"]'))
    const entry = (id: string) => connect.querySelector<HTMLElement>(`[data-connector-id="${id}"]`)!
    expect(text(entry('dev').querySelector('[data-testid="connector-connected"]'))).toBe('Connected')
    expect(entry('rabby').querySelector('[data-testid="connector-connected"]')).toBeNull()
    expect(entry('phantom').querySelector('[data-testid="connector-connected"]')).toBeNull()
    await click(entry('rabby'))
    await waitFor(() => t.portico.getConnections().length === 2)
    expect(t.portico.getConnections().map((c) => [c.id, c.active])).toEqual([
      ['eip155:rabby', true],
      ['eip155:dev', false],
    ])
    await waitFor(() => buttonText().includes('0x7099…79C8'))
  })

  it('choosing a wallet already connected in Connect makes it active again without a second request (SPEC §4 refuses one)', async () => {
    const t = await threeWallets(['dev', 'rabby'])
    await openAccount(t)
    const calls = t.adapters.eip155!.calls.length
    await act(async () => t.portico.router.push('Connect'))
    const connect = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="Connect"]'))
    await click(connect.querySelector('[data-connector-id="dev"]'))
    await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    expect(t.portico.getConnections().find((c) => c.active)?.id).toBe('eip155:dev')
    expect(t.adapters.eip155!.calls.slice(calls).map((c) => c.method)).not.toContain('connect')
  })

  it('in every locale the new strings are translated (es, ar shown here; the catalogue test checks all five)', async () => {
    const t = await createTestPortico({ connectors: [devWallet, rabby] })
    t.adapters.eip155!.connectImpl = async ({ connectorId }) => ({
      accounts: [account('eip155', connectorId === 'rabby' ? RABBY_ADDRESS : ADDRESS, 'eip155:31337')],
      caipNetworkId: 'eip155:31337',
    })
    await t.connect('dev')
    await t.connect('rabby')
    for (const [locale, use, active, disconnect] of [
      ['es', 'Usar', 'Activa', 'Desconectar Rabby (0x7099…79C8)'],
      ['ar', 'استخدام', 'نشطة', 'قطع اتصال Rabby (0x7099…79C8)'],
    ] as const) {
      rendered = await render(
        t.portico,
        <PorticoProvider portico={t.portico} locale={locale}>
          <PorticoModal />
        </PorticoProvider>,
      )
      const list = await openAccount(t)
      await waitFor(() => text(list.querySelector('[data-testid="connection-active"]')) === active)
      expect(text(list.querySelector('[data-testid="connection-use"] .tag'))).toBe(use)
      expect(list.querySelector('[data-testid="connection-disconnect"]')?.getAttribute('aria-label')).toBe(
        disconnect,
      )
      await act(async () => t.portico.close())
      rendered.unmount()
      document.body.innerHTML = ''
    }
  })
})
