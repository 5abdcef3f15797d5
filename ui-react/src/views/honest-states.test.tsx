// Issue 22, "States that lie or hide": each state the visitor sees is the true one.
import { BALANCE_RETRY_BLOCK_MS, type TokenHolding } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoModal } from '../modal/index.js'
import { createTestPortico, localNet, type TestPorticoOptions, WalletError } from '../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
  Reflect.deleteProperty(navigator, 'clipboard')
})

function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const usdc: TokenHolding = {
  token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  value: 1_234_567_891n,
  formatted: '1234.567',
}

async function openAccount(opts: TestPorticoOptions) {
  const t = await createTestPortico(opts)
  await t.connect()
  rendered = await render(t.portico, <PorticoModal />)
  await act(async () => t.portico.open())
  const view = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  return { t, view }
}

describe('Tokens tab', () => {
  it('a failed token read shows "Token Balance Unavailable" (SPEC §8), never "No tokens yet"; retry waits out the 30 s block and then reads again', async () => {
    let fail = true
    const { t, view } = await openAccount({
      wallet: {
        tokenBalances: async () => {
          if (fail) throw new Error('rpc down')
          return [usdc]
        },
      },
    })
    const panel = view.querySelector('[role="tabpanel"]')!
    const alert = await waitFor(() => panel.querySelector('[data-testid="token-error"]'))
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toContain('Token Balance Unavailable')
    expect(panel.textContent).not.toContain('No tokens yet')
    const retry = alert.querySelector('button')!
    // BALANCE_RETRY_BLOCK_MS after a failure: the button says how long, instead of doing nothing.
    expect(BALANCE_RETRY_BLOCK_MS).toBe(30_000)
    expect(retry.disabled).toBe(true)
    expect(retry.textContent).toMatch(/Try again in (29|30) s/)
    // The block has passed (a plugin can write lastRetry, as core does).
    fail = false
    await act(async () => t.updateAccount({ lastRetry: Date.now() - BALANCE_RETRY_BLOCK_MS - 1 }))
    const enabled = await waitFor(() => {
      const b = panel.querySelector<HTMLButtonElement>('[data-testid="token-error"] button')
      return b && !b.disabled ? b : undefined
    })
    expect(enabled.textContent).toBe('Try again')
    await click(enabled)
    const list = await waitFor(() => panel.querySelector('[data-testid="token-list"]'))
    expect(list.textContent).toContain('1234.567 USDC')
    expect(panel.querySelector('[data-testid="token-error"]')).toBeNull()
  })

  it('shows a loading state while the first balance read runs, not "No tokens yet"', async () => {
    const gate = deferred()
    const t = await createTestPortico({
      wallet: { balance: () => gate.promise, tokenBalances: async () => [] },
    })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.connect('dev'))
    await act(async () => t.portico.open())
    const panel = await waitFor(() => modalRoot().querySelector('[data-view="Account"] [role="tabpanel"]'))
    const loading = await waitFor(() => panel.querySelector('[data-testid="tokens-loading"]'))
    expect(loading.textContent).toBe('Loading tokens…')
    expect(panel.textContent).not.toContain('No tokens yet')
    await act(async () => gate.resolve())
    await waitFor(() => panel.querySelector('[data-testid="token-list"]'))
    expect(panel.querySelector('[data-testid="tokens-loading"]')).toBeNull()
  })
})

describe('Copy address', () => {
  it('"Copied" appears only after the clipboard write resolved', async () => {
    const write = deferred()
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: (text: string) => {
          written.push(text)
          return write.promise
        },
      },
    })
    const { view } = await openAccount({})
    const button = byText(view, 'button', 'Copy address')!
    await click(button)
    expect(written).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(button.textContent).not.toContain('Copied')
    await act(async () => write.resolve())
    await waitFor(() => button.textContent?.includes('Copied'))
  })

  it('a refused clipboard write says the copy failed instead of "Copied"', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () =>
          Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      },
    })
    const { view } = await openAccount({})
    const button = byText(view, 'button', 'Copy address')!
    await click(button)
    await waitFor(() => button.textContent?.includes('Couldn’t copy the address'))
    expect(button.textContent).not.toContain('Copied')
    expect(button.getAttribute('aria-label')).toBe('Couldn’t copy the address')
  })
})

describe('Network switch', () => {
  it('a failed switch (4902 refused) goes back one view (SPEC §2) and the Networks view shows the error', async () => {
    const { t } = await openAccount({
      wallet: {
        switchNetwork: async () => {
          throw new WalletError('Unrecognized chain ID "0x7a6a".', 4902)
        },
      },
    })
    await act(async () => t.portico.router.push('Networks'))
    await click(await waitFor(() => modalRoot().querySelector('[data-network-id="eip155:31338"]')))
    const alert = await waitFor(() =>
      modalRoot().querySelector('[data-view="Networks"] [data-testid="switch-error"]'),
    )
    expect(t.portico.getState().router.history.map((e) => e.view)).toEqual(['Account', 'Networks'])
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toContain('Couldn’t switch to Portico Devnet B')
    expect(t.portico.getState().networks.active.eip155).toBe(localNet.caipNetworkId)
  })

  it("a failed native balance read after a chain switch does not leave the previous chain's balance on screen: it says 'Balance unavailable', and Try again reads it", async () => {
    let down = true
    const { t, view } = await openAccount({
      wallet: {
        balance: async (id) => {
          if (id === 'eip155:31338' && down) throw new Error('rpc down')
        },
      },
    })
    const balance = view.querySelector('[data-testid="account-balance"]')!
    expect(balance.textContent).toBe('10000.123 ETH')
    await act(async () => t.portico.switchNetwork('eip155:31338'))
    await act(async () => t.portico.refreshBalance())
    await waitFor(() => t.portico.getState().accounts.eip155?.balanceLoading === false)
    const shown = modalRoot().querySelector('[data-testid="account-balance"]')?.textContent ?? ''
    expect(shown).not.toContain('10000.123')
    expect(shown).toBe('Balance unavailable')
    expect(t.portico.getState().accounts.eip155?.balance).toBeUndefined()
    expect(t.portico.getState().accounts.eip155?.balanceError).toBe('rpc down')
    down = false
    await click(await waitFor(() => modalRoot().querySelector('[data-testid="account-balance-retry"]')))
    await waitFor(() => t.portico.getState().accounts.eip155?.balance !== undefined)
    expect(modalRoot().querySelector('[data-testid="account-balance"]')?.textContent).toMatch(/ ETH$/)
    expect(modalRoot().querySelector('[data-testid="account-balance-retry"]')).toBeNull()
    expect(t.portico.getState().accounts.eip155?.balanceError).toBeUndefined()
  })
})

describe('Cancel during connect', () => {
  it('Cancel really cancels: a late wallet approval does not connect', async () => {
    const approval = deferred()
    const t = await createTestPortico({ wallet: { connect: () => approval.promise } })
    rendered = await render(t.portico, <PorticoModal />)
    await act(async () => t.portico.open())
    await click(await waitFor(() => modalRoot().querySelector('[data-connector-id="dev"]')))
    const view = await waitFor(() => modalRoot().querySelector('[data-view="ConnectingExternal"]'))
    await click(byText(view, 'button', 'Cancel'))
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    expect(t.portico.getState().accounts.eip155?.status).toBe('disconnected')
    await act(async () => approval.resolve())
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(t.portico.getState().accounts.eip155?.status).toBe('disconnected')
    expect(t.portico.getState().accounts.eip155?.address).toBeUndefined()
    expect(modalRoot().querySelector('[data-view="Connect"]')).not.toBeNull()
    expect(t.adapters.eip155?.calls.some((c) => c.method === 'disconnect')).toBe(true)
  })
})
