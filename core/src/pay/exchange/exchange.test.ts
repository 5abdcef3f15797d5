import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PaymentSession, Portico, TransactionOutcome } from '../../contracts/index.js'
import { GatewayResponseInvalidError, HttpRequestError } from '../../errors/index.js'
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

/**
 * A loopback stand-in for the sandbox exchange's two calls (docs/pay.md):
 * the login answers a token, the payment answers `pay(body)`; every request
 * is recorded with its path and authorization. The real sandbox on anvil is
 * exercised in devnet/src/exchange/exchange.test.ts.
 */
async function sandbox(pay: (body: unknown) => { status: number; json: unknown }) {
  const requests: { path: string; auth: string | undefined; body: unknown }[] = []
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = JSON.parse(raw)
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body })
      const a =
        req.url === '/v1/exchange/sessions'
          ? { status: 201, json: { token: 'session-1', user: 'visitor', expiresAt: 0 } }
          : pay(body)
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json))
    })
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
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

  it('the sandbox provider logs in, then asks the sandbox to pay with the payment’s reference; an answer with no transaction hash is refused', async () => {
    const s = await sandbox(() => ({ status: 201, json: { id: 'x', status: 'sent' } }))
    const provider = sandboxPayExchange({ url: s.url })
    await expect(provider.start({ payment })).rejects.toBeInstanceOf(GatewayResponseInvalidError)
    expect(s.requests[0]).toMatchObject({
      path: '/v1/exchange/sessions',
      body: { username: 'visitor', password: 'devnet' },
    })
    expect(s.requests[1]).toEqual({
      path: '/v1/exchange/payments',
      auth: 'Bearer session-1',
      body: {
        recipient: SHOP,
        amount: '12.5',
        asset: 'native',
        network: 'eip155:8453',
        reference: 'order-7',
      },
    })
  })

  it('the sandbox provider passes the sandbox’s refusal on as a typed HTTP error with its code, and runs on loopback only', async () => {
    const s = await sandbox(() => ({
      status: 400,
      json: { code: 'network_not_supported', message: 'The sandbox exchange pays on devnet chains only' },
    }))
    const refused = await sandboxPayExchange({ url: s.url })
      .start({ payment })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(HttpRequestError)
    expect((refused as HttpRequestError).body?.code).toBe('network_not_supported')
    expect(() => sandboxPayExchange({ url: 'https://exchange.example' })).toThrow(InvalidPaymentRequestError)
  })
})

describe('portico.payment.payWithExchange: the exchange’s transaction is followed on the chain', () => {
  it('a sandbox that sent from its treasury: the call resolves with its hash only once the chain says it succeeded', async () => {
    const hash = `0x${'a'.repeat(64)}`
    const s = await sandbox(() => ({ status: 201, json: { id: 'p1', txHash: hash, status: 'sent' } }))
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
    // The first call loads the actions module (portico/actions.ts): allow for it on a busy machine.
    await vi.waitFor(() => expect(current!.getState().payment).toBeDefined(), { timeout: 4_000 })
    expect(current.payment.exchanges().map((e) => e.id)).toEqual(['sandbox'])
    await current.payment.payWithExchange('sandbox')
    expect(current.getState().payment).toMatchObject({ status: 'following', hash })
    await vi.waitFor(() => expect(outcomes).toHaveLength(1))
    outcomes[0]!({ status: 'succeeded', hash })
    await expect(paid).resolves.toBe(hash)
  })
})
