// Issue 21 "Server-rendered React": with cookie storage the server draws the
// account the browser is about to restore, and the browser hydrates that HTML
// with no mismatch before its own restore completes. The "server" instance
// reads the request's Cookie header; the browser's reads document.cookie.
import { createCookieStorage, createPortico, type Portico } from '@portico/core'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { account, createFakeAdapter, createRecordingLogger } from '../../core/src/test-helpers/index.js'
import { ConnectButton, NetworkButton, PorticoModal, PorticoProvider } from './index.js'
import { localNet, localNet2 } from './test-helpers/portico.js'

/** The address core's scripted adapter connects (and, here, restores). */
const CONNECTED = '0xabc0000000000000000000000000000000000001'

const instances: Portico[] = []
let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  for (const p of instances.splice(0)) p.destroy()
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim()
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookies cookie storage wrote.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function make(storage: ReturnType<typeof createCookieStorage>, options: { reconnectOnLoad?: boolean } = {}) {
  const adapter = createFakeAdapter({ connectors: ['dev.wallet'], networks: [localNet, localNet2] })
  adapter.getAccountsImpl = async () => ({
    accounts: [account('eip155', CONNECTED, 'eip155:31338')],
    caipNetworkId: 'eip155:31338',
  })
  const portico = createPortico({ adapters: [adapter], storage, logger: createRecordingLogger(), ...options })
  instances.push(portico)
  return portico
}

const app = (portico: Portico) => (
  <PorticoProvider portico={portico}>
    <ConnectButton />
    <NetworkButton />
    <PorticoModal />
  </PorticoProvider>
)

describe('cookie storage: the server renders the connected account, the browser hydrates it', () => {
  it('connect writes the cookies; a server render from that Cookie header shows the address on its network; hydration matches', async () => {
    // 1. A visit: the visitor connects; cookie storage writes document.cookie.
    const first = make(createCookieStorage())
    await first.connect('dev.wallet')
    await first.switchNetwork('eip155:31338')
    expect(first.getState().accounts.eip155?.status).toBe('connected')
    const address = first.getState().accounts.eip155!.address!
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`
    const cookieHeader = document.cookie
    expect(cookieHeader).toContain('portico%3ArecentAccounts=')
    first.destroy()

    // 2. The reload's server render: the Cookie header only, no restore (no wallet on a server).
    const server = make(createCookieStorage({ cookieHeader, document: { cookie: cookieHeader } }), {
      reconnectOnLoad: false,
    })
    const html = renderToString(app(server))
    expect(html).toContain('data-portico-button="account"')
    expect(html).toContain(short)
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Portico Devnet B')
    expect(html).not.toContain('Connect Wallet')

    // 3. The browser: the same cookies through document.cookie; hydration must not find a difference.
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const errors = vi.spyOn(console, 'error')
    const recoverable: unknown[] = []
    const browser = make(createCookieStorage())
    await act(async () => {
      root = hydrateRoot(container, app(browser), { onRecoverableError: (e) => recoverable.push(e) })
    })
    expect(recoverable).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    // 4. The restore completes: connected, same address, not busy.
    await act(async () => browser.ready)
    expect(browser.getState().accounts.eip155?.status).toBe('connected')
    const button = container.querySelector('[data-portico-button="account"]')!
    expect(button.textContent).toContain(short)
    expect(button.hasAttribute('aria-busy')).toBe(false)
  })

  it('without the cookies the server renders "Connect Wallet", and a disconnect clears the account cookie', async () => {
    const server = make(createCookieStorage({ cookieHeader: '', document: { cookie: '' } }), {
      reconnectOnLoad: false,
    })
    expect(renderToString(app(server))).toContain('Connect Wallet')

    const browser = make(createCookieStorage())
    await browser.connect('dev.wallet')
    expect(document.cookie).toContain('portico%3ArecentAccounts=')
    await browser.disconnect()
    // Expired with Max-Age=0 (happy-dom may list it empty for the rest of the millisecond;
    // the Chromium e2e checks it is gone). Either way nothing is left to read.
    expect(document.cookie).not.toMatch(/portico%3ArecentAccounts=[^;]/)
    expect(createCookieStorage().get('recentAccounts')).toBeUndefined()
  })
})
