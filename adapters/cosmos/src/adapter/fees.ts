import {
  AccountCannotSendError,
  type AccountReserve,
  AddressOrAuthConnectorNotFoundError,
  type FeeEstimate,
  PorticoError,
} from '@portico/core'
import { InvalidCosmosAddressError, isCosmosAddress } from '../address/index.js'
import { getAllCosmosBalances } from '../balances/index.js'
import type { CosmosClients } from '../client/index.js'
import { toCosmosPorticoError } from '../errors/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import { type CosmosTransactionRequest, estimateCosmosFee } from '../send/index.js'
import type { CosmosSession } from './session.js'

/**
 * An `ethsecp256k1` (Ethermint: Evmos, Injective) account signs transactions
 * with an Ethereum-style key type and account that CosmJS's `SigningStargateClient`
 * cannot build: refused before the wallet is asked (`AccountCannotSendError`)
 * rather than broadcast as a transaction the chain refuses.
 */
export function assertCanSend(record: { addressType?: string; address: string }): void {
  if (record.addressType === 'ethsecp256k1')
    throw new AccountCannotSendError({
      details: `${record.address} is an ethsecp256k1 (Ethermint) account: CosmJS signs secp256k1 transactions only`,
    })
}

export interface FeeDeps {
  clients: CosmosClients
  gasMultiplier: number
  sessions: () => Iterable<CosmosSession>
}

/**
 * The fee of a send, priced now: simulated gas × multiplier × gas price. The
 * simulation needs the sender's public key: the connected account's, or the
 * one on chain for an account that has sent before.
 */
export async function estimateFee(
  deps: FeeDeps,
  params: { network: CosmosNetwork; address?: string | undefined; request: CosmosTransactionRequest },
): Promise<FeeEstimate> {
  const { network, address, request } = params
  const session = [...deps.sessions()].find(
    (s) => s.network === network && (address === undefined || s.key.record.address === address),
  )
  const from = address ?? session?.key.record.address
  if (!from) throw new AddressOrAuthConnectorNotFoundError({ details: 'estimateFee needs an address' })
  let pubKey = session?.key.pubKey
  if (!pubKey) {
    // Another account: its key is on chain once it has sent a transaction.
    const account = await (await deps.clients.get(network.rpcUrls.default.http[0]!))
      .getAccount(from)
      .catch((e) => {
        throw toCosmosPorticoError(e)
      })
    const value = account?.pubkey?.value
    if (typeof value === 'string') pubKey = Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
  }
  if (!pubKey) {
    throw new PorticoError('The fee cannot be estimated yet', {
      code: 'COSMOS_PUBKEY_UNKNOWN',
      details: `${from} has no public key on chain and is not connected`,
    })
  }
  const { gas: _gas, ...fee } = await estimateCosmosFee({
    network,
    from,
    pubKey,
    request,
    gasMultiplier: deps.gasMultiplier,
  })
  return fee
}

/**
 * Sending a token other than the fee coin: the fee is paid in the fee
 * coin (`fee-denom`), so that much of it must stay; `keep` is the fee of
 * such a send priced now for the whole token balance — the longest amount,
 * and gas grows with the message's bytes — so it covers any send of the
 * token. The fee coin itself: nothing beyond the fee.
 */
export async function feeDenomReserve(
  deps: FeeDeps,
  params: { network: CosmosNetwork; address: string; token?: string | undefined },
): Promise<AccountReserve | undefined> {
  const { network, address, token } = params
  const feeCoin = network.cosmos.currencies[0]!
  if (token === undefined || token === feeCoin.denom) return undefined
  if (!isCosmosAddress(address, network.cosmos.bech32Prefix))
    throw new InvalidCosmosAddressError(address, network.cosmos.bech32Prefix)
  const [held] = await getAllCosmosBalances(deps.clients, network, address, [token])
  const fee = await estimateFee(deps, {
    network,
    address,
    request: {
      to: address,
      amount: [{ denom: token, amount: held && held.value > 0n ? held.value.toString() : '1' }],
    },
  })
  return {
    keep: fee,
    kind: 'fee-denom',
    reason: `The fee is paid in ${feeCoin.symbol}: keep ${fee.formatted} ${feeCoin.symbol} for it`,
  }
}
