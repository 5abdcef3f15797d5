import { formatSiwxMessage, SiwxMessageError, type SiwxMessageFields } from '@portico/core'
import { assertNetworkAddress } from '../address/index.js'

/**
 * The CAIP-122 sign-in text of a Polkadot account ("… sign in with your
 * Polkadot account:"), for a `polkadot:<genesis-hash prefix>` network; the
 * address must be SS58 with the network's prefix (`ss58Prefix`). The
 * extension signs it with `signRaw` (type `bytes`, so it wraps it in
 * `<Bytes>…</Bytes>`), and the gateway verifies either form. Throws
 * `SiwxMessageError` for another namespace, `InvalidPolkadotAddressError`
 * for an address not of the network.
 *
 * @example
 * formatPolkadotSignInMessage({ ...fields, caipNetworkId: polkadotMainnet.caipNetworkId }, 0)
 */
export function formatPolkadotSignInMessage(fields: SiwxMessageFields, ss58Prefix: number): string {
  if (!/^polkadot:[0-9a-fA-F]{32}$/.test(fields.caipNetworkId))
    throw new SiwxMessageError(
      `caipNetworkId must be polkadot:<genesis hash prefix>: ${fields.caipNetworkId}`,
    )
  assertNetworkAddress(fields.address, ss58Prefix)
  return formatSiwxMessage(fields, 'Polkadot')
}
