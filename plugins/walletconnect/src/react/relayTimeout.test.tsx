// @vitest-environment happy-dom
// No relay → no endless spinner: the real plugin (createPortico routing, real
// universal-provider, real sockets) against a closed loopback port, with a short
// configured relay time-out. Then a relay comes up on that port and "Try again"
// pairs with a fresh attempt.
// jsdom/happy-dom WebSockets break WalletConnect clients (LOCAL-WORLD.md): use `ws`.
import { anvil31337, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createMemoryStorage, createPortico, type Portico } from '@portico/core'
import {
  createMemoryKeyValueStorage,
  getFreePort,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import { act } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WALLETCONNECT_RELAY_TIMEOUT_MS, WalletConnectRelayTimeoutError } from '../connector/index.js'
import { getWalletConnectConnector, walletConnectPlugin } from '../plugin.js'
import { createViews, installNodeWebSocket, waitFor } from '../test-helpers/react.js'
import ConnectingWalletConnectView from './ConnectingWalletConnect.js'

installNodeWebSocket()

const RELAY_TIMEOUT_MS = 1000

const withDeadline = <T,>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<void>((r) => setTimeout(r, ms))])

describe('WalletConnect relay time-out (no relay → error with "Try again", not an endless spinner)', () => {
  const guard = watchOutboundConnections()
  let port: number
  let relay: WalletConnectRelay | undefined
  const { teardown, mount, cleanup } = createViews()

  beforeAll(async () => {
    port = await getFreePort() // closed: nothing listens here until the relay is started below
  })
  afterAll(async () => {
    await cleanup()
    await relay?.stop()
    guard.restore()
  })

  function makePortico(prefix: string): Portico {
    const portico = createPortico({
      adapters: [
        evmAdapter({ networks: [withRpcUrls(anvil31337, ['http://127.0.0.1:8545'])], discovery: false }),
      ],
      storage: createMemoryStorage(),
      isMobile: () => false,
      plugins: [
        walletConnectPlugin({
          relayUrl: `ws://127.0.0.1:${port}`,
          relayTimeoutMs: RELAY_TIMEOUT_MS,
          storage: createMemoryKeyValueStorage(),
          customStoragePrefix: prefix,
        }),
      ],
    })
    const connector = getWalletConnectConnector(portico)!
    teardown.push(async () => {
      // The provider may still be retrying its socket: give the close a bounded time.
      await withDeadline(connector.destroy(), 3000)
      portico.destroy()
    })
    return portico
  }

  const panel = (el: HTMLElement) => el.querySelector<HTMLElement>('[data-state]')
  const tryAgain = (el: HTMLElement) =>
    [...el.querySelectorAll('button')].find((b) => b.textContent === 'Try again')

  it('the default relay time-out is a named 10 s constant', () => {
    expect(WALLETCONNECT_RELAY_TIMEOUT_MS).toBe(10_000)
  })

  it('with the relay unreachable, the view stops spinning after the configured time-out and shows the error with "Try again"; retry starts a fresh attempt that pairs once the relay is up', async () => {
    const portico = makePortico('relay-timeout-view')
    const connector = getWalletConnectConnector(portico)!
    const errors: unknown[] = []
    portico.on('CONNECT_ERROR', (e) => errors.push(e))
    const started = Date.now()
    const el = await mount(portico, <ConnectingWalletConnectView />)
    expect(panel(el)?.dataset.state).toBe('loading')
    await waitFor(() => panel(el)?.dataset.state === 'error')
    const waited = Date.now() - started
    expect(waited).toBeGreaterThanOrEqual(RELAY_TIMEOUT_MS - 50)
    expect(waited).toBeLessThan(RELAY_TIMEOUT_MS + 4000)
    expect(el.querySelector('.error-title')?.textContent).toBe('Connection failed')
    expect(el.querySelector('.error-text')?.textContent).toBe('Could not reach the WalletConnect relay')
    expect(tryAgain(el)).toBeDefined()
    expect(connector.getState()).toMatchObject({ status: 'error', uri: undefined })
    expect(connector.getState().error).toBeInstanceOf(WalletConnectRelayTimeoutError)
    // The core's connection state machine saw the failure too.
    expect(portico.getState().accounts.eip155?.status ?? 'disconnected').toBe('disconnected')
    await waitFor(() => errors.length === 1)
    // portico.connect('walletConnect') rejected with the typed time-out error.
    const failure = errors[0] as { error: unknown; connectorId: string } | undefined
    expect(failure?.connectorId).toBe('walletConnect')
    expect((failure?.error as Error | undefined)?.message).toContain(
      'Could not reach the WalletConnect relay',
    )
    // Real sockets: the provider really tried the closed loopback port.
    expect(guard.destinations).toContain(`127.0.0.1:${port}`)

    // "Try again" while the relay is still down: a fresh attempt, which times out on its own.
    const retriedAt = Date.now()
    await act(async () => tryAgain(el)!.click())
    expect(panel(el)?.dataset.state).toBe('loading')
    await waitFor(() => panel(el)?.dataset.state === 'error')
    expect(Date.now() - retriedAt).toBeGreaterThanOrEqual(RELAY_TIMEOUT_MS - 50)

    // The relay comes up on that port. Once the provider's own reconnect loop (1–4 s back-off)
    // reached it, "Try again" shows a QR with a new pairing URI.
    relay = await startWalletConnectRelay({ port })
    await waitFor(() => relay!.connectionCount() > 0, 15_000)
    await waitFor(() => panel(el)?.dataset.state === 'error')
    await act(async () => tryAgain(el)!.click())
    await waitFor(() => !!el.querySelector('svg[data-qr-value]'), 15_000)
    const uri = el.querySelector('svg[data-qr-value]')!.getAttribute('data-qr-value')!
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(connector.getState()).toMatchObject({ status: 'pairing', uri, error: undefined })
    // A URI that arrived in time is not failed later by the time-out.
    await act(async () => {
      await new Promise((r) => setTimeout(r, RELAY_TIMEOUT_MS + 200))
    })
    expect(panel(el)?.dataset.state).toBe('ready')
  })

  it('no socket left 127.0.0.1', () => {
    expect(guard.nonLoopback()).toEqual([])
  })
})
