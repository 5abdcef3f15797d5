import { UnrecognizedChainError } from '@portico/core'
import type { EvmNetwork } from '../networks/index.js'
import { type Eip1193Provider, findErrorCode, walletRequest } from '../provider/index.js'
import { toHexQuantity } from '../units/index.js'

/**
 * Asks the wallet to switch to `network`; a wallet that does not know the
 * chain (4902) gets it added from the network's config first, then switched.
 * Over a request channel the switch is local when the session covers the
 * chain (see `channelProvider`).
 */
export async function switchChain(provider: Eip1193Provider, network: EvmNetwork): Promise<void> {
  const chainId = toHexQuantity(network.id)
  try {
    await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }])
    return
  } catch (error) {
    if (!(error instanceof UnrecognizedChainError) && !findErrorCode(error, 4902)) throw error
  }
  // 4902: the wallet does not know the chain — add it from the network's config, then switch.
  await walletRequest(provider, 'wallet_addEthereumChain', [
    {
      chainId,
      chainName: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: [...network.rpcUrls.default.http],
      ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
      ...(network.assets?.imageUrl ? { iconUrls: [network.assets.imageUrl] } : {}),
    },
  ])
  await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }])
}
