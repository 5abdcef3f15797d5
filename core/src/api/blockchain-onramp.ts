/**
 * The onramp calls of `HttpBlockchainApi` (SPEC §7), built on its
 * `GatewayTransport`. Options and quotes never fail: they fall back to the
 * built-in defaults and the SPEC §8 mock quote, marked `fallback: true`.
 * The methods' docs live on the class.
 */
import type {
  OnrampOptionsResponse,
  OnrampQuote,
  OnrampQuoteRequest,
  OnrampUrlRequest,
  OnrampUrlResponse,
} from '../contracts/api.js'
import type { GatewayTransport } from './blockchain-transport.js'
import { defaultOnrampOptions, mockOnrampQuote } from './onramp-defaults.js'

export function url(t: GatewayTransport, params: OnrampUrlRequest): Promise<OnrampUrlResponse> {
  return t.post('/v1/generators/onrampurl', {
    destinationWallets: params.destinationWallets,
    defaultNetwork: params.defaultNetwork,
    partnerUserId: params.partnerUserId,
    defaultExperience: 'buy',
    presetCryptoAmount: params.presetCryptoAmount,
    presetFiatAmount: params.presetFiatAmount,
    provider: params.provider,
    paymentCurrency: params.paymentCurrency,
    paymentMethod: params.paymentMethod,
  })
}

export async function options(t: GatewayTransport): Promise<OnrampOptionsResponse> {
  try {
    return await t.get<OnrampOptionsResponse>('/v1/onramp/options', {})
  } catch {
    return { ...defaultOnrampOptions(), fallback: true }
  }
}

export async function quote(t: GatewayTransport, params: OnrampQuoteRequest): Promise<OnrampQuote> {
  try {
    return await t.post<OnrampQuote>('/v1/onramp/quote', {
      purchaseCurrency: params.purchaseCurrency,
      paymentCurrency: params.paymentCurrency,
      amount: params.amount,
      network: params.network,
      provider: params.provider,
      paymentMethod: params.paymentMethod,
    })
  } catch {
    return { ...mockOnrampQuote(params), fallback: true }
  }
}
