import { createHmac, randomBytes } from 'node:crypto'
import type { OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import { notFound } from '../../http/errors.js'
import type { MoonPayConfig, PaymentCurrencyConfig } from '../config.js'
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
import { badPayload, jsonBody, moonpayUpdate, obj } from '../webhooks/events.js'
import { header, verifyMoonPay } from '../webhooks/signatures.js'
import { amountOf, configuredCurrencies, methodName } from './shared.js'

/**
 * MoonPay's URL signature: base64 HMAC-SHA256, keyed with the secret key, of
 * the URL's query string including the leading `?` (values already
 * URL-encoded), appended last as `signature`.
 *
 * @example
 * signMoonPayUrl('https://buy.moonpay.com?apiKey=pk_test_key&walletAddress=0x…', 'sk_test_key')
 */
export function signMoonPayUrl(url: string, secretKey: string): string {
  const search = new URL(url).search
  const signature = createHmac('sha256', secretKey).update(search).digest('base64')
  return `${url}&signature=${encodeURIComponent(signature)}`
}

interface MoonPayCurrency {
  type?: unknown
  code?: unknown
  name?: unknown
  minBuyAmount?: unknown
  maxBuyAmount?: unknown
  isSuspended?: unknown
  metadata?: { contractAddress?: unknown; chainId?: unknown; networkCode?: unknown }
}

/** MoonPay: currencies and buy quotes from its API; a widget URL signed with the secret key. */
export class MoonPayProvider implements OnrampProvider {
  readonly id = 'moonpay'
  readonly name = 'MoonPay'
  constructor(
    private readonly config: MoonPayConfig,
    private readonly limits: readonly PaymentCurrencyConfig[],
  ) {}

  paymentLimits(): readonly PaymentCurrencyConfig[] {
    return this.config.paymentCurrencies ?? this.limits
  }

  get poll() {
    return this.config.poll
  }

  #get<T>(path: string, query: Record<string, string>): Promise<T> {
    const q = new URLSearchParams({ apiKey: this.config.apiKey, ...query })
    return providerFetch<T>(this.id, `${this.config.apiUrl}${path}?${q}`, {
      timeoutMs: this.config.timeoutMs,
    })
  }

  async options(): Promise<OnrampOptionsResponse> {
    const list = await this.#get<MoonPayCurrency[]>('/v3/currencies', {})
    if (!Array.isArray(list)) throw new ProviderError(this.id, 'currencies answer is not a list')
    const purchaseCurrencies: OnrampPurchaseCurrency[] = []
    const own = configuredCurrencies(this.config.paymentCurrencies ?? this.limits)
    for (const c of list) {
      if (c.isSuspended === true) continue
      if (c.type === 'crypto') {
        const code = str(this.id, c.code, 'currency code')
        const network = typeof c.metadata?.networkCode === 'string' ? c.metadata.networkCode : ''
        purchaseCurrencies.push({
          id: code,
          name: str(this.id, c.name, 'currency name'),
          symbol: code.split('_')[0]!.toUpperCase(),
          networks: [
            {
              name: network,
              display_name: network,
              chain_id: c.metadata?.chainId == null ? '' : String(c.metadata.chainId),
              contract_address:
                typeof c.metadata?.contractAddress === 'string' ? c.metadata.contractAddress : '',
            },
          ],
        })
      } else if (c.type === 'fiat') {
        // MoonPay's card limits per fiat currency replace the configured card limits.
        const id = str(this.id, c.code, 'fiat code').toUpperCase()
        const mine = own.find((p) => p.id === id)
        const card = mine?.payment_method_limits.find((l) => l.id === 'card')
        if (card) {
          card.min = amountOf(this.id, c.minBuyAmount, 'minBuyAmount')
          card.max = amountOf(this.id, c.maxBuyAmount, 'maxBuyAmount')
        }
      }
    }
    return { purchaseCurrencies, paymentCurrencies: own }
  }

  async quote(input: QuoteInput): Promise<ProviderQuote> {
    const code = input.purchaseCurrency.toLowerCase()
    const q = await this.#get<Record<string, unknown>>(
      `/v3/currencies/${encodeURIComponent(code)}/buy_quote`,
      {
        baseCurrencyCode: input.paymentCurrency.toLowerCase(),
        baseCurrencyAmount: input.amount,
        paymentMethod: methodName('moonpay', input.paymentMethod),
        areFeesIncluded: 'true',
      },
    )
    const fiat = input.paymentCurrency.toUpperCase()
    const fee = (
      Number(amountOf(this.id, q.feeAmount, 'feeAmount')) +
      Number(amountOf(this.id, q.extraFeeAmount ?? 0, 'extraFeeAmount'))
    ).toFixed(2)
    return {
      coinbaseFee: { amount: fee, currency: fiat },
      networkFee: { amount: amountOf(this.id, q.networkFeeAmount, 'networkFeeAmount'), currency: fiat },
      paymentSubtotal: {
        amount: amountOf(this.id, q.baseCurrencyAmount, 'baseCurrencyAmount'),
        currency: fiat,
      },
      paymentTotal: { amount: amountOf(this.id, q.totalAmount, 'totalAmount'), currency: fiat },
      purchaseAmount: {
        amount: amountOf(this.id, q.quoteCurrencyAmount, 'quoteCurrencyAmount'),
        currency: input.purchaseCurrency.toUpperCase(),
      },
      // MoonPay quotes carry no id; this one ties the quote to the gateway's log.
      quoteId: `moonpay_${randomBytes(8).toString('hex')}`,
    }
  }

  async url(input: UrlInput): Promise<string> {
    const q = new URLSearchParams({
      apiKey: this.config.apiKey,
      currencyCode: input.asset.toLowerCase(),
      baseCurrencyCode: input.paymentCurrency.toLowerCase(),
      walletAddress: input.address,
      paymentMethod: methodName('moonpay', input.paymentMethod),
      externalTransactionId: input.orderId,
      externalCustomerId: input.partnerUserId,
    })
    if (input.presetFiatAmount) q.set('baseCurrencyAmount', input.presetFiatAmount)
    else if (input.presetCryptoAmount) q.set('quoteCurrencyAmount', input.presetCryptoAmount)
    return signMoonPayUrl(`${this.config.widgetUrl}?${q}`, this.config.secretKey)
  }

  /** `POST /onramp/webhooks/moonpay/{projectId}`: a Buy `transaction_*` event, signed with the webhook key. */
  async webhook(request: WebhookRequest): Promise<StatusUpdate> {
    const key = this.config.webhookKey
    if (!key) throw notFound('MoonPay webhooks are not configured', 'webhook_not_configured')
    verifyMoonPay(request.headers, request.body, key, request.now, this.config.webhookToleranceMs)
    const event = jsonBody(this.id, request.body)
    const data = obj(event.data)
    if (
      !['transaction_created', 'transaction_updated', 'transaction_failed'].includes(String(event.type)) ||
      !data
    )
      throw badPayload(this.id, 'not a Buy transaction event')
    const t = /t=([0-9]+)/.exec(header(request.headers, 'moonpay-signature-v2') ?? '')
    return moonpayUpdate(data, Number(t?.[1] ?? 0) * 1000 || request.now)
  }

  /**
   * Get Buy transaction by external id (`GET /v1/transactions/ext/{externalTransactionId}`): a list,
   * since MoonPay cannot promise the id is unique; the most recently updated one counts. 404: none yet.
   */
  async status(order: OnrampOrder): Promise<StatusUpdate | undefined> {
    const url = `${this.config.apiUrl}/v1/transactions/ext/${encodeURIComponent(order.id)}?${new URLSearchParams({ apiKey: this.config.apiKey })}`
    let list: unknown
    try {
      list = await providerFetch<unknown>(this.id, url, {
        headers: { authorization: `Api-Key ${this.config.secretKey}` },
        timeoutMs: this.config.timeoutMs,
      })
    } catch (error) {
      if (error instanceof ProviderError && error.message.endsWith('HTTP 404')) return undefined
      throw error
    }
    if (!Array.isArray(list)) throw new ProviderError(this.id, 'transactions answer is not a list')
    const txs = list.map(obj).filter((t): t is Record<string, unknown> => t !== undefined)
    const newest = txs.sort((a, b) => String(b.updatedAt ?? '').localeCompare(String(a.updatedAt ?? '')))[0]
    return newest ? moonpayUpdate(newest, Date.now()) : undefined
  }
}
