import { createPrivateKey, randomBytes, sign } from 'node:crypto'
import type { OnrampOptionsResponse } from '@portico/core'
import { notFound } from '../../http/errors.js'
import type { CoinbaseConfig, PaymentCurrencyConfig } from '../config.js'
import { providerFetch, str } from '../http.js'
import type { OnrampOrder } from '../orders.js'
import type {
  OnrampProvider,
  ProviderQuote,
  QuoteInput,
  StatusUpdate,
  UrlInput,
  WebhookRequest,
} from '../types.js'
import { ProviderError } from '../types.js'
import { badPayload, coinbaseUpdate, jsonBody, obj } from '../webhooks/events.js'
import { header, verifyCoinbase } from '../webhooks/signatures.js'
import { amountOf, configuredCurrencies, methodName } from './shared.js'

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

/**
 * A CDP API bearer JWT (ES256): `kid`/`sub` the key name, `iss` "cdp",
 * valid for 120 s, bound to one `METHOD host/path` in `uri`.
 */
export function coinbaseJwt(
  keyName: string,
  privateKeyPem: string,
  method: string,
  url: string,
  now = Date.now(),
): string {
  const { host, pathname } = new URL(url)
  const iat = Math.floor(now / 1000)
  const header = { alg: 'ES256', kid: keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') }
  const payload = { sub: keyName, iss: 'cdp', nbf: iat, exp: iat + 120, uri: `${method} ${host}${pathname}` }
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`
  const key = createPrivateKey(privateKeyPem)
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
  return `${input}.${b64url(signature)}`
}

interface CoinbaseAmount {
  value?: unknown
  currency?: unknown
}

/**
 * Coinbase Onramp: options and quotes from the Onramp API, and a buy URL on
 * Coinbase Pay opened with a one-time session token the gateway asks for
 * server-side (the API key never reaches the browser).
 */
export class CoinbaseProvider implements OnrampProvider {
  readonly id = 'coinbase'
  readonly name = 'Coinbase'
  constructor(
    private readonly config: CoinbaseConfig,
    private readonly limits: readonly PaymentCurrencyConfig[],
  ) {}

  paymentLimits(): readonly PaymentCurrencyConfig[] {
    return this.config.paymentCurrencies ?? this.limits
  }

  get poll() {
    return this.config.poll
  }

  #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = `${this.config.apiUrl}${path}`
    const jwt = coinbaseJwt(this.config.apiKeyName, this.config.apiKeyPrivateKey, method, url)
    return providerFetch<T>(this.id, url, {
      method,
      headers: { authorization: `Bearer ${jwt}` },
      body,
      timeoutMs: this.config.timeoutMs,
    })
  }

  async options(): Promise<OnrampOptionsResponse> {
    const answer = await this.#call<{
      purchase_currencies?: unknown[]
      payment_currencies?: { id?: unknown; limits?: { id?: unknown; min?: unknown; max?: unknown }[] }[]
    }>('GET', `/onramp/v1/buy/options?country=${this.config.country}`)
    if (!Array.isArray(answer.purchase_currencies) || !Array.isArray(answer.payment_currencies)) {
      throw new ProviderError(this.id, 'options answer is not the documented shape')
    }
    const own = this.config.paymentCurrencies ?? this.limits
    return {
      purchaseCurrencies: answer.purchase_currencies.map((c) => {
        const p = c as Record<string, unknown>
        return {
          id: str(this.id, p.id, 'currency id'),
          name: str(this.id, p.name, 'currency name'),
          symbol: str(this.id, p.symbol, 'currency symbol'),
          networks: (Array.isArray(p.networks) ? p.networks : []).map((n: Record<string, unknown>) => ({
            name: str(this.id, n.name, 'network name'),
            display_name: str(this.id, n.display_name, 'network display name'),
            chain_id: String(n.chain_id ?? ''),
            contract_address: typeof n.contract_address === 'string' ? n.contract_address : '',
          })),
        }
      }),
      paymentCurrencies: answer.payment_currencies.length
        ? answer.payment_currencies.map((c) => ({
            id: str(this.id, c.id, 'payment currency id'),
            payment_method_limits: (c.limits ?? []).map((l) => ({
              id: String(l.id ?? '').toLowerCase(),
              min: amountOf(this.id, l.min, 'limit'),
              max: amountOf(this.id, l.max, 'limit'),
            })),
          }))
        : configuredCurrencies(own),
    }
  }

  async quote(input: QuoteInput): Promise<ProviderQuote> {
    const q = await this.#call<Record<string, CoinbaseAmount | string | undefined>>(
      'POST',
      '/onramp/v1/buy/quote',
      {
        purchase_currency: input.purchaseCurrency,
        ...(input.network ? { purchase_network: input.network } : {}),
        payment_amount: input.amount,
        payment_currency: input.paymentCurrency,
        payment_method: methodName('coinbase', input.paymentMethod),
        country: this.config.country,
      },
    )
    const amount = (field: string) => {
      const a = q[field] as CoinbaseAmount | undefined
      return {
        amount: amountOf(this.id, a?.value, field),
        currency: str(this.id, a?.currency, `${field} currency`),
      }
    }
    return {
      coinbaseFee: amount('coinbase_fee'),
      networkFee: amount('network_fee'),
      paymentSubtotal: amount('payment_subtotal'),
      paymentTotal: amount('payment_total'),
      purchaseAmount: amount('purchase_amount'),
      quoteId: str(this.id, q.quote_id, 'quote_id'),
    }
  }

  async url(input: UrlInput): Promise<string> {
    const session = await this.#call<{ token?: unknown; data?: { token?: unknown } }>(
      'POST',
      '/onramp/v1/token',
      {
        addresses: [{ address: input.address, blockchains: input.blockchains }],
        assets: [input.asset],
      },
    )
    const token = str(this.id, session.token ?? session.data?.token, 'session token')
    const url = new URL('/buy/select-asset', this.config.payUrl)
    const q = url.searchParams
    q.set('sessionToken', token)
    q.set('defaultAsset', input.asset)
    if (input.defaultNetwork) q.set('defaultNetwork', input.defaultNetwork)
    q.set('defaultExperience', 'buy')
    q.set('fiatCurrency', input.paymentCurrency)
    q.set('defaultPaymentMethod', methodName('coinbase', input.paymentMethod))
    // The order id as `partnerUserRef`: Coinbase echoes it in its webhooks and files the transaction
    // under it in the Transaction Status API (https://docs.cdp.coinbase.com/onramp/core-features/transaction-status).
    q.set('partnerUserRef', input.orderId)
    if (input.presetFiatAmount) q.set('presetFiatAmount', input.presetFiatAmount)
    else if (input.presetCryptoAmount) q.set('presetCryptoAmount', input.presetCryptoAmount)
    return url.toString()
  }

  /** `POST /onramp/webhooks/coinbase/{projectId}`: an `onramp.transaction.*` event, signed per CDP webhooks. */
  async webhook(request: WebhookRequest): Promise<StatusUpdate> {
    const secret = this.config.webhookSecret
    if (!secret) throw notFound('Coinbase webhooks are not configured', 'webhook_not_configured')
    verifyCoinbase(request.headers, request.body, secret, request.now, this.config.webhookToleranceMs)
    const event = jsonBody(this.id, request.body)
    if (typeof event.eventType !== 'string' || !event.eventType.startsWith('onramp.transaction.'))
      throw badPayload(this.id, 'not an onramp transaction event')
    const t = /t=([0-9]+)/.exec(header(request.headers, 'x-hook0-signature') ?? '')
    return coinbaseUpdate(event, Number(t?.[1] ?? 0) * 1000 || request.now)
  }

  /** Transaction Status API: the newest transaction filed under the order id (`partnerUserRef`). */
  async status(order: OnrampOrder): Promise<StatusUpdate | undefined> {
    const answer = await this.#call<{ transactions?: unknown }>(
      'GET',
      `/onramp/v1/buy/user/${encodeURIComponent(order.id)}/transactions?page_size=1`,
    )
    if (!Array.isArray(answer.transactions))
      throw new ProviderError(this.id, 'transactions answer is not a list')
    const tx = obj(answer.transactions[0])
    return tx ? coinbaseUpdate(tx, Date.now()) : undefined
  }
}
