import { createHmac, generateKeyPairSync, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpBlockchainApi } from '@portico/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { signMoonPayUrl } from './providers/moonpay.js'

// Local stand-ins for the providers' APIs, on 127.0.0.1: they check what a
// real provider checks (auth headers, signatures) and answer in the shapes
// the providers document. Nothing here leaves the machine.

const q = 'st=portico-test&sv=0.1.0&projectId=local'
const WALLET = '0x52908400098527886e0f7030069857d2e4169ee7'

interface Seen {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: Record<string, unknown> | undefined
}
type Handler = (req: Seen) => { status?: number; body: unknown }

async function fakeApi(routes: Record<string, Handler>) {
  const seen: Seen[] = []
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const s: Seen = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    }
    seen.push(s)
    const handler = routes[`${s.method} ${s.path}`]
    const out = handler ? handler(s) : { status: 404, body: { error: 'no route' } }
    res.writeHead(out.status ?? 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(out.body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const quoteBody = (extra: Record<string, unknown> = {}) => ({
  json: { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', ...extra },
})
const urlBody = (provider: string) => ({
  json: {
    destinationWallets: [{ address: WALLET, blockchains: ['base'], assets: ['USDC'] }],
    defaultNetwork: 'base',
    partnerUserId: 'visitor-1',
    defaultExperience: 'buy',
    presetFiatAmount: 100,
    provider,
  },
})

describe('Coinbase Onramp builder (ES256 CDP JWT, session token → Coinbase Pay URL)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const keyName = 'organizations/org-1/apiKeys/key-1'
  let api: Awaited<ReturnType<typeof fakeApi>>
  let t: TestGateway

  /** What Coinbase checks: an ES256 JWT by this key, for this method + host + path, not expired. */
  const authorized = (s: Seen) => {
    const token = String(s.headers.authorization ?? '').replace(/^Bearer /, '')
    const [h, p, sig] = token.split('.')
    if (!h || !p || !sig) return false
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    )
    const header = JSON.parse(Buffer.from(h, 'base64url').toString())
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
    const host = new URL(api.url).host
    return (
      ok &&
      header.alg === 'ES256' &&
      header.kid === keyName &&
      claims.sub === keyName &&
      claims.iss === 'cdp' &&
      claims.exp - claims.nbf === 120 &&
      claims.exp > Date.now() / 1000 &&
      claims.uri === `${s.method} ${host}${s.path}`
    )
  }
  const guarded =
    (h: Handler): Handler =>
    (s) =>
      authorized(s) ? h(s) : { status: 401, body: { message: 'Unauthorized' } }

  beforeAll(async () => {
    api = await fakeApi({
      'GET /onramp/v1/buy/options': guarded(() => ({
        body: {
          payment_currencies: [
            {
              id: 'USD',
              limits: [
                { id: 'CARD', min: '10', max: '7500' },
                { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
              ],
            },
          ],
          purchase_currencies: [
            {
              id: '2b92315d-eab7-5bef-84fa-089a131333f5',
              name: 'USD Coin',
              symbol: 'USDC',
              networks: [
                {
                  name: 'base',
                  display_name: 'Base',
                  chain_id: '8453',
                  contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
                },
              ],
            },
          ],
        },
      })),
      'POST /onramp/v1/buy/quote': guarded((s) => ({
        body: {
          payment_total: { value: String(s.body?.payment_amount), currency: 'USD' },
          payment_subtotal: { value: '97.01', currency: 'USD' },
          purchase_amount: { value: '97.01', currency: 'USDC' },
          coinbase_fee: { value: '2.49', currency: 'USD' },
          network_fee: { value: '0.50', currency: 'USD' },
          quote_id: 'cb-quote-1',
        },
      })),
      'POST /onramp/v1/token': guarded(() => ({ body: { token: 'ZWJjZGVmZ2g=', channel_id: '' } })),
    })
    t = await startTestGateway('sqlite', {
      onramp: { coinbase: { apiKeyName: keyName, apiKeyPrivateKey: pem, apiUrl: api.url } },
    })
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it('options come from /onramp/v1/buy/options, with limit ids in SPEC §5 form', async () => {
    const r = await call(`${t.url}/v1/onramp/options?${q}&provider=coinbase`)
    expect(r.status).toBe(200)
    expect(r.body.providers).toEqual([{ id: 'coinbase', name: 'Coinbase' }])
    expect(r.body.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10', max: '7500' },
      { id: 'ach_bank_account', min: '10', max: '25000' },
    ])
    expect(r.body.purchaseCurrencies[0].networks[0].chain_id).toBe('8453')
  })

  it('quotes through /onramp/v1/buy/quote with the mapped payment method', async () => {
    const r = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody({ network: 'base' }))
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      coinbaseFee: { amount: '2.49', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '97.01', currency: 'USD' },
      paymentTotal: { amount: '100', currency: 'USD' },
      purchaseAmount: { amount: '97.01', currency: 'USDC' },
      quoteId: 'cb-quote-1',
      provider: 'coinbase',
    })
    const sent = api.seen.find((s) => s.path === '/onramp/v1/buy/quote')!
    expect(sent.body).toMatchObject({
      purchase_currency: 'USDC',
      purchase_network: 'base',
      payment_amount: '100',
      payment_currency: 'USD',
      payment_method: 'CARD',
    })
  })

  it('the URL is Coinbase Pay with a server-side session token (the key never reaches the browser)', async () => {
    const r = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('coinbase'))
    expect(r.status).toBe(200)
    const url = new URL(r.body.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.coinbase.com/buy/select-asset')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      sessionToken: 'ZWJjZGVmZ2g=',
      defaultNetwork: 'base',
      defaultExperience: 'buy',
      presetFiatAmount: '100.00',
      // The order id: Coinbase echoes it in its webhooks and its Transaction Status API files it under it.
      partnerUserRef: r.body.orderId,
    })
    expect(r.body.url).not.toContain('BEGIN')
    const session = api.seen.find((s) => s.path === '/onramp/v1/token')!
    expect(session.body).toEqual({
      addresses: [{ address: WALLET, blockchains: ['base'] }],
      assets: ['USDC'],
    })
  })

  it('limits are checked before the provider is asked', async () => {
    const before = api.seen.length
    const r = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody({ amount: '5' }))
    expect(r.body.message).toBe('The minimum for card is 10.00 USD')
    expect(api.seen.length).toBe(before)
  })
})

describe('MoonPay builder (widget URL signed with HMAC-SHA256 of the query)', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>
  let t: TestGateway
  beforeAll(async () => {
    api = await fakeApi({
      'GET /v3/currencies': (s) =>
        s.query.get('apiKey') === 'pk_test_key'
          ? {
              body: [
                { type: 'fiat', code: 'usd', name: 'US Dollar', minBuyAmount: 20, maxBuyAmount: 12000 },
                {
                  type: 'crypto',
                  code: 'usdc_base',
                  name: 'USD Coin (Base)',
                  isSuspended: false,
                  metadata: {
                    contractAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
                    chainId: '8453',
                    networkCode: 'base',
                  },
                },
              ],
            }
          : { status: 401, body: {} },
      'GET /v3/currencies/usdc/buy_quote': (s) => ({
        body: {
          baseCurrencyAmount: 95.51,
          quoteCurrencyAmount: 95.4,
          feeAmount: 3.99,
          extraFeeAmount: 0,
          networkFeeAmount: 0.5,
          totalAmount: Number(s.query.get('baseCurrencyAmount')),
        },
      }),
    })
    t = await startTestGateway('sqlite', {
      onramp: { moonpay: { apiKey: 'pk_test_key', secretKey: 'sk_test_key', apiUrl: api.url } },
    })
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it('signs the documented example URL: base64 HMAC-SHA256 of "?apiKey=…" appended last, URL-encoded', () => {
    const original =
      'https://buy-sandbox.moonpay.com?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
    const signed = signMoonPayUrl(original, 'sk_test_key')
    const expected = createHmac('sha256', 'sk_test_key')
      .update('?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae')
      .digest('base64')
    expect(signed).toBe(`${original}&signature=${encodeURIComponent(expected)}`)
  })

  it('options map MoonPay currencies, and its card limits replace the configured ones', async () => {
    const r = await call(`${t.url}/v1/onramp/options?${q}&provider=moonpay`)
    expect(r.status).toBe(200)
    expect(r.body.purchaseCurrencies[0]).toMatchObject({ id: 'usdc_base', symbol: 'USDC' })
    expect(r.body.paymentCurrencies[0].payment_method_limits[0]).toEqual({
      id: 'card',
      min: '20',
      max: '12000',
    })
  })

  it('quotes map fees to the SPEC §3 quote; the URL carries wallet, amount and a valid signature', async () => {
    const quote = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody())
    expect(quote.body).toMatchObject({
      coinbaseFee: { amount: '3.99', currency: 'USD' },
      networkFee: { amount: '0.5', currency: 'USD' },
      paymentTotal: { amount: '100', currency: 'USD' },
      purchaseAmount: { amount: '95.4', currency: 'USDC' },
      provider: 'moonpay',
    })
    const sent = api.seen.find((s) => s.path === '/v3/currencies/usdc/buy_quote')!
    expect(sent.query.get('paymentMethod')).toBe('credit_debit_card')

    const r = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('moonpay'))
    const url = new URL(r.body.url)
    expect(url.origin).toBe('https://buy.moonpay.com')
    expect(url.searchParams.get('walletAddress')).toBe(WALLET)
    expect(url.searchParams.get('baseCurrencyAmount')).toBe('100.00')
    expect(url.searchParams.get('externalTransactionId')).toBe(r.body.orderId)
    const [unsigned, signature] = r.body.url.split('&signature=')
    const mac = createHmac('sha256', 'sk_test_key').update(new URL(unsigned).search).digest('base64')
    expect(decodeURIComponent(signature)).toBe(mac)
  })
})

describe('Transak builder (partner access token → server-side widget session)', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>
  let t: TestGateway
  let widgetHost = ''
  beforeAll(async () => {
    api = await fakeApi({
      'POST /partners/api/v2/refresh-token': (s) =>
        s.headers['api-secret'] === 'transak-secret' && s.body?.apiKey === 'transak-key'
          ? { body: { data: { accessToken: 'access-1', expiresAt: Math.floor(Date.now() / 1000) + 3600 } } }
          : { status: 401, body: {} },
      'GET /api/v2/currencies/crypto-currencies': () => ({
        body: {
          response: [
            {
              symbol: 'USDC',
              name: 'USD Coin',
              isAllowed: true,
              address: '0xabc',
              network: { name: 'base', chainId: '8453' },
            },
            { symbol: 'XYZ', name: 'Off', isAllowed: false, network: { name: 'x' } },
          ],
        },
      }),
      'GET /api/v1/pricing/public/quotes': (s) => ({
        body: {
          response: {
            quoteId: 'tq-1',
            fiatAmount: Number(s.query.get('fiatAmount')),
            cryptoAmount: 97.1,
            totalFee: 2.9,
            feeBreakdown: [
              { id: 'transak_fee', value: 2.5 },
              { id: 'network_fee', value: 0.4 },
            ],
          },
        },
      }),
      'POST /api/v2/auth/session': (s) =>
        s.headers['access-token'] === 'access-1'
          ? { body: { data: { widgetUrl: `${widgetHost}/widget?sessionId=abc` } } }
          : { status: 401, body: {} },
    })
    widgetHost = api.url
    t = await startTestGateway('sqlite', {
      onramp: {
        transak: {
          apiKey: 'transak-key',
          apiSecret: 'transak-secret',
          apiUrl: api.url,
          gatewayUrl: api.url,
          widgetHosts: ['127.0.0.1'],
        },
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it("options, quote and widget URL go through Transak's documented calls", async () => {
    const options = await call(`${t.url}/v1/onramp/options?${q}&provider=transak`)
    expect(options.body.purchaseCurrencies.map((c: { symbol: string }) => c.symbol)).toEqual(['USDC'])
    const quote = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody())
    expect(quote.body).toMatchObject({
      coinbaseFee: { amount: '2.50', currency: 'USD' },
      networkFee: { amount: '0.40', currency: 'USD' },
      paymentSubtotal: { amount: '97.10', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '97.1', currency: 'USDC' },
      quoteId: 'tq-1',
    })
    const r = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('transak'))
    expect(r.status).toBe(200)
    expect(r.body.url).toBe(`${api.url}/widget?sessionId=abc`)
    const session = api.seen.find((s) => s.path === '/api/v2/auth/session')!
    expect(session.body?.widgetParams).toMatchObject({
      apiKey: 'transak-key',
      walletAddress: WALLET,
      cryptoCurrencyCode: 'USDC',
      fiatAmount: '100.00',
      partnerOrderId: r.body.orderId,
    })
    // The access token is fetched once and reused.
    await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('transak'))
    expect(api.seen.filter((s) => s.path === '/partners/api/v2/refresh-token')).toHaveLength(1)
  })

  it('a widget URL off the allowlist is refused (502), never handed to the visitor', async () => {
    widgetHost = 'https://evil.example'
    try {
      const r = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('transak'))
      expect(r.status).toBe(502)
      expect(r.body).toEqual({
        code: 'provider_error',
        message: 'The onramp provider transak did not answer correctly',
      })
    } finally {
      widgetHost = api.url
    }
  })
})

describe('Meld builder (quotes across providers, widget session for the best)', () => {
  let api: Awaited<ReturnType<typeof fakeApi>>
  let t: TestGateway
  let failQuotes = false
  beforeAll(async () => {
    const auth = (s: Seen) => s.headers.authorization === 'BASIC meld-key'
    api = await fakeApi({
      'GET /service-providers/properties/crypto-currencies': (s) =>
        auth(s)
          ? {
              body: [
                {
                  currencyCode: 'USDC_BASE',
                  name: 'USD Coin',
                  chainCode: 'BASE',
                  chainName: 'Base',
                  chainId: '8453',
                  contractAddress: '0xabc',
                },
              ],
            }
          : { status: 401, body: {} },
      'POST /payments/crypto/quote': (s) =>
        failQuotes
          ? { status: 500, body: { message: 'upstream exploded <script>' } }
          : auth(s)
            ? {
                body: {
                  quotes: [
                    {
                      serviceProvider: 'TRANSAK',
                      sourceAmount: 100,
                      destinationAmount: 96.2,
                      totalFee: 3.8,
                      networkFee: 0.3,
                    },
                    {
                      serviceProvider: 'BANXA',
                      sourceAmount: 100,
                      destinationAmount: 97.3,
                      totalFee: 2.7,
                      networkFee: 0.2,
                    },
                  ],
                },
              }
            : { status: 401, body: {} },
      'POST /crypto/session/widget': (s) =>
        auth(s)
          ? { body: { widgetUrl: `${api.url}/meld-widget?token=t1`, id: 'w1' } }
          : { status: 401, body: {} },
    })
    t = await startTestGateway('sqlite', {
      onramp: { meld: { apiKey: 'meld-key', apiUrl: api.url, widgetHosts: ['127.0.0.1'] } },
    })
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it("quotes the best of the providers Meld asked and opens that provider's widget", async () => {
    const options = await call(`${t.url}/v1/onramp/options?${q}&provider=meld`)
    expect(options.body.purchaseCurrencies[0]).toMatchObject({ id: 'USDC_BASE', symbol: 'USDC' })
    const quote = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody())
    expect(quote.body).toMatchObject({
      coinbaseFee: { amount: '2.50', currency: 'USD' },
      networkFee: { amount: '0.20', currency: 'USD' },
      purchaseAmount: { amount: '97.3', currency: 'USDC' },
      provider: 'meld',
    })
    expect(quote.body.quoteId).toMatch(/^meld_banxa_/)
    const r = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('meld'))
    expect(r.body.url).toBe(`${api.url}/meld-widget?token=t1`)
    const session = api.seen.find((s) => s.path === '/crypto/session/widget')!
    expect(session.body).toMatchObject({
      sessionType: 'BUY',
      sessionData: { serviceProvider: 'BANXA', walletAddress: WALLET, sourceAmount: '100.00' },
      externalSessionId: r.body.orderId,
    })
  })

  it('the core client falls back to a marked mock quote when this gateway fails (SPEC §8)', async () => {
    const core = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
    const usdc = { id: 'USDC_BASE', name: 'USD Coin', symbol: 'USDC', networks: [] }
    const usd = { id: 'USD', payment_method_limits: [] }
    const real = await core.getOnrampQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: '100' })
    expect(real.fallback).toBeUndefined()
    expect(real.provider).toBe('meld')
    failQuotes = true
    try {
      const quote = await core.getOnrampQuote({ purchaseCurrency: usdc, paymentCurrency: usd, amount: '100' })
      expect(quote).toMatchObject({
        fallback: true,
        paymentTotal: { amount: '100', currency: 'USD' },
        purchaseAmount: { amount: '100', currency: 'USDC' },
        quoteId: 'mocked-quote-id',
      })
    } finally {
      failQuotes = false
    }
  })

  it('a provider failure is a 502 with the provider named and none of its text', async () => {
    failQuotes = true
    try {
      const r = await call(`${t.url}/v1/onramp/quote?${q}`, quoteBody())
      expect(r.status).toBe(502)
      expect(JSON.stringify(r.body)).not.toContain('exploded')
      // The failed URL attempt is recorded as a failed order in the history.
      const url = await call(`${t.url}/v1/generators/onrampurl?${q}`, urlBody('meld'))
      expect(url.status).toBe(502)
      const history = await call(`${t.url}/v1/account/${WALLET}/history?${q}&onramp=meld`)
      expect(history.body.data[0].metadata.onramp).toMatchObject({ provider: 'meld', status: 'failed' })
    } finally {
      failQuotes = false
    }
  })
})
