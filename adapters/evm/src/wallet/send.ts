import type { Hex } from 'viem'
import type { EvmTransactionRequest } from '../contract/index.js'
import type { EvmNetwork } from '../networks/index.js'
import {
  type Eip1193Provider,
  InvalidWalletResponseError,
  parseAccounts,
  parseChainId,
  parseTransactionHash,
  walletRequest,
} from '../provider/index.js'
import type { EvmRuntime } from '../runtime/index.js'
import { switchChain } from './switch.js'

/** The wallet's chain id (`eth_chainId`, validated). */
export async function readChainId(provider: Eip1193Provider): Promise<number> {
  return parseChainId('eth_chainId', await walletRequest(provider, 'eth_chainId'))
}

function txParams(rt: EvmRuntime, request: EvmTransactionRequest, from: string): Record<string, string> {
  return {
    from,
    ...(request.to ? { to: request.to } : {}),
    ...(request.value !== undefined ? { value: rt.numberToHex(request.value) } : {}),
    ...(request.data ? { data: request.data } : {}),
    ...(request.gas !== undefined ? { gas: rt.numberToHex(request.gas) } : {}),
    ...(request.maxFeePerGas !== undefined ? { maxFeePerGas: rt.numberToHex(request.maxFeePerGas) } : {}),
    ...(request.maxPriorityFeePerGas !== undefined
      ? { maxPriorityFeePerGas: rt.numberToHex(request.maxPriorityFeePerGas) }
      : {}),
    ...(request.gasPrice !== undefined ? { gasPrice: rt.numberToHex(request.gasPrice) } : {}),
  }
}

/**
 * Sends a transaction through a wallet (`eth_sendTransaction`): from the
 * request's sender, else `address`, else the wallet's first account; on
 * `network` first when given (switching the wallet when it is elsewhere).
 * Resolves the validated hash.
 */
export async function sendWithWallet(params: {
  provider: Eip1193Provider
  rt: EvmRuntime
  request: EvmTransactionRequest
  address?: string
  network?: EvmNetwork
}): Promise<Hex> {
  const { provider, rt, request, network } = params
  let from = request.from ?? params.address
  if (!from) {
    from = parseAccounts('eth_accounts', await walletRequest(provider, 'eth_accounts'), rt.getAddress)[0]
    if (!from) throw new InvalidWalletResponseError('eth_accounts', { details: 'no connected account' })
  }
  if (network && network.id !== (await readChainId(provider))) await switchChain(provider, network)
  const hash = await walletRequest(provider, 'eth_sendTransaction', [txParams(rt, request, from)])
  return parseTransactionHash('eth_sendTransaction', hash)
}
