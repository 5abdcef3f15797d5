import type { CaipNetworkId, PayExchangeProvider, PaymentSession } from '../../contracts/index.js'
import { formatUnits } from '../../utils/index.js'
import { checkExchangeUrl } from './url.js'

/** The fields of Binance Onchain-Pay's pre-order the site's back end sends (it signs the call with its RSA key). */
export interface BinancePreOrder {
  /** The site's order id (the payment's `reference`, or its local id). */
  externalOrderId: string
  cryptoCurrency: string
  /** Amount in the asset's display units. */
  requestedAmount: string
  /** The receiver. */
  address: string
  /** Binance's network name (`BSC`, `ETH`, `SOL`…). */
  network: string
  /** `SEND_PRIMARY`: pay from the visitor's Binance balance rather than buy. */
  customization: { SEND_PRIMARY: true }
}

export interface BinancePayExchangeOptions {
  /** Creates the pre-order on the site's back end and returns Binance's `redirectUrl`. */
  preOrder(order: BinancePreOrder): Promise<{ redirectUrl: string }>
  /** Binance's network names by CAIP-2 id (`{ 'eip155:56': 'BSC' }`); others are not offered. */
  networks: Readonly<Record<CaipNetworkId, string>>
}

/**
 * Pay from Binance: Binance Onchain-Pay's pre-order in its "send primary"
 * mode (send from the visitor's Binance balance to an on-chain address),
 * written from the documented pre-order fields (`externalOrderId`,
 * `cryptoCurrency`, `requestedAmount`, `address`, `network`, `customization`)
 * of `papi/v1/ramp/connect/gray/buy/pre-order` (developers.binance.com,
 * Onchain-Pay Open API). The call is signed by the site's back end; the
 * browser only opens the `redirectUrl` it returns, on binance.com. Off unless configured.
 *
 * @example
 * binancePayExchange({ networks: { 'eip155:56': 'BSC' }, preOrder: (o) => myBackend.binancePreOrder(o) })
 */
export function binancePayExchange(options: BinancePayExchangeOptions): PayExchangeProvider {
  return {
    id: 'binance',
    name: 'Binance',
    supports: (payment) => options.networks[payment.request.network] !== undefined,
    async start({ payment }: { payment: PaymentSession }) {
      const network = options.networks[payment.request.network]
      if (network === undefined) throw new Error('Binance: this network is not configured')
      const { redirectUrl } = await options.preOrder({
        externalOrderId: payment.request.reference ?? payment.id,
        cryptoCurrency: payment.asset.symbol,
        requestedAmount: formatUnits(payment.units, payment.asset.decimals),
        address: payment.request.recipient,
        network,
        customization: { SEND_PRIMARY: true },
      })
      return { kind: 'redirect', url: checkExchangeUrl(redirectUrl, ['binance.com']) }
    },
  }
}
