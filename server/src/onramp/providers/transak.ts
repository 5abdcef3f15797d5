import type { OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import { ApiError } from '../../http/errors.js'
import type { PaymentCurrencyConfig, TransakConfig } from '../config.js'
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
import { badPayload, jsonBody, obj, transakUpdate } from '../webhooks/events.js'
import { verifyTransakJwt } from '../webhooks/signatures.js'
import { amountOf, checkWidgetUrl, configuredCurrencies, methodName } from './shared.js'

/** Hosts a Transak widget URL may point at. */
export const TRANSAK_WIDGET_HOSTS = ['global.transak.com', 'global-stg.transak.com']

/**
 * Transak: currencies and quotes from its public pricing API; the widget URL
 * comes from a server-side session (partner access token from the API
 * secret, refreshed before it expires), so no parameter can be altered in the
 * browser.
 */
export class TransakProvider implements OnrampProvider {
  readonly id = 'transak'
  readonly name = 'Transak'
  #token: { value: string; expires: number; fetched: number } | undefined
  constructor(
    private readonly config: TransakConfig,
    private readonly limits: readonly PaymentCurrencyConfig[],
  ) {}

  paymentLimits(): readonly PaymentCurrencyConfig[] {
    return this.config.paymentCurrencies ?? this.limits
  }

  get poll() {
    return this.config.poll
  }

  async #accessToken(fresh = false): Promise<string> {
    if (!fresh && this.#token && this.#token.expires > Date.now() + 60_000) return this.#token.value
    const answer = await providerFetch<{ data?: { accessToken?: unknown; expiresAt?: unknown } }>(
      this.id,
      `${this.config.apiUrl}/partners/api/v2/refresh-token`,
      {
        method: 'POST',
        headers: { 'api-secret': this.config.apiSecret },
        body: { apiKey: this.config.apiKey },
        timeoutMs: this.config.timeoutMs,
      },
    )
    const value = str(this.id, answer.data?.accessToken, 'accessToken')
    const expiresAt = Number(answer.data?.expiresAt)
    // expiresAt is in seconds since the epoch.
    this.#token = {
      value,
      expires: Number.isFinite(expiresAt) ? expiresAt * 1000 : Date.now() + 600_000,
      fetched: Date.now(),
    }
    return value
  }

  async options(): Promise<OnrampOptionsResponse> {
    const crypto = await providerFetch<{ response?: Record<string, unknown>[] }>(
      this.id,
      `${this.config.apiUrl}/api/v2/currencies/crypto-currencies`,
      { timeoutMs: this.config.timeoutMs },
    )
    if (!Array.isArray(crypto.response)) throw new ProviderError(this.id, 'currencies answer is not a list')
    const purchaseCurrencies: OnrampPurchaseCurrency[] = []
    for (const c of crypto.response) {
      if (c.isAllowed === false) continue
      const network = (c.network ?? {}) as Record<string, unknown>
      const symbol = str(this.id, c.symbol, 'symbol')
      purchaseCurrencies.push({
        id: `${symbol}_${String(network.name ?? '')}`,
        name: str(this.id, c.name, 'name'),
        symbol,
        networks: [
          {
            name: String(network.name ?? ''),
            display_name: String(network.name ?? ''),
            chain_id: network.chainId == null ? '' : String(network.chainId),
            contract_address: typeof c.address === 'string' ? c.address : '',
          },
        ],
      })
    }
    return {
      purchaseCurrencies,
      paymentCurrencies: configuredCurrencies(this.config.paymentCurrencies ?? this.limits),
    }
  }

  async quote(input: QuoteInput): Promise<ProviderQuote> {
    const q = new URLSearchParams({
      partnerApiKey: this.config.apiKey,
      fiatCurrency: input.paymentCurrency.toUpperCase(),
      cryptoCurrency: input.purchaseCurrency.toUpperCase(),
      isBuyOrSell: 'BUY',
      paymentMethod: methodName('transak', input.paymentMethod),
      fiatAmount: input.amount,
      ...(input.network ? { network: input.network } : {}),
    })
    const answer = await providerFetch<{ response?: Record<string, unknown> }>(
      this.id,
      `${this.config.apiUrl}/api/v1/pricing/public/quotes?${q}`,
      { timeoutMs: this.config.timeoutMs },
    )
    const r = answer.response
    if (!r) throw new ProviderError(this.id, 'quote answer has no response')
    const fiat = input.paymentCurrency.toUpperCase()
    const breakdown = Array.isArray(r.feeBreakdown) ? (r.feeBreakdown as Record<string, unknown>[]) : []
    const networkFee = breakdown.find((f) => f.id === 'network_fee')?.value ?? 0
    const total = Number(amountOf(this.id, r.fiatAmount, 'fiatAmount'))
    const totalFee = Number(amountOf(this.id, r.totalFee, 'totalFee'))
    const network = Number(amountOf(this.id, networkFee, 'network fee'))
    return {
      coinbaseFee: { amount: (totalFee - network).toFixed(2), currency: fiat },
      networkFee: { amount: network.toFixed(2), currency: fiat },
      paymentSubtotal: { amount: (total - totalFee).toFixed(2), currency: fiat },
      paymentTotal: { amount: total.toFixed(2), currency: fiat },
      purchaseAmount: {
        amount: amountOf(this.id, r.cryptoAmount, 'cryptoAmount'),
        currency: input.purchaseCurrency.toUpperCase(),
      },
      quoteId: str(this.id, r.quoteId, 'quoteId'),
    }
  }

  async url(input: UrlInput): Promise<string> {
    const token = await this.#accessToken()
    const answer = await providerFetch<{ data?: { widgetUrl?: unknown } }>(
      this.id,
      `${this.config.gatewayUrl}/api/v2/auth/session`,
      {
        method: 'POST',
        headers: { 'access-token': token },
        body: {
          widgetParams: {
            apiKey: this.config.apiKey,
            referrerDomain: this.config.referrerDomain,
            productsAvailed: 'BUY',
            cryptoCurrencyCode: input.asset.toUpperCase(),
            fiatCurrency: input.paymentCurrency.toUpperCase(),
            walletAddress: input.address,
            paymentMethod: methodName('transak', input.paymentMethod),
            partnerOrderId: input.orderId,
            partnerCustomerId: input.partnerUserId,
            ...(input.defaultNetwork ? { network: input.defaultNetwork } : {}),
            ...(input.presetFiatAmount ? { fiatAmount: input.presetFiatAmount } : {}),
            ...(input.presetCryptoAmount && !input.presetFiatAmount
              ? { cryptoAmount: input.presetCryptoAmount }
              : {}),
          },
        },
        timeoutMs: this.config.timeoutMs,
      },
    )
    return checkWidgetUrl(this.id, answer.data?.widgetUrl, this.config.widgetHosts ?? TRANSAK_WIDGET_HOSTS)
  }

  /**
   * `POST /onramp/webhooks/transak/{projectId}`: `{ data: <JWT> }`, the JWT signed (HS256) with the
   * partner access token. A token renewed since Transak signed fails the check once: the gateway
   * then fetches the current token and checks again (at most once a minute, so forged webhooks
   * cannot make it hammer Transak's token endpoint).
   */
  async webhook(request: WebhookRequest): Promise<StatusUpdate> {
    const body = jsonBody(this.id, request.body)
    if (typeof body.data !== 'string') throw badPayload(this.id, 'no data JWT')
    let claims: Record<string, unknown>
    try {
      claims = verifyTransakJwt(body.data, await this.#accessToken(), request.now)
    } catch (error) {
      const stale = this.#token && Date.now() - this.#token.fetched > 60_000
      if (!(error instanceof ApiError) || error.code !== 'invalid_signature' || !stale) throw error
      claims = verifyTransakJwt(body.data, await this.#accessToken(true), request.now)
    }
    const order = obj(claims.webhookData)
    if (!order || typeof claims.eventID !== 'string' || !claims.eventID.startsWith('ORDER_'))
      throw badPayload(this.id, 'not an order event')
    const at = Date.parse(String(claims.createdAt ?? ''))
    return transakUpdate(order, Number.isFinite(at) ? at : request.now)
  }

  /** Get Partner Orders filtered by `partnerOrderId` (the gateway's order id), with the access token. */
  async status(order: OnrampOrder): Promise<StatusUpdate | undefined> {
    const answer = await providerFetch<{ data?: unknown }>(
      this.id,
      `${this.config.gatewayUrl}/api/v2/partner/orders?${new URLSearchParams({ partnerOrderId: order.id })}`,
      { headers: { 'x-access-token': await this.#accessToken() }, timeoutMs: this.config.timeoutMs },
    )
    const data = answer.data
    const list = Array.isArray(data) ? data : obj(data)?.orders
    if (!Array.isArray(list)) throw new ProviderError(this.id, 'orders answer is not a list')
    const found = obj(list[0])
    return found ? transakUpdate(found, Date.now()) : undefined
  }
}
