/**
 * Built-in onramp fallbacks (SPEC §8): default options when /v1/onramp/options
 * fails, and the mock quote when /v1/onramp/quote fails.
 */
import {
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  ONRAMP_DEFAULT_MAX_ACH,
  ONRAMP_DEFAULT_MAX_CARD,
  ONRAMP_DEFAULT_MIN,
} from '../constants/index.js'
import type { OnrampOptionsResponse, OnrampQuote, OnrampQuoteRequest } from '../contracts/api.js'

/**
 * The options used when the onramp options call fails: USDC (on Ethereum,
 * Base, Polygon, Arbitrum, Optimism and Solana) and ETH, paid in USD with the
 * SPEC §5 limits — card 10.00–7500.00, ach_bank_account 10.00–25000.00.
 * Returns a fresh copy on each call.
 *
 * @example
 * const { paymentCurrencies } = defaultOnrampOptions()
 */
export function defaultOnrampOptions(): OnrampOptionsResponse {
  return {
    purchaseCurrencies: [
      {
        id: '2b92315d-eab7-5bef-84fa-089a131333f5',
        name: 'USD Coin',
        symbol: DEFAULT_PURCHASE_CURRENCY,
        networks: [
          network('ethereum', 'Ethereum', '1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'),
          network('base', 'Base', '8453', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'),
          network('polygon', 'Polygon', '137', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'),
          network('arbitrum', 'Arbitrum', '42161', '0xaf88d065e77c8cc2239327c5edb3a432268e5831'),
          network('optimism', 'Optimism', '10', '0x0b2c639c533813f4aa9d7837caf62653d097ff85'),
          network('solana', 'Solana', '0', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
        ],
      },
      {
        id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          network('ethereum', 'Ethereum', '1', ''),
          network('base', 'Base', '8453', ''),
          network('arbitrum', 'Arbitrum', '42161', ''),
          network('optimism', 'Optimism', '10', ''),
        ],
      },
    ],
    paymentCurrencies: [
      {
        id: DEFAULT_PAYMENT_CURRENCY,
        payment_method_limits: [
          { id: 'card', min: ONRAMP_DEFAULT_MIN, max: ONRAMP_DEFAULT_MAX_CARD },
          { id: 'ach_bank_account', min: ONRAMP_DEFAULT_MIN, max: ONRAMP_DEFAULT_MAX_ACH },
        ],
      },
    ],
  }
}

function network(name: string, display_name: string, chain_id: string, contract_address: string) {
  return { name, display_name, chain_id, contract_address }
}

/**
 * SPEC §8: when the quote call fails, a mock quote with every amount equal to
 * the input. Purchase amount is in the purchase currency, the rest in the
 * payment currency.
 *
 * @example
 * mockOnrampQuote({ purchaseCurrency, paymentCurrency, amount: '100' }).paymentTotal // { amount: '100', currency: 'USD' }
 */
export function mockOnrampQuote(request: OnrampQuoteRequest): OnrampQuote {
  const pay = { amount: request.amount, currency: request.paymentCurrency.id }
  return {
    coinbaseFee: { ...pay },
    networkFee: { ...pay },
    paymentSubtotal: { ...pay },
    paymentTotal: { ...pay },
    purchaseAmount: { amount: request.amount, currency: request.purchaseCurrency.symbol },
    quoteId: 'mocked-quote-id',
  }
}
