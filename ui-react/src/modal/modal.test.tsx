import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/index.js'
import { createTestPortico, devWallet, type TestPorticoOptions } from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'
import { PorticoModal } from './index.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

async function setup(opts: TestPorticoOptions = {}) {
  const t = await createTestPortico(opts)
  rendered = await render(
    t.portico,
    <>
      <ConnectButton />
      <PorticoModal />
    </>,
  )
  const button = rendered.container.querySelector('button')!
  return { ...t, button }
}

/** Views a plugin would register (the wallet directory, the WalletConnect QR). */
const directoryView = async () => ({ default: () => <p>directory</p> })
const qrView = async () => ({ default: () => <p>qr</p> })

const press = (target: EventTarget, key: string, shiftKey = false) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true }))
  })

describe('PorticoModal dialog semantics', () => {
  it('the button says "Connect Wallet" and opens a labelled, modal dialog on the Connect view', async () => {
    const { button } = await setup()
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.getAttribute('style')).toBeNull()
    expect(document.querySelector('[data-portico-modal]')?.getAttribute('data-state')).toBe('closed')
    await click(button)
    const root = modalRoot()
    const dialog = root.querySelector('[role="dialog"]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('data-state')).toBe('open')
    const title = root.getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Connect Wallet')
    expect(root.querySelector('[data-view="Connect"]')).not.toBeNull()
    expect(document.querySelector('[data-portico-modal]')?.getAttribute('data-state')).toBe('open')
    expect(document.documentElement.hasAttribute('data-portico-scroll-lock')).toBe(true)
    // The rest of the page is hidden from assistive tech while the dialog is open.
    expect(rendered!.container.hasAttribute('inert')).toBe(true)
    await press(dialog, 'Escape')
    expect(rendered!.container.hasAttribute('inert')).toBe(false)
  })

  it('Esc closes, the scroll lock is released and focus returns to the opener', async () => {
    const { button, portico } = await setup()
    button.focus()
    await click(button)
    const dialog = modalRoot().querySelector('[role="dialog"]')!
    expect(modalRoot().activeElement).not.toBeNull()
    await press(dialog, 'Escape')
    expect(portico.getState().modal.open).toBe(false)
    expect(modalRoot().querySelector('[role="dialog"]')).toBeNull()
    expect(document.documentElement.hasAttribute('data-portico-scroll-lock')).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it('a click on the backdrop closes; a click inside does not', async () => {
    const { button, portico } = await setup()
    await click(button)
    const overlay = modalRoot().querySelector('[data-portico-overlay]')!
    await act(async () => {
      modalRoot()
        .querySelector('.dialog')!
        .dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true }))
    })
    expect(portico.getState().modal.open).toBe(true)
    await act(async () => {
      overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true }))
    })
    expect(portico.getState().modal.open).toBe(false)
  })

  it('Tab from the last control wraps to the first, Shift+Tab from the first to the last', async () => {
    const { button } = await setup()
    await click(button)
    const root = modalRoot()
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!
    const tabbables = Array.from(root.querySelectorAll<HTMLElement>('button'))
    const first = tabbables[0]!
    const last = tabbables[tabbables.length - 1]!
    last.focus()
    await press(dialog, 'Tab')
    expect(root.activeElement).toBe(first)
    await press(dialog, 'Tab', true)
    expect(root.activeElement).toBe(last)
  })

  it('renders no style attributes and no <style> tags (strict CSP), z-index 999 and width 360px in its sheet', async () => {
    const { button } = await setup()
    await click(button)
    const root = modalRoot()
    expect(root.querySelectorAll('[style]').length).toBe(0)
    expect(root.querySelectorAll('style, link').length).toBe(0)
    expect(document.querySelectorAll('style').length).toBe(0)
    const css = Array.from(root.adoptedStyleSheets ?? [])
      .flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText))
      .join('\n')
    if (root.adoptedStyleSheets?.length) {
      expect(css).toMatch(/--portico-z-index:\s*999/)
      expect(css).toMatch(/width:\s*360px/)
      expect(css).toMatch(/prefers-reduced-motion/)
    }
  })

  it('zIndex and theme variables are overridable; dark theme is set on the host', async () => {
    const t = await createTestPortico()
    rendered = await render(
      t.portico,
      <PorticoModal
        zIndex={1234}
        themeMode="dark"
        themeVariables={{ '--portico-accent': 'red; } * { color: red' }}
      />,
    )
    await act(async () => t.portico.open())
    const host = document.querySelector('[data-portico-modal]')!
    expect(host.getAttribute('data-theme')).toBe('dark')
    const css = Array.from(modalRoot().adoptedStyleSheets ?? [])
      .flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText))
      .join('\n')
    if (modalRoot().adoptedStyleSheets?.length) {
      expect(css).toMatch(/--portico-z-index:\s*1234/)
      expect(css).not.toContain('* { color: red')
    }
  })

  it('embedded mode renders in place, never hidden, as a labelled region (not role="dialog"), without aria-modal or a close button', async () => {
    const t = await createTestPortico({ embedded: true })
    rendered = await render(t.portico, <PorticoModal />)
    const host = rendered.container.querySelector('[data-portico-modal]')!
    expect(host.shadowRoot!.querySelector('[role="dialog"]')).toBeNull()
    const region = host.shadowRoot!.querySelector('[role="region"]')!
    const label = host.shadowRoot!.getElementById(region.getAttribute('aria-labelledby') ?? '')
    expect(label?.textContent).toBe('Connect Wallet')
    expect(region.hasAttribute('aria-modal')).toBe(false)
    expect(host.shadowRoot!.querySelector('[data-view="Connect"]')).not.toBeNull()
    expect(byText(host.shadowRoot!, 'button', 'Close')).toBeUndefined()
  })
})

describe('alerts (SPEC §8)', () => {
  it('state.alert shows as role=alert above the view', async () => {
    const { button, setAlert } = await setup()
    await act(async () =>
      setAlert({
        code: 'RATE_LIMITED',
        shortMessage: 'Rate Limited',
        longMessage: 'Too many requests.',
        severity: 'error',
      }),
    )
    await click(button)
    const alert = modalRoot().querySelector('[role="alert"]')!
    expect(alert.textContent).toContain('Rate Limited')
    expect(alert.textContent).toContain('Too many requests.')
  })
})

describe('Connect view', () => {
  it('lists installed wallets first with the recent one marked; a hostile name renders as text', async () => {
    const hostile = {
      id: 'evil',
      type: 'ANNOUNCED' as const,
      name: '<img src=x onerror=alert(1)>',
      chain: 'eip155' as const,
      installed: true,
      imageUrl: 'javascript:alert(1)',
    }
    const t = await createTestPortico({
      connectors: [devWallet, hostile],
      walletConnect: { id: 'wc', name: 'WalletConnect', namespaces: ['eip155'] },
      recentConnectorId: 'dev',
    })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    const rows = Array.from(modalRoot().querySelectorAll<HTMLElement>('[data-connector-id]'))
    expect(rows.map((r) => r.dataset.connectorId)).toEqual(['dev', 'evil', 'wc'])
    expect(rows[0]!.textContent).toContain('Recent')
    expect(rows[1]!.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(rows[1]!.querySelectorAll('img').length).toBe(0)
  })

  it('"All Wallets" is offered only when a plugin provides the directory view; it pushes AllWallets', async () => {
    const without = await setup()
    await click(without.button)
    expect(byText(modalRoot(), 'button', 'All Wallets')).toBeUndefined()
    rendered?.unmount()
    document.body.innerHTML = ''
    const t = await setup({ views: { AllWallets: directoryView } })
    await click(t.button)
    await click(await waitFor(() => byText(modalRoot(), 'button', 'All Wallets')))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="AllWallets"]'))
    expect(view.textContent).toBe('directory')
  })

  it('groups wallets by chain with a label when several chains are offered; WalletConnect is one row that opens its QR view', async () => {
    const solWallet = {
      id: 'wallet-standard:sol',
      type: 'ANNOUNCED' as const,
      name: 'Sol Wallet',
      chain: 'solana' as const,
      installed: true,
    }
    const t = await setup({
      connectors: [devWallet, solWallet],
      walletConnect: { id: 'walletConnect', name: 'WalletConnect', namespaces: ['eip155', 'solana'] },
      views: { ConnectingWalletConnect: qrView },
    })
    await click(t.button)
    const groups = Array.from(modalRoot().querySelectorAll<HTMLElement>('[data-view="Connect"] .group'))
    expect(groups.map((g) => [g.dataset.chain, g.querySelector('h3')?.textContent])).toEqual([
      ['eip155', 'Ethereum & EVM'],
      ['solana', 'Solana'],
      ['multi', 'Any chain'],
    ])
    expect(modalRoot().querySelectorAll('[data-connector-id="walletConnect"]').length).toBe(1)
    await click(modalRoot().querySelector('[data-connector-id="walletConnect"]')!)
    expect(
      (await waitFor(() => modalRoot().querySelector('[data-view="ConnectingWalletConnect"]'))).textContent,
    ).toBe('qr')
  })

  it('one chain only: no group labels', async () => {
    const { button } = await setup()
    await click(button)
    expect(modalRoot().querySelector('[data-view="Connect"] .group-label')).toBeNull()
  })
})

describe('ConnectingExternal → Account', () => {
  it('a wallet rejection shows "Try again"; retrying connects, closes the modal, and Account then shows the balance', async () => {
    let reject = true
    const { button, portico } = await setup({
      wallet: {
        connect: async () => {
          if (reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        },
      },
    })
    await click(button)
    await click(modalRoot().querySelector('[data-connector-id="dev"]'))
    const retry = await waitFor(() => byText(modalRoot(), 'button', 'Try again'))
    expect(modalRoot().querySelector('[data-view="ConnectingExternal"]')?.textContent).toContain(
      'Connection declined',
    )
    reject = false
    await click(retry)
    // Core closes the modal once the wallet connected (not embedded).
    await waitFor(() => !portico.getState().modal.open)
    const accountButton = rendered!.container.querySelector('button')!
    expect(accountButton.textContent).toContain('0xf39F…2266')
    await click(accountButton)
    const account = await waitFor(() =>
      modalRoot().querySelector('[data-view="Account"]')?.textContent?.includes('10000.123 ETH')
        ? modalRoot().querySelector('[data-view="Account"]')
        : null,
    )
    expect(account.textContent).toContain('0xf39F…2266')
    expect(portico.getState().router.view).toBe('Account')
  })

  it('Cancel goes back to Connect', async () => {
    const { button } = await setup({ wallet: { connect: () => new Promise(() => {}) } })
    await click(button)
    await click(modalRoot().querySelector('[data-connector-id="dev"]'))
    await waitFor(() => modalRoot().querySelector('[data-view="ConnectingExternal"]'))
    await click(byText(modalRoot(), 'button', 'Cancel'))
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
  })
})

describe('open() while setup runs (issue 22: a click that does nothing)', () => {
  it('a click opens the dialog at once on a visible loading state (modal.loading), then shows the view', async () => {
    let finish!: () => void
    const pluginSetup = new Promise<void>((resolve) => {
      finish = resolve
    })
    const { portico, button } = await setup({ pluginSetup })
    await click(button)
    const loading = await waitFor(() => modalRoot().querySelector('[data-testid="modal-loading"]'))
    expect(portico.getState().modal.loading).toBe(true)
    expect(document.querySelector('[data-portico-modal]')?.getAttribute('data-state')).toBe('open')
    expect(loading.getAttribute('aria-busy')).toBe('true')
    expect(loading.querySelector('[role="status"]')?.textContent).toBe('Loading…')
    // No premature view (e.g. "No wallet found") while the wallets are still being found.
    expect(modalRoot().querySelector('[data-view]')).toBeNull()
    await act(async () => finish())
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    expect(modalRoot().querySelector('[data-testid="modal-loading"]')).toBeNull()
  })
})

describe('scroll lock', () => {
  it('locks page scroll while the floating modal is open even when no Portico button is mounted', async () => {
    const t = await createTestPortico()
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    expect(document.documentElement.hasAttribute('data-portico-scroll-lock')).toBe(true)
    const rules = document.adoptedStyleSheets.flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText))
    expect(rules.some((r) => r.includes('data-portico-scroll-lock') && r.includes('overflow: hidden'))).toBe(
      true,
    )
  })
})
