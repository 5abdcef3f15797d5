import { addressParams } from '@portico/adapter-bitcoin'
import type { ChainRegistry } from '../../chains/index.js'
import { type GatewayConfig, isBitcoinNetwork, isSolanaNetwork } from '../../config/index.js'
import { bitcoinPaymentNetwork } from './bitcoin.js'
import { evmPaymentNetwork } from './evm.js'
import { solanaPaymentNetwork } from './solana.js'
import type { PaymentNetwork } from './types.js'

export { BITCOIN_PAYMENT_WINDOW_MS, bitcoinPaymentNetwork } from './bitcoin.js'
export { evmPaymentNetwork, readEvmPayment } from './evm.js'
export { SOLANA_PAYMENT_WINDOW_MS, solanaPaymentNetwork } from './solana.js'
export type { ChainPayment, ChainRead, PaymentAsset, PaymentNetwork } from './types.js'
export { chainUnavailable } from './types.js'

const knownBitcoin = (id: string) => {
  try {
    addressParams(id as `bip122:${string}`)
    return true
  } catch {
    return false
  }
}

/**
 * The networks on which the gateway verifies payments: every configured EVM network, Solana
 * network and Bitcoin network (of a known genesis). Polkadot and Cosmos networks are not among
 * them yet: a payment there answers `unsupported_network`.
 */
export function paymentNetworks(
  chains: ChainRegistry,
  networks: GatewayConfig['networks'],
): Map<string, PaymentNetwork> {
  const out = new Map<string, PaymentNetwork>()
  for (const chain of chains.all()) out.set(chain.caipNetworkId, evmPaymentNetwork(chain))
  for (const n of networks) {
    if (isSolanaNetwork(n)) out.set(n.caipNetworkId, solanaPaymentNetwork(n))
    else if (isBitcoinNetwork(n) && knownBitcoin(n.caipNetworkId))
      out.set(n.caipNetworkId, bitcoinPaymentNetwork(n))
  }
  return out
}
