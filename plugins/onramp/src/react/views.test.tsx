// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://localhost:3000/"}
import { connectedDevPortico } from '@portico/adapter-evm/testing'
import type { Portico } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { getOnramp } from '../controller/index.js'
import { onrampPlugin } from '../plugin.js'
import { payCheckout } from '../test-helpers/world.js'
import BuyInProgressView from './BuyInProgress.js'
import OnRampProvidersView from './OnRampProviders.js'
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const { devnet, gatewayUrl } = inject('onrampWorld')
const gateway = { url: gatewayUrl }

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

async function render(portico: Portico, ui: React.ReactNode) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root!: Root
  await act(async () => {
    root = createRoot(container)
    root.render(<PorticoProvider portico={portico}>{ui}</PorticoProvider>)
  })
  cleanups.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return container
}

async function until(fn: () => boolean, ms = 15_000) {
  const start = Date.now()
  while (!fn()) {
    if (Date.now() - start > ms) throw new Error('until: timed out')
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20))
    })
  }
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function world(key: number) {
  const portico = await connectedDevPortico({
    devnet,
    apiUrl: gateway.url,
    account: key,
    plugins: [onrampPlugin({ pollIntervalMs: 50 })],
  })
  cleanups.push(() => portico.destroy())
  return portico
}

describe('onramp views (real Portico, gateway and anvil)', () => {
  it('an amount under the 10.00 minimum shows "The minimum is 10.00 USD" and asks for no quote', async () => {
    const portico = await world(0)
    const view = await render(portico, <OnRampProvidersView />)
    await until(() => view.textContent?.includes('Between 10.00 and 7500.00 USD') ?? false)
    expect(view.querySelector('[data-testid="onramp-options-fallback"]')).toBeNull()
    const input = view.querySelector('input') as HTMLInputElement
    await type(input, '5')
    const quotes = vi.spyOn(getOnramp(portico)!, 'fetchQuotes')
    await act(async () => (view.querySelector('button[type=submit]') as HTMLButtonElement).click())
    expect(view.querySelector('[role=alert]')?.textContent).toBe('The minimum is 10.00 USD')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(quotes).not.toHaveBeenCalled()
  })

  it('50 USD: the sandbox quote is listed, the checkout opens on click, and the buy completes', async () => {
    const portico = await world(1)
    const view = await render(portico, <OnRampProvidersView />)
    await until(() => view.textContent?.includes('Between 10.00 and 7500.00 USD') ?? false)
    await type(view.querySelector('input') as HTMLInputElement, '50')
    await act(async () => (view.querySelector('button[type=submit]') as HTMLButtonElement).click())
    await until(() => view.querySelector('[data-provider="sandbox"]') !== null)
    const row = view.querySelector('[data-provider="sandbox"]') as HTMLButtonElement
    expect(row.textContent).toContain('You get 49.15 USDC · fees 0.85 USD')
    expect(row.textContent).not.toContain('Estimate')

    const popup = { location: { href: 'about:blank' }, opener: {}, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    await act(async () => row.click())
    expect(open).toHaveBeenCalledTimes(1)
    expect(portico.getState().router.view).toBe('BuyInProgress')
    const progress = await render(portico, <BuyInProgressView />)
    await until(() => popup.location.href.includes('/onramp/sandbox/checkout/'))
    expect(popup.opener).toBeNull()
    expect(progress.textContent).toContain('Buy in progress')
    expect(progress.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer')

    await payCheckout(popup.location.href, '4242 4242 4242 4242')
    await until(() => progress.textContent?.includes('Purchase complete') ?? false)
    // The delivery transaction is followed on anvil to the chain's own outcome: "arrived" only once it succeeded.
    await until(
      () =>
        progress.querySelector('[data-testid="onramp-receive"]')?.getAttribute('data-status') === 'succeeded',
    )
    expect(progress.textContent).toContain('49.15 USDC arrived in your wallet.')
    expect(progress.querySelector('[data-testid="onramp-receive"]')?.textContent).toBe(
      'Confirmed by the network',
    )
    const hash = getOnramp(portico)!.store.getState().order!.txHash!
    expect(portico.getState().outcomes?.[hash]?.status).toBe('succeeded')
  })

  it('a delivery the provider reports but the chain failed shows "Your crypto did not arrive" with the chain’s reason and Try again, never "arrived"; balances are read again', async () => {
    const portico = await world(3)
    // The chain's answer for the delivery, as an adapter reports a reverted transfer.
    const reason = 'ERC20InsufficientBalance(0x3C44…, 0, 49150000)'
    portico.waitForTransaction = async ({ hash }) => ({ status: 'failed', hash, reason: { message: reason } })
    let refreshes = 0
    const refresh = portico.refreshBalance.bind(portico)
    portico.refreshBalance = async (...args) => {
      refreshes++
      return refresh(...args)
    }
    const onramp = getOnramp(portico)!
    await onramp.loadOptions()
    onramp.setPaymentAmount('50')
    const popup = { location: { href: 'about:blank' }, close: vi.fn() }
    await onramp.buy('sandbox', popup)
    const progress = await render(portico, <BuyInProgressView />)
    await payCheckout(popup.location.href, '4242 4242 4242 4242')
    await until(
      () =>
        progress.querySelector('[data-testid="onramp-receive"]')?.getAttribute('data-status') === 'failed',
    )
    expect(progress.querySelector('[data-testid="onramp-receive-title"]')?.textContent).toBe(
      'Your crypto did not arrive',
    )
    expect(progress.querySelector('[data-testid="onramp-receive-reason"]')?.textContent).toBe(reason)
    expect(progress.textContent).not.toContain('arrived in your wallet')
    expect(refreshes).toBeGreaterThan(0)
    const retry = [...progress.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!
    await act(async () => retry.click())
    expect(portico.getState().router.view).toBe('OnRampProviders')
    expect(onramp.store.getState().order).toBeUndefined()
  })

  it('a declined card shows the decline and offers Try again', async () => {
    const portico = await world(2)
    const onramp = getOnramp(portico)!
    await onramp.loadOptions()
    onramp.setPaymentAmount('20')
    const popup = { location: { href: 'about:blank' }, close: vi.fn() }
    await onramp.buy('sandbox', popup)
    const progress = await render(portico, <BuyInProgressView />)
    await payCheckout(popup.location.href, '4000 0000 0000 0002')
    await until(() => progress.textContent?.includes('Purchase failed') ?? false)
    expect(progress.querySelector('[role=alert]')?.textContent).toBe('Your card was declined')
    expect([...progress.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Close', 'Try again'])
  })
})
