import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PaymentSession, Portico, TransactionOutcome } from '../../contracts/index.js'
import { createPortico } from '../../portico/index.js'
import { createMemoryStorage } from '../../storage/index.js'
import { createFakeAdapter, createRecordingLogger, fakeNetwork } from '../../test-helpers/index.js'
import { InvalidPaymentRequestError } from '../errors.js'
import { binancePayExchange } from './binance.js'
import { coinbasePayExchange } from './coinbase.js'
import { sandboxPayExchange } from './sandbox.js'

const SHOP = '0xdef0000000000000000000000000000000000002'
const payment: PaymentSession = {
  id: 'pay-1',
  request: { recipient: SHOP, amount: '12.5', asset: 'native', network: 'eip155:8453', reference: 'order-7' },
  namespace: 'eip155',
  networkName: 'Base',
  asset: { symbol: 'USDC', decimals: 6, token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
  units: 12_500_000n,
  requester: { origin: 'https://shop.example', name: 'Shop' },
  status: 'review',
}

let server: Server | undefined
let current: Portico | undefined
afterEach(async () => {
  current?.destroy()
  current = undefined
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()))
  server = undefined
})

/** A loopback stand-in for the sandbox exchange: answers each POST with `answer`, recording the bodies. */
async function sandbox(answer: (body: unknown) => { status: number; json: unknown }) {
  const bodies: unknown[] = []
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = JSON.parse(raw)
      bodies.push(body)
      const a = answer(body)
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json))
    })
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay`, bodies }
}

describe('exchange providers build the exchange’s documented URL, off unless configured', () => {
  it('Coinbase: pay.coinbase.com one-click URL in the "send" experience with the back end’s session token, network, asset and exact amount', async () => {
    const provider = coinbasePayExchange({
      networks: { 'eip155:8453': 'base' },
      sessionToken: async () => 'tok-1',
    })
    expect(provider.supports(payment)).toBe(true)
    expect(provider.supports({ ...payment, request: { ...payment.request, network: 'eip155:1' } })).toBe(
      false,
    )
    const started = await provider.start({ payment })
    expect(started.kind).toBe('redirect')
    const url = new URL((started as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sessionToken: 'tok-1',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetCryptoAmount: '12.5',
      defaultExperience: 'send',
    })
  })

  it('Binance: the pre-order the back end signs carries the documented fields; only a binance.com redirect is accepted', async () => {
    const orders: unknown[] = []
    const provider = binancePayExchange({
      networks: { 'eip155:8453': 'BASE' },
      preOrder: async (order) => {
        orders.push(order)
        return { redirectUrl: 'https://app.binance.com/en/pay/checkout?id=1' }
      },
    })
    await expect(provider.start({ payment })).resolves.toEqual({
      kind: 'redirect',
      url: 'https://app.binance.com/en/pay/checkout?id=1',
    })
    expect(orders[0]).toEqual({
      externalOrderId: 'order-7',
      cryptoCurrency: 'USDC',
      requestedAmount: '12.5',
      address: SHOP,
      network: 'BASE',
      customization: { SEND_PRIMARY: true },
    })
    const hostile = binancePayExchange({
      networks: { 'eip155:8453': 'BASE' },
      preOrder: async () => ({ redirectUrl: 'https://binance.com.evil.example/pay' }),
    })
    await expect(hostile.start({ payment })).rejects.toBeInstanceOf(InvalidPaymentRequestError)
  })

  it('the sandbox provider posts the payment over real HTTP; an answer that is neither a hash nor a same-host page is refused', async () => {
    const s = await sandbox(() => ({ status: 200, json: { url: 'https://elsewhere.example/login' } }))
    const provider = sandboxPayExchange({ url: s.url })
    await expect(provider.start({ payment })).rejects.toBeInstanceOf(InvalidPaymentRequestError)
    expect(s.bodies[0]).toEqual({
      recipient: SHOP,
      amount: '12.5',
      asset: 'native',
      network: 'eip155:8453',
      reference: 'order-7',
    })
  })
})

describe('portico.payment.payWithExchange: the exchange’s transaction is followed on the chain', () => {
  it('a sandbox that sent from its treasury: the call resolves with its hash only once the chain says it succeeded', async () => {
    const hash = `0x${'a'.repeat(64)}`
    const s = await sandbox(() => ({ status: 200, json: { hash } }))
    const net = fakeNetwork('eip155', 1)
    const adapter = createFakeAdapter({ networks: [net] })
    adapter.transferRequest = async ({ to, amount }) => ({ to, value: amount }) as never
    const outcomes: ((o: TransactionOutcome) => void)[] = []
    adapter.waitForTransaction = async () => await new Promise<TransactionOutcome>((r) => outcomes.push(r))
    current = createPortico({
      adapters: [adapter],
      storage: createMemoryStorage(),
      logger: createRecordingLogger(),
      pay: { exchanges: [sandboxPayExchange({ url: s.url })] },
    })
    const paid = current.pay({ recipient: SHOP, amount: '1', asset: 'native', network: net.caipNetworkId })
    await vi.waitFor(() => expect(current!.getState().payment).toBeDefined())
    expect(current.payment.exchanges().map((e) => e.id)).toEqual(['sandbox'])
    await current.payment.payWithExchange('sandbox')
    expect(current.getState().payment).toMatchObject({ status: 'following', hash })
    await vi.waitFor(() => expect(outcomes).toHaveLength(1))
    outcomes[0]!({ status: 'succeeded', hash })
    await expect(paid).resolves.toBe(hash)
  })
})
