import { connectedDevPortico } from '@portico/adapter-evm/testing'
import type { Portico } from '@portico/core'
import { parseUnits } from 'viem'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { getOnramp } from './controller/index.js'
import { onrampPlugin } from './plugin.js'
import { startGateway } from './test-helpers/gateway.js'
import { payCheckout, usdcBalance } from './test-helpers/world.js'

const { devnet, gatewayUrl } = inject('onrampWorld')
const gateway = { url: gatewayUrl }

const started: Portico[] = []
afterEach(() => {
  for (const p of started.splice(0)) p.destroy()
})
async function world(key: number, url = gateway.url) {
  const portico = await connectedDevPortico({
    devnet,
    apiUrl: url,
    account: key,
    plugins: [onrampPlugin({ pollIntervalMs: 50 })],
  })
  started.push(portico)
  return { portico, onramp: getOnramp(portico)! }
}
const address = (key: number) => devnet.fixtures.accounts[key]!.address

/** A stand-in for the popup the view opens on click: it records where it is sent. */
function checkoutWindow() {
  return {
    location: { href: 'about:blank' },
    closed: false,
    close() {
      this.closed = true
    },
  }
}

/** Counts the onramp calls that reach the network. */
function countOnrampRequests() {
  const real = globalThis.fetch
  const seen: string[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/onramp') || url.includes('onrampurl')) seen.push(url)
    return real(input, init)
  })
  return { seen, restore: () => spy.mockRestore() }
}

describe('onrampPlugin on a real Portico, gateway and anvil', () => {
  it('registers its two views and a "Buy" account action, lazily (nothing loaded at setup)', async () => {
    const { portico } = await world(3)
    expect(portico.getAccountActions?.()).toContainEqual({
      id: 'onramp',
      label: 'Buy',
      // Translated labels for the shipped locales (issue 20), without loading the views.
      labels: { es: 'Comprar', zh: '购买', ja: '購入', ar: 'شراء' },
      view: 'OnRampProviders',
    })
    expect(typeof portico.getViewLoader?.('OnRampProviders')).toBe('function')
    expect(typeof portico.getViewLoader?.('BuyInProgress')).toBe('function')
  })

  it('onramp state resets to no provider, USDC and USD (SPEC §4), also when the modal closes', async () => {
    const { portico, onramp } = await world(3)
    const s0 = onramp.store.getState()
    expect([s0.selectedProvider, s0.purchaseCurrency, s0.paymentCurrency, s0.quotesLoading]).toEqual([
      null,
      'USDC',
      'USD',
      false,
    ])
    await onramp.loadOptions()
    onramp.setPaymentAmount('50')
    await onramp.fetchQuotes()
    onramp.selectProvider('sandbox')
    expect(onramp.store.getState().selectedProvider?.id).toBe('sandbox')
    await portico.open()
    portico.close()
    const s1 = onramp.store.getState()
    expect([s1.selectedProvider, s1.purchaseCurrency, s1.paymentCurrency, s1.paymentAmount]).toEqual([
      null,
      'USDC',
      'USD',
      undefined,
    ])
  })

  it('amounts outside 10.00–7500.00 (card) are refused before any request is made', async () => {
    const { onramp } = await world(3)
    await onramp.loadOptions()
    const net = countOnrampRequests()
    try {
      for (const [amount, message] of [
        ['9.99', 'The minimum is 10.00 USD'],
        ['7500.01', 'The maximum by card is 7500.00 USD'],
        ['', 'Enter an amount'],
      ] as const) {
        onramp.setPaymentAmount(amount)
        await onramp.fetchQuotes()
        expect(onramp.store.getState().error).toBe(message)
        await onramp.buy('sandbox', checkoutWindow())
        expect(onramp.store.getState().order).toBeUndefined()
      }
      expect(net.seen).toEqual([])
    } finally {
      net.restore()
    }
  })

  it('buys 50 USD of USDC with the sandbox: quote → checkout → confirm → the wallet receives 49.15 USDC', async () => {
    const { onramp } = await world(4)
    const before = await usdcBalance(devnet, address(4))
    await onramp.loadOptions()
    expect(onramp.store.getState()).toMatchObject({
      optionsFallback: false,
      providers: [{ id: 'sandbox', name: 'Sandbox' }],
    })
    onramp.setPaymentAmount('50')
    const loading = onramp.fetchQuotes()
    expect(onramp.store.getState().quotesLoading).toBe(true)
    await loading
    const [sandbox] = onramp.store.getState().providers
    expect(sandbox?.estimate).toBe(false)
    expect(sandbox?.quote).toMatchObject({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '49.15', currency: 'USDC' },
    })

    const win = checkoutWindow()
    await onramp.buy('sandbox', win)
    const order = onramp.store.getState().order!
    expect(order.status).toBe('pending')
    expect(win.location.href).toBe(`${gateway.url}/onramp/sandbox/checkout/${order.orderId}`)

    await payCheckout(win.location.href, '4242 4242 4242 4242')
    await vi.waitFor(() => expect(onramp.store.getState().order?.status).toBe('completed'), {
      timeout: 15_000,
    })
    expect(onramp.store.getState().order?.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await usdcBalance(devnet, address(4))).toBe(before + parseUnits('49.15', 6))
  })

  it('the decline test card ends the buy as failed with the decline message', async () => {
    const { onramp } = await world(5)
    const before = await usdcBalance(devnet, address(5))
    await onramp.loadOptions()
    onramp.setPaymentAmount('20')
    await onramp.fetchQuotes()
    const win = checkoutWindow()
    await onramp.buy('sandbox', win)
    await payCheckout(win.location.href, '4000 0000 0000 0002')
    await vi.waitFor(() => expect(onramp.store.getState().order?.status).toBe('failed'))
    expect(onramp.store.getState().order?.failureReason).toBe('Your card was declined')
    expect(await usdcBalance(devnet, address(5))).toBe(before)
  })

  it('a blocked popup leaves the checkout link to open by hand', async () => {
    const { onramp } = await world(3)
    await onramp.loadOptions()
    onramp.setPaymentAmount('15')
    await onramp.buy('sandbox', null)
    expect(onramp.store.getState().order).toMatchObject({ status: 'pending', blocked: true })
    expect(onramp.store.getState().order?.url).toMatch(/\/onramp\/sandbox\/checkout\/ord_[0-9a-f]{32}$/)
  })

  it('a gateway without onramp gives the labelled defaults (SPEC §8), and no provider to buy from', async () => {
    const bare = await startGateway(devnet, {})
    try {
      const { onramp } = await world(3, bare.url)
      await onramp.loadOptions()
      const s = onramp.store.getState()
      expect(s.optionsFallback).toBe(true)
      expect(s.error).toBe('Onramp options could not be loaded: showing the default currencies and limits')
      expect(s.options?.paymentCurrencies[0]?.payment_method_limits[0]).toEqual({
        id: 'card',
        min: '10.00',
        max: '7500.00',
      })
      onramp.setPaymentAmount('50')
      await onramp.fetchQuotes()
      expect(onramp.store.getState().error).toBe('No onramp provider is available right now')
    } finally {
      await bare.gateway.close()
    }
  })

  it('a failed quote call shows the SPEC §8 mock quote as an estimate, never as a price', async () => {
    const { onramp } = await world(3)
    await onramp.loadOptions()
    onramp.setPaymentAmount('50')
    const net = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/onramp/quote'))
        return new Response('{"code":"x","message":"down"}', { status: 503 })
      return fetch(input, init)
    })
    try {
      await onramp.fetchQuotes()
    } finally {
      net.mockRestore()
    }
    const [p] = onramp.store.getState().providers
    expect(p?.estimate).toBe(true)
    expect(p?.quote?.purchaseAmount).toEqual({ amount: '50', currency: 'USDC' })
    expect(onramp.store.getState().purchaseAmount).toBeUndefined()
  })
})
