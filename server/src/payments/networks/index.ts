import { addressParams } from '@portico/adapter-bitcoin'
import type { ChainRegistry } from '../../chains/index.js'
import {
  type GatewayConfig,
  isBitcoinNetwork,
  isCosmosNetwork,
  isPolkadotNetwork,
  isSolanaNetwork,
} from '../../config/index.js'
import { bitcoinPaymentNetwork } from './bitcoin.js'
import { cosmosPaymentNetwork } from './cosmos.js'
import { evmPaymentNetwork } from './evm.js'
import { polkadotPaymentNetwork } from './polkadot.js'
import { solanaPaymentNetwork } from './solana.js'
import type { PaymentNetwork } from './types.js'

export { BITCOIN_PAYMENT_WINDOW_MS, bitcoinPaymentNetwork } from './bitcoin.js'
export { COSMOS_PAYMENT_WINDOW_MS, cosmosPaymentNetwork } from './cosmos.js'
export { evmPaymentNetwork, readEvmPayment } from './evm.js'
export { POLKADOT_PAYMENT_WINDOW_MS, polkadotPaymentNetwork } from './polkadot.js'
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
 * The networks on which the gateway verifies payments: every configured EVM, Solana, Polkadot
 * and Cosmos network, and every Bitcoin network of a known genesis.
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
    else if (isPolkadotNetwork(n)) out.set(n.caipNetworkId, polkadotPaymentNetwork(n))
    else if (isCosmosNetwork(n)) out.set(n.caipNetworkId, cosmosPaymentNetwork(n))
  }
  return out
}
