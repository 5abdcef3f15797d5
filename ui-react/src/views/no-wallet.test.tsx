// Issue 22, "a dead end with no wallet installed": the Connect view offers next steps.
import { RECOMMENDED_WALLETS_COUNT } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoModal } from '../modal/index.js'
import { createTestPortico, localNet, solanaNet, startGateway } from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const entry = (id: string, name: string, links: Record<string, string | null> = {}) => ({
  id,
  name,
  image_id: `${id}-image`,
  ...links,
})

describe('Connect with no wallet installed', () => {
  it(`offers the directory's first ${RECOMMENDED_WALLETS_COUNT} recommended wallets with https install links (names as text) and WalletConnect`, async () => {
    const gateway = await startGateway(async () => ({ data: [], next: null }))
    gateway.on('GET /v1/wallets', {
      body: {
        count: 6,
        data: [
          entry('alpha', 'Alpha Wallet', { webapp_link: 'https://alpha.example/get' }),
          entry('evil', '<img src=x onerror=alert(1)>Evil', { webapp_link: 'javascript:alert(1)' }),
          entry('native', 'Native Only', {
            mobile_link: 'nativewallet://',
            desktop_link: 'http://plain.example',
          }),
          entry('beta', 'Beta Wallet', { desktop_link: 'https://beta.example/download' }),
          entry('fifth', 'Fifth Wallet', { webapp_link: 'https://fifth.example' }),
          entry('sixth', 'Sixth Wallet', { webapp_link: 'https://sixth.example' }),
        ],
      },
    })
    const t = await createTestPortico({
      connectors: [],
      apiUrl: gateway.url,
      walletConnect: { id: 'walletconnect', name: 'WalletConnect', namespaces: ['eip155'] },
    })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    // Generous: the directory answers over real HTTP, and other test files share the CPU.
    const list = await waitFor(() => modalRoot().querySelector('[data-testid="recommended-wallets"]'), 10_000)
    const help = modalRoot().querySelector('[data-testid="no-wallet"]')!
    expect(help.textContent).toContain('No wallet found in this browser.')
    const rows = Array.from(list.querySelectorAll('li'))
    expect(rows.map((r) => r.querySelector('.row-label')?.textContent)).toEqual([
      'Alpha Wallet',
      '<img src=x onerror=alert(1)>Evil',
      'Native Only',
      'Beta Wallet',
    ])
    // A stranger's name is text, never markup; only https links become links.
    expect(list.querySelector('img')).toBeNull()
    const hrefs = Array.from(list.querySelectorAll('a')).map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual(['https://alpha.example/get', 'https://beta.example/download'])
    for (const a of Array.from(list.querySelectorAll('a'))) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
      expect(a.getAttribute('target')).toBe('_blank')
    }
    const wc = modalRoot().querySelector<HTMLElement>('[data-testid="no-wallet-walletconnect"]')!
    expect(wc.textContent).toBe('Use a phone wallet with WalletConnect')
    // The scripted WalletConnect session may settle before a poll sees the Connecting view, so
    // every view the router passes through is recorded.
    const views: string[] = []
    const stop = t.portico.subscribe((s) => views.push(s.router.view))
    await click(wc)
    await waitFor(() => views.includes('ConnectingExternal'), 10_000)
    stop()
  }, 20_000)

  it('a failed directory call says so and offers Try again instead of an empty list', async () => {
    const gateway = await startGateway(async () => ({ data: [], next: null }))
    let fail = true
    gateway.on('GET /v1/wallets', async () =>
      fail
        ? { status: 503, body: { code: 'unavailable', message: 'directory down' } }
        : {
            body: {
              count: 1,
              data: [entry('alpha', 'Alpha Wallet', { webapp_link: 'https://alpha.example' })],
            },
          },
    )
    const t = await createTestPortico({ connectors: [], apiUrl: gateway.url })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    const alert = await waitFor(() => modalRoot().querySelector('[data-testid="recommended-error"]'), 10_000)
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toContain('Couldn’t load wallet suggestions')
    fail = false
    await click(byText(alert, 'button', 'Try again'))
    const list = await waitFor(() => modalRoot().querySelector('[data-testid="recommended-wallets"]'), 10_000)
    expect(list.textContent).toContain('Alpha Wallet')
  })

  it("without a directory: 'What is a wallet?' and each adapter's well-known wallets with https homepages, no server", async () => {
    const t = await createTestPortico({
      connectors: [],
      networks: [localNet, solanaNet],
      wellKnownWallets: {
        eip155: [
          { name: 'MetaMask', url: 'https://metamask.io/' },
          { name: 'Sneaky\u202eWallet', url: 'javascript:alert(1)' },
          { name: '<b>Rabby</b>', url: 'https://rabby.io/' },
        ],
        solana: [{ name: 'Phantom', url: 'https://phantom.com/' }],
      },
    })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    const box = await waitFor(() => modalRoot().querySelector('[data-testid="well-known-wallets"]'))
    expect(modalRoot().querySelector('[data-testid="recommended-wallets"]')).toBeNull()
    expect(box.querySelector('[data-testid="what-is-a-wallet"]')?.textContent).toBe(
      'A wallet is an app or a browser extension that keeps your keys and lets you sign in and approve transactions. Install one, then come back to this page.',
    )
    const evm = box.querySelector('[data-testid="well-known-eip155"]')!
    expect(evm.getAttribute('aria-label')).toBe('Wallets for Ethereum & EVM')
    // A javascript: link is dropped with its entry; a name with markup stays text.
    expect(Array.from(evm.querySelectorAll('.row-label')).map((e) => e.textContent)).toEqual([
      'MetaMask',
      '<b>Rabby</b>',
    ])
    expect(evm.querySelector('b')).toBeNull()
    const links = Array.from(box.querySelectorAll('a'))
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://metamask.io/',
      'https://rabby.io/',
      'https://phantom.com/',
    ])
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
      expect(a.getAttribute('target')).toBe('_blank')
    }
    expect(links[2]!.getAttribute('aria-label')).toBe('Install Phantom (opens a new tab)')
  })

  it('an installed wallet hides the suggestions', async () => {
    const t = await createTestPortico()
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    await waitFor(() => modalRoot().querySelector('[data-connector-id="dev"]'))
    expect(modalRoot().querySelector('[data-testid="no-wallet"]')).toBeNull()
  })
})
