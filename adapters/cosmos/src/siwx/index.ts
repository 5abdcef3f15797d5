import { formatSiwxMessage, SiwxMessageError, type SiwxMessageFields } from '@portico/core'
import { isCosmosAddress } from '../address/index.js'
import type { CosmosNetwork } from '../networks/index.js'

/**
 * The CAIP-122 sign-in text for a Cosmos account ("… sign in with your
 * Cosmos account:", "Chain ID" the chain id of `cosmos:<chain-id>`), signed
 * with ADR-036 (`signArbitrary`). The chain must be one of `networks` and the
 * address must carry that chain's bech32 prefix (an `osmo1…` address is no
 * sign-in on the Hub). Throws `SiwxMessageError` otherwise.
 *
 * @example
 * const text = formatCosmosSignInMessage({ ...fields, caipNetworkId: 'cosmos:cosmoshub-4' }, [hub])
 */
export function formatCosmosSignInMessage(
  fields: SiwxMessageFields,
  networks: readonly CosmosNetwork[],
): string {
  const caip = String(fields.caipNetworkId)
  if (!caip.startsWith('cosmos:')) throw new SiwxMessageError(`not a cosmos network: ${caip}`)
  const network = networks.find((n) => n.caipNetworkId === caip)
  if (!network) throw new SiwxMessageError(`${caip} is not one of the adapter's networks`)
  const prefix = network.cosmos.bech32Prefix
  if (!isCosmosAddress(fields.address, prefix))
    throw new SiwxMessageError(`${String(fields.address)} is not a ${prefix}1… address of ${caip}`)
  return formatSiwxMessage(fields, 'Cosmos')
}
