import type { OfflineAminoSigner } from '@cosmjs/amino'
import type { OfflineDirectSigner } from '@cosmjs/proto-signing'
import { type Balance, PorticoError } from '@portico/core'
import { formatDisplay } from '../balances/index.js'
import { toCosmosPorticoError } from '../errors/index.js'
import type { Keplr } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import { currentGasPrice } from './gas-price.js'
import type { CosmosSignMode } from './options.js'
import { type CosmosTransactionRequest, toMsgSend } from './request.js'

export {
  CosmosFeeMarketError,
  currentGasPrice,
  FEEMARKET_GAS_PRICE_PATH,
  OSMOSIS_EIP_BASE_FEE_PATH,
} from './gas-price.js'
export { type CosmosSignMode, DEFAULT_GAS_MULTIPLIER } from './options.js'
export { type DeliveredTx, waitForCosmosOutcome } from './outcome.js'
export {
  type CosmosCoinAmount,
  type CosmosFee,
  type CosmosTransactionRequest,
  InvalidCosmosRequestError,
  MAX_MEMO_CHARACTERS,
  toMsgSend,
} from './request.js'

function rpcUrl(network: CosmosNetwork): string {
  return network.rpcUrls.default.http[0]!
}

/**
 * Keplr's sign options for transactions Portico prices: `preferNoSetFee`, so
 * the wallet signs the fee the preview showed instead of putting its own fee
 * picker's choice in (Keplr, Leap and Cosmostation honour it).
 */
export const KEEP_FEE_SIGN_OPTIONS = { preferNoSetFee: true } as const

/** The wallet's offline signer for the chain in the chosen mode (with `KEEP_FEE_SIGN_OPTIONS`). */
export function offlineSigner(
  keplr: Keplr,
  network: CosmosNetwork,
  mode: CosmosSignMode,
  isNanoLedger: boolean,
): OfflineAminoSigner | (OfflineAminoSigner & OfflineDirectSigner) {
  const chainId = network.cosmos.chainId
  const amino =
    mode === 'amino' || (mode === 'auto' && (isNanoLedger || typeof keplr.getOfflineSigner !== 'function'))
  if (amino) return keplr.getOfflineSignerOnlyAmino(chainId, KEEP_FEE_SIGN_OPTIONS)
  return keplr.getOfflineSigner(chainId, KEEP_FEE_SIGN_OPTIONS)
}

/** The gas price now (the chain's fee market where it has one, else the configured price), as CosmJS's `GasPrice`. */
async function gasPrice(network: CosmosNetwork) {
  const [{ GasPrice }, price] = await Promise.all([import('@cosmjs/stargate'), currentGasPrice(network)])
  return GasPrice.fromString(`${price}${network.cosmos.currencies[0]!.denom}`)
}

/**
 * Signs a MsgSend with the wallet's offline signer through an unmodified
 * `SigningStargateClient` and broadcasts it (sync: the chain's CheckTx
 * answer). Gas is simulated and multiplied unless the request has a fee.
 * Returns the tx hash (uppercase hex); `waitForCosmosOutcome` follows it to
 * its block.
 */
export async function sendCosmosTransaction(params: {
  signer: OfflineAminoSigner | (OfflineAminoSigner & OfflineDirectSigner)
  network: CosmosNetwork
  from: string
  request: CosmosTransactionRequest
  gasMultiplier: number
}): Promise<string> {
  const { msg, memo } = toMsgSend(params.network, params.from, params.request)
  try {
    const { SigningStargateClient } = await import('@cosmjs/stargate')
    const client = await SigningStargateClient.connectWithSigner(rpcUrl(params.network), params.signer, {
      gasPrice: await gasPrice(params.network),
    })
    try {
      return await client.signAndBroadcastSync(
        params.from,
        [msg],
        params.request.fee ?? params.gasMultiplier,
        memo,
      )
    } finally {
      client.disconnect()
    }
  } catch (e) {
    throw toCosmosPorticoError(e)
  }
}

/**
 * The fee a transfer would pay, as a `Balance` of the fee coin: gas from the
 * chain's `Simulate` (which runs the transfer, so an overspend fails here
 * with the chain's code 5) × `gasMultiplier` × the network's gas price.
 * Needs the sender's public key (simulation checks the signer).
 */
export async function estimateCosmosFee(params: {
  network: CosmosNetwork
  from: string
  pubKey: Uint8Array
  request: CosmosTransactionRequest
  gasMultiplier: number
}): Promise<Balance & { gas: number }> {
  const { msg, memo } = toMsgSend(params.network, params.from, params.request)
  try {
    const [{ SigningStargateClient, calculateFee }, { encodeSecp256k1Pubkey }] = await Promise.all([
      import('@cosmjs/stargate'),
      import('@cosmjs/amino'),
    ])
    encodeSecp256k1Pubkey(params.pubKey) // throws on a key that is not compressed secp256k1
    // Simulation only needs the account's public key; this signer cannot sign.
    const readOnly: OfflineAminoSigner = {
      getAccounts: async () => [{ address: params.from, algo: 'secp256k1', pubkey: params.pubKey }],
      signAmino: async () => {
        throw new PorticoError('Fee estimation does not sign', { code: 'COSMOS_ESTIMATE_ONLY' })
      },
    }
    const client = await SigningStargateClient.connectWithSigner(rpcUrl(params.network), readOnly)
    try {
      const simulated = await client.simulate(params.from, [msg], memo)
      const gas = Math.ceil(simulated * params.gasMultiplier)
      const fee = calculateFee(gas, await gasPrice(params.network))
      const coin = params.network.cosmos.currencies[0]!
      const value = BigInt(fee.amount[0]?.amount ?? '0')
      return {
        value,
        decimals: coin.decimals,
        symbol: coin.symbol,
        formatted: formatDisplay(value, coin.decimals),
        gas,
      }
    } finally {
      client.disconnect()
    }
  } catch (e) {
    throw toCosmosPorticoError(e)
  }
}
