// Real providers' order status: each provider's signed webhook (its documented scheme) moves the
// order, once; forged ones are refused with a typed error and change nothing in the database; and
// the polling fallback asks each provider's status API (a loopback stand-in) until the order is final.
import { createHmac, generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { until } from '@portico/devnet/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { OrderStore } from './orders.js'

const WALLET = '0x52908400098527886e0f7030069857d2e4169ee7'
const PUBLIC = 'https://gateway.example.com'
const SECRETS = { coinbase: 'cb-webhook-secret', moonpay: 'mp-webhook-key', meld: 'meld-profile-secret' }
const TRANSAK_TOKEN = 'transak-partner-access-token'
const HASH = `0x${'ab'.repeat(32)}`
const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()

type Provider = 'coinbase' | 'moonpay' | 'transak' | 'meld'
type Json = Record<string, unknown>

/** A loopback stand-in for the providers' APIs: `answer` gives the JSON for `METHOD path` (undefined: 404). */
async function fakeApi(answer: (key: string, query: URLSearchParams) => unknown) {
  const seen: string[] = []
  const server = createServer(async (req, res) => {
    for await (const _ of req) void _
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const key = `${req.method} ${url.pathname}`
    seen.push(key)
    const body = answer(key, url.searchParams)
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body ?? { error: 'no route' }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

const transakToken = () => ({
  data: { accessToken: TRANSAK_TOKEN, expiresAt: Math.floor(Date.now() / 1000) + 604_800 },
})

function providersConfig(apiUrl: string, poll: Json = { enabled: false }) {
  return {
    publicUrl: PUBLIC,
    coinbase: {
      apiKeyName: 'organizations/o/apiKeys/k',
      apiKeyPrivateKey: pem,
      apiUrl,
      webhookSecret: SECRETS.coinbase,
      poll,
    },
    moonpay: { apiKey: 'pk_test_1', secretKey: 'sk_test_1', apiUrl, webhookKey: SECRETS.moonpay, poll },
    transak: { apiKey: 'tk-1', apiSecret: 'ts-1', apiUrl, gatewayUrl: apiUrl, poll },
    meld: { apiKey: 'meld-1', apiUrl, webhookSecret: SECRETS.meld, poll },
  }
}

const gatewayConfig = (onramp: Json) => ({
  projects: [
    { id: 'shop', name: 'Shop', allowedOrigins: [] },
    { id: 'other', name: 'Other', allowedOrigins: [] },
  ],
  // The node is never asked: the Activity's onramp items come from the database.
  networks: [{ caipNetworkId: 'eip155:31337', name: 'Devnet 31337', rpcUrl: 'http://127.0.0.1:9' }],
  onramp,
})

const hmac = (key: string, data: string) => createHmac('sha256', key).update(data)
const b64url = (s: string) => Buffer.from(s).toString('base64url')

/** Each provider's event for an order in a given state, shaped as its documentation shows it. */
function event(
  provider: Provider,
  orderId: string,
  state: 'pending' | 'completed' | 'failed',
  at: number,
): Json {
  const iso = new Date(at).toISOString()
  switch (provider) {
    case 'coinbase':
      return {
        eventType: state === 'completed' ? 'onramp.transaction.success' : 'onramp.transaction.updated',
        transactionId: 'cb-tx-1',
        status: {
          pending: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
          completed: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
          failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
        }[state],
        partnerUserRef: orderId,
        txHash: state === 'completed' ? HASH : '0x',
        purchaseAmount: { currency: 'USDC', value: '99.5' },
        failureReason: state === 'failed' ? 'FAILURE_REASON_BUY_FAILED' : 'FAILURE_REASON_UNSPECIFIED',
      }
    case 'moonpay':
      return {
        type: state === 'failed' ? 'transaction_failed' : 'transaction_updated',
        data: {
          id: 'mp-tx-1',
          status: state,
          externalTransactionId: orderId,
          cryptoTransactionId: state === 'completed' ? HASH : null,
          quoteCurrencyAmount: 99.5,
          failureReason: state === 'failed' ? 'Card declined' : null,
          updatedAt: iso,
        },
      }
    case 'transak':
      return {
        webhookData: {
          id: 'tr-order-1',
          partnerOrderId: orderId,
          status: { pending: 'PROCESSING', completed: 'COMPLETED', failed: 'FAILED' }[state],
          transactionHash: state === 'completed' ? HASH : undefined,
          cryptoAmount: 99.5,
          updatedAt: iso,
        },
        eventID: { pending: 'ORDER_PROCESSING', completed: 'ORDER_COMPLETED', failed: 'ORDER_FAILED' }[state],
        createdAt: iso,
      }
    case 'meld':
      return {
        eventType: {
          pending: 'TRANSACTION_CRYPTO_PENDING',
          completed: 'TRANSACTION_CRYPTO_COMPLETE',
          failed: 'TRANSACTION_CRYPTO_FAILED',
        }[state],
        eventId: 'evt-1',
        timestamp: iso,
        payload: {
          paymentTransactionId: 'meld-tx-1',
          externalSessionId: orderId,
          paymentTransactionStatus: { pending: 'PENDING', completed: 'SETTLED', failed: 'FAILED' }[state],
        },
      }
  }
}

/** A webhook signed as the provider signs it (`forge` spoils one part), as raw body + headers. */
function signed(
  provider: Provider,
  project: string,
  payload: Json,
  opts: { at?: number; forge?: 'signature' | 'timestamp' } = {},
): { path: string; body: string; headers: Record<string, string> } {
  const path = `/onramp/webhooks/${provider}/${project}`
  const at = opts.forge === 'timestamp' ? Date.now() - 3_600_000 : (opts.at ?? Date.now())
  const t = String(Math.floor(at / 1000))
  const key = (k: string) => (opts.forge === 'signature' ? `${k}-wrong` : k)
  if (provider === 'transak') {
    const claims = opts.forge === 'timestamp' ? { ...payload, exp: Math.floor(at / 1000) } : payload
    const input = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`
    const jwt = `${input}.${hmac(key(TRANSAK_TOKEN), input).digest('base64url')}`
    return { path, body: JSON.stringify({ data: jwt }), headers: { 'content-type': 'application/json' } }
  }
  const body = JSON.stringify(payload)
  if (provider === 'coinbase') {
    const names = 'content-type x-hook0-id'
    const v1 = hmac(key(SECRETS.coinbase), `${t}.${names}.application/json.evt-1.${body}`).digest('hex')
    return {
      path,
      body,
      headers: {
        'content-type': 'application/json',
        'x-hook0-id': 'evt-1',
        'x-hook0-signature': `t=${t},h=${names},v1=${v1}`,
      },
    }
  }
  if (provider === 'moonpay') {
    const s = hmac(key(SECRETS.moonpay), `${t}.${body}`).digest('hex')
    return {
      path,
      body,
      headers: { 'content-type': 'application/json', 'moonpay-signature-v2': `t=${t},s=${s}` },
    }
  }
  const ts = new Date(at).toISOString()
  const sig = hmac(key(SECRETS.meld), `${ts}.${PUBLIC}${path}.${body}`).digest('base64url')
  const padded = sig + '='.repeat((4 - (sig.length % 4)) % 4)
  return {
    path,
    body,
    headers: { 'content-type': 'application/json', 'meld-signature': padded, 'meld-signature-timestamp': ts },
  }
}

const PROVIDERS: Provider[] = ['coinbase', 'moonpay', 'transak', 'meld']

/** A new order of `provider` for WALLET, as the checkout records it before the visitor pays. */
const orderFields = (provider: Provider, projectId = 'shop') => ({
  id: OrderStore.newId(),
  provider,
  projectId,
  partnerUserId: 'visitor-1',
  account: WALLET,
  chain: 'eip155:8453',
  asset: 'USDC',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  paymentAmount: '100.00',
  purchaseAmount: null,
})

describe.each(ENGINES)("real providers' webhooks (%s)", (kind) => {
  let t: TestGateway
  let api: Awaited<ReturnType<typeof fakeApi>>
  let store: OrderStore
  beforeAll(async () => {
    api = await fakeApi((key) => (key === 'POST /partners/api/v2/refresh-token' ? transakToken() : undefined))
    t = await startTestGateway(kind, gatewayConfig(providersConfig(api.url)))
    store = new OrderStore(t.gateway.db)
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  const newOrder = (provider: Provider, projectId = 'shop') => store.create(orderFields(provider, projectId))
  const post = (w: ReturnType<typeof signed>) =>
    call(`${t.url}${w.path}`, { method: 'POST', body: w.body, headers: w.headers })
  const table = () => t.gateway.db.query('SELECT * FROM onramp_orders ORDER BY id')

  it.each(PROVIDERS)(
    '%s: a signed "completed" event completes the order once; Activity and the order lookup show it',
    async (provider) => {
      const order = await newOrder(provider)
      const w = signed(provider, 'shop', event(provider, order.id, 'completed', Date.now()))
      const first = await post(w)
      expect([first.status, first.body]).toEqual([200, { received: true, changed: true }])
      const seen = await call(`${t.url}/v1/onramp/orders/${order.id}?st=t&sv=1&projectId=shop`)
      expect(seen.body.status).toBe('completed')
      // Meld's webhook carries no hash nor amount (its transaction API does); the others name both.
      expect(seen.body.purchaseAmount).toBe(provider === 'meld' ? null : '99.5')
      expect(seen.body.txHash).toBe(provider === 'meld' ? null : HASH)
      const history = await call(
        `${t.url}/v1/account/${WALLET}/history?st=t&sv=1&projectId=shop&onramp=${provider}`,
      )
      const item = history.body.data.find((i: { id: string }) => i.id === `onramp:${order.id}`)
      expect(item.metadata.status).toBe('confirmed')
      expect(item.metadata.onramp.status).toBe('completed')

      // The same event again (providers deliver at least once) changes nothing, not even `updated`.
      const before = await table()
      const again = await post(w)
      expect([again.status, again.body]).toEqual([200, { received: true, changed: false }])
      // An older state after the final one changes nothing either.
      const older = await post(
        signed(provider, 'shop', event(provider, order.id, 'pending', Date.now() - 60_000)),
      )
      expect([older.status, older.body.changed]).toEqual([200, false])
      expect(await table()).toEqual(before)
    },
  )

  it.each(PROVIDERS)('%s: a signed "failed" event fails the order with a reason', async (provider) => {
    const order = await newOrder(provider)
    const r = await post(signed(provider, 'shop', event(provider, order.id, 'failed', Date.now())))
    expect(r.status).toBe(200)
    const seen = (await store.get(order.id))!
    expect(seen.status).toBe('failed')
    expect(seen.failureReason).toBeTruthy()
  })

  it('a newer pending event adds the provider id; an older pending event after it changes nothing (MoonPay updatedAt)', async () => {
    const order = await newOrder('moonpay')
    const now = Date.now()
    expect(
      (await post(signed('moonpay', 'shop', event('moonpay', order.id, 'pending', now)))).body.changed,
    ).toBe(true)
    expect((await store.get(order.id))!.externalId).toBe('mp-tx-1')
    const before = await table()
    const stale = event('moonpay', order.id, 'pending', now - 10_000)
    ;(stale.data as Json).id = 'mp-tx-older'
    expect((await post(signed('moonpay', 'shop', stale))).body.changed).toBe(false)
    expect(await table()).toEqual(before)
  })

  describe.each(PROVIDERS)('%s: forged webhooks are refused and change nothing', (provider) => {
    const refused = async (w: ReturnType<typeof signed>, status: number, code: string) => {
      const before = await table()
      const r = await post(w)
      expect([r.status, r.body.code]).toEqual([status, code])
      expect(await table()).toEqual(before)
    }
    it.each([
      ['a bad signature', 'invalid_signature', 'signature'],
      ['a stale timestamp (an hour old)', 'stale_timestamp', 'timestamp'],
    ] as const)('%s → 401 %s', async (_what, code, forge) => {
      const order = await newOrder(provider)
      await refused(
        signed(provider, 'shop', event(provider, order.id, 'completed', Date.now()), { forge }),
        401,
        code,
      )
    })
    it('a body altered after signing → 401 invalid_signature', async () => {
      const order = await newOrder(provider)
      const w = signed(provider, 'shop', event(provider, order.id, 'failed', Date.now()))
      const tampered =
        provider === 'transak'
          ? {
              ...w,
              body: w.body.replace(
                /"data":"([^.]+)\.([^.]+)\./,
                (_m, h) =>
                  `"data":"${h}.${b64url(JSON.stringify(event(provider, order.id, 'completed', Date.now())))}.`,
              ),
            }
          : {
              ...w,
              body: w.body.replace(/FAILED|failed/g, (s) => (s === 'failed' ? 'completed' : 'SETTLED')),
            }
      expect(tampered.body).not.toBe(w.body)
      await refused(tampered, 401, 'invalid_signature')
    })
    it('an unknown order → 404 order_not_found', async () => {
      await refused(
        signed(provider, 'shop', event(provider, OrderStore.newId(), 'completed', Date.now())),
        404,
        'order_not_found',
      )
    })
    it("another project's order, through this project's webhook URL → 404 order_not_found", async () => {
      const order = await newOrder(provider, 'other')
      await refused(
        signed(provider, 'shop', event(provider, order.id, 'completed', Date.now())),
        404,
        'order_not_found',
      )
      expect((await store.get(order.id))!.status).toBe('pending')
    })
  })

  it('a webhook for a provider that is not configured → 404 webhook_not_configured', async () => {
    const r = await call(`${t.url}/onramp/webhooks/sandbox/shop`, { method: 'POST', body: '{}' })
    expect([r.status, r.body.code]).toEqual([404, 'webhook_not_configured'])
  })
})

describe("status polling, the webhooks' fallback, asks each provider until the order is final", () => {
  let t: TestGateway
  let api: Awaited<ReturnType<typeof fakeApi>>
  const final = new Set<string>()
  const ids = {} as Record<Provider, string>
  const tx = (p: Provider) => event(p, ids[p], final.has(ids[p]) ? 'completed' : 'pending', Date.now())
  const STATUS_PATH: Record<Provider, string> = {
    coinbase: '/onramp/v1/buy/user/',
    moonpay: '/v1/transactions/ext/',
    transak: '/api/v2/partner/orders',
    meld: '/payments/transactions',
  }
  beforeAll(async () => {
    // Each provider's status API, in its documented shape; only the order asked about is answered.
    api = await fakeApi((key, q) => {
      if (key === 'POST /partners/api/v2/refresh-token') return transakToken()
      if (key === `GET /onramp/v1/buy/user/${ids.coinbase}/transactions`) {
        const e = tx('coinbase')
        return {
          transactions: [
            {
              partner_user_ref: e.partnerUserRef,
              transaction_id: e.transactionId,
              status: e.status,
              tx_hash: e.txHash,
            },
          ],
        }
      }
      if (key === `GET /v1/transactions/ext/${ids.moonpay}`) return [tx('moonpay').data]
      if (key === 'GET /api/v2/partner/orders')
        return { data: q.get('partnerOrderId') === ids.transak ? [tx('transak').webhookData] : [] }
      if (key === 'GET /payments/transactions') {
        const e = tx('meld').payload as Json
        return {
          transactions:
            q.get('externalSessionIds') === ids.meld
              ? [
                  {
                    id: e.paymentTransactionId,
                    externalSessionId: e.externalSessionId,
                    status: e.paymentTransactionStatus,
                    cryptoDetails: { blockchainTransactionId: HASH },
                  },
                ]
              : [],
        }
      }
      return undefined
    })
    t = await startTestGateway(
      'sqlite',
      gatewayConfig({
        ...providersConfig(api.url, { enabled: true, intervalMs: 100, maxIntervalMs: 200 }),
        pollTickMs: 50,
      }),
    )
  })
  afterAll(async () => {
    await t?.close()
    await api?.close()
  })

  it("each provider's pending order is polled on its status API, stays pending, then completes when the provider says so", async () => {
    const store = new OrderStore(t.gateway.db)
    for (const p of PROVIDERS) {
      ids[p] = (await store.create(orderFields(p), { firstPollMs: 0 })).id
    }
    const asked = (p: Provider) => api.seen.filter((s) => s.includes(STATUS_PATH[p])).length
    // Pending answers keep the orders pending, and the poller asks again (each order backs off).
    await until(() => PROVIDERS.every((p) => asked(p) >= 2), 15_000, 'two status asks per provider')
    for (const p of PROVIDERS) expect((await store.get(ids[p]))!.status).toBe('pending')
    for (const p of PROVIDERS) final.add(ids[p])
    await until(
      async () =>
        (await Promise.all(PROVIDERS.map((p) => store.get(ids[p])))).every((o) => o?.status === 'completed'),
      15_000,
      'every order completed',
    )
    for (const p of PROVIDERS) expect((await store.get(ids[p]))!.txHash).toBe(HASH)
    // A final order is polled no more.
    const counts = PROVIDERS.map(asked)
    await new Promise((r) => setTimeout(r, 600))
    expect(PROVIDERS.map(asked)).toEqual(counts)
  })
})
