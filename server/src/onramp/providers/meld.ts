import { randomBytes } from 'node:crypto'
import type { OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import { notFound } from '../../http/errors.js'
import type { MeldConfig, PaymentCurrencyConfig } from '../config.js'
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
import { badPayload, jsonBody, meldUpdate, obj } from '../webhooks/events.js'
import { verifyMeld } from '../webhooks/signatures.js'
import { amountOf, checkWidgetUrl, configuredCurrencies, methodName } from './shared.js'

/** Hosts a Meld widget URL may point at. */
export const MELD_WIDGET_HOSTS = ['meldcrypto.com', 'sb.meldcrypto.com']

const MELD_VERSION = '2025-03-04'

interface MeldQuote {
  serviceProvider?: unknown
  sourceAmount?: unknown
  destinationAmount?: unknown
  totalFee?: unknown
  networkFee?: unknown
  transactionFee?: unknown
  sourceCurrencyCode?: unknown
  destinationCurrencyCode?: unknown
}

/**
 * Meld: one API that quotes across many onramps. The gateway shows Meld's
 * best quote (most crypto for the money) and opens that provider's widget
 * through a Meld widget session.
 */
export class MeldProvider implements OnrampProvider {
  readonly id = 'meld'
  readonly name = 'Meld'
  constructor(
    private readonly config: MeldConfig,
    private readonly limits: readonly PaymentCurrencyConfig[],
  ) {}

  paymentLimits(): readonly PaymentCurrencyConfig[] {
    return this.config.paymentCurrencies ?? this.limits
  }

  get poll() {
    return this.config.poll
  }

  #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return providerFetch<T>(this.id, `${this.config.apiUrl}${path}`, {
      method,
      headers: { authorization: `BASIC ${this.config.apiKey}`, 'meld-version': MELD_VERSION },
      body,
      timeoutMs: this.config.timeoutMs,
    })
  }

  async options(): Promise<OnrampOptionsResponse> {
    const list = await this.#call<Record<string, unknown>[]>(
      'GET',
      `/service-providers/properties/crypto-currencies?countries=${this.config.country}`,
    )
    if (!Array.isArray(list)) throw new ProviderError(this.id, 'currencies answer is not a list')
    const purchaseCurrencies: OnrampPurchaseCurrency[] = list.map((c) => {
      const code = str(this.id, c.currencyCode, 'currencyCode')
      return {
        id: code,
        name: str(this.id, c.name, 'name'),
        symbol: code.split('_')[0]!,
        networks: [
          {
            name: String(c.chainCode ?? ''),
            display_name: String(c.chainName ?? c.chainCode ?? ''),
            chain_id: c.chainId == null ? '' : String(c.chainId),
            contract_address: typeof c.contractAddress === 'string' ? c.contractAddress : '',
          },
        ],
      }
    })
    return {
      purchaseCurrencies,
      paymentCurrencies: configuredCurrencies(this.config.paymentCurrencies ?? this.limits),
    }
  }

  async #best(input: QuoteInput): Promise<MeldQuote> {
    const answer = await this.#call<{ quotes?: MeldQuote[] }>('POST', '/payments/crypto/quote', {
      countryCode: this.config.country,
      sourceCurrencyCode: input.paymentCurrency.toUpperCase(),
      sourceAmount: input.amount,
      destinationCurrencyCode: input.purchaseCurrency.toUpperCase(),
      paymentMethodType: methodName('meld', input.paymentMethod),
    })
    const quotes = (answer.quotes ?? []).filter(
      (q) => typeof q.serviceProvider === 'string' && Number(q.destinationAmount) > 0,
    )
    if (quotes.length === 0) throw new ProviderError(this.id, 'no provider quoted this buy')
    return quotes.reduce((a, b) => (Number(b.destinationAmount) > Number(a.destinationAmount) ? b : a))
  }

  async quote(input: QuoteInput): Promise<ProviderQuote> {
    const q = await this.#best(input)
    const fiat = input.paymentCurrency.toUpperCase()
    const total = Number(amountOf(this.id, q.sourceAmount, 'sourceAmount'))
    const totalFee = Number(amountOf(this.id, q.totalFee ?? 0, 'totalFee'))
    const network = Number(amountOf(this.id, q.networkFee ?? 0, 'networkFee'))
    return {
      coinbaseFee: { amount: (totalFee - network).toFixed(2), currency: fiat },
      networkFee: { amount: network.toFixed(2), currency: fiat },
      paymentSubtotal: { amount: (total - totalFee).toFixed(2), currency: fiat },
      paymentTotal: { amount: total.toFixed(2), currency: fiat },
      purchaseAmount: {
        amount: amountOf(this.id, q.destinationAmount, 'destinationAmount'),
        currency: input.purchaseCurrency.toUpperCase(),
      },
      quoteId: `meld_${String(q.serviceProvider).toLowerCase()}_${randomBytes(6).toString('hex')}`,
    }
  }

  async url(input: UrlInput): Promise<string> {
    const amount = input.presetFiatAmount
    if (!amount) throw new ProviderError(this.id, 'a fiat amount is required to open a Meld session')
    const best = await this.#best({
      purchaseCurrency: input.asset,
      paymentCurrency: input.paymentCurrency,
      paymentMethod: input.paymentMethod,
      amount,
    })
    const answer = await this.#call<{ widgetUrl?: unknown }>('POST', '/crypto/session/widget', {
      sessionData: {
        walletAddress: input.address,
        countryCode: this.config.country,
        sourceCurrencyCode: input.paymentCurrency.toUpperCase(),
        sourceAmount: amount,
        destinationCurrencyCode: input.asset.toUpperCase(),
        serviceProvider: best.serviceProvider,
        paymentMethodType: methodName('meld', input.paymentMethod),
      },
      sessionType: 'BUY',
      externalCustomerId: input.partnerUserId,
      externalSessionId: input.orderId,
    })
    return checkWidgetUrl(this.id, answer.widgetUrl, this.config.widgetHosts ?? MELD_WIDGET_HOSTS)
  }

  /** `POST /onramp/webhooks/meld/{projectId}`: a `TRANSACTION_CRYPTO_*` event, signed with the profile secret. */
  async webhook(request: WebhookRequest): Promise<StatusUpdate> {
    const secret = this.config.webhookSecret
    if (!secret) throw notFound('Meld webhooks are not configured', 'webhook_not_configured')
    verifyMeld(
      request.headers,
      request.body,
      request.url,
      secret,
      request.now,
      this.config.webhookToleranceMs,
    )
    const event = jsonBody(this.id, request.body)
    const payload = obj(event.payload)
    if (typeof event.eventType !== 'string' || !event.eventType.startsWith('TRANSACTION_CRYPTO_') || !payload)
      throw badPayload(this.id, 'not a crypto transaction event')
    const at = Date.parse(String(event.timestamp ?? ''))
    return meldUpdate(payload, Number.isFinite(at) ? at : request.now)
  }

  /** Search transactions by `externalSessionIds` (the gateway's order id); the newest counts. */
  async status(order: OnrampOrder): Promise<StatusUpdate | undefined> {
    const answer = await this.#call<{ transactions?: unknown }>(
      'GET',
      `/payments/transactions?${new URLSearchParams({ externalSessionIds: order.id, limit: '1' })}`,
    )
    if (!Array.isArray(answer.transactions))
      throw new ProviderError(this.id, 'transactions answer is not a list')
    const tx = obj(answer.transactions[0])
    return tx ? meldUpdate(tx, Date.now()) : undefined
  }
}
