import type { CaipNetworkId, PayExchangeProvider, PaymentSession } from '../../contracts/index.js'
import { formatUnits } from '../../utils/index.js'
import { checkExchangeUrl } from './url.js'

export interface CoinbasePayExchangeOptions {
  /**
   * A session token from the site's back end (Coinbase's Onramp "Create
   * session token" call, authenticated with the site's CDP key, binding the
   * receiver address and asset). Never made in the browser: the key is secret.
   */
  sessionToken(payment: PaymentSession): Promise<string>
  /** Coinbase's network names by CAIP-2 id (`{ 'eip155:8453': 'base', 'solana:5eykt4…': 'solana' }`); others are not offered. */
  networks: Readonly<Record<CaipNetworkId, string>>
}

/**
 * Pay from Coinbase: builds the Coinbase-hosted Onramp URL in its "send"
 * experience (transfer from the visitor's Coinbase balance), written from the
 * shape Coinbase documents for one-click URLs — `https://pay.coinbase.com/buy/select-asset`
 * with `sessionToken`, `defaultNetwork`, `defaultAsset`, `presetCryptoAmount`
 * and `defaultExperience=send` (docs.cdp.coinbase.com, "Generating an Onramp
 * URL" / "One-click-buy URL"). Off unless configured.
 *
 * @example
 * createPortico({ pay: { exchanges: [coinbasePayExchange({ networks: { 'eip155:8453': 'base' }, sessionToken: (p) => myBackend.coinbaseToken(p) })] } })
 */
export function coinbasePayExchange(options: CoinbasePayExchangeOptions): PayExchangeProvider {
  return {
    id: 'coinbase',
    name: 'Coinbase',
    supports: (payment) => options.networks[payment.request.network] !== undefined,
    async start({ payment }) {
      const network = options.networks[payment.request.network]
      if (network === undefined) throw new Error('Coinbase: this network is not configured')
      const token = await options.sessionToken(payment)
      const url = new URL('https://pay.coinbase.com/buy/select-asset')
      url.searchParams.set('sessionToken', token)
      url.searchParams.set('defaultNetwork', network)
      url.searchParams.set('defaultAsset', payment.asset.symbol)
      url.searchParams.set('presetCryptoAmount', formatUnits(payment.units, payment.asset.decimals))
      url.searchParams.set('defaultExperience', 'send')
      return { kind: 'redirect', url: checkExchangeUrl(url, ['pay.coinbase.com']) }
    },
  }
}
