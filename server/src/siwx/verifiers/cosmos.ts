import { adr036KeyAlgorithm, verifyAdr036Signature } from '@portico/adapter-cosmos'
import type { SignInVerifier } from '../verify.js'

/**
 * Bech32 account prefixes of well-known chains (Injective and Evmos accounts
 * use Ethermint's eth_secp256k1 keys: the client names the key type). Networks
 * in the gateway's config add to and override these.
 */
export const COSMOS_SIGN_IN_PREFIXES: Readonly<Record<string, string>> = {
  'cosmoshub-4': 'cosmos',
  'osmosis-1': 'osmo',
  'juno-1': 'juno',
  'stargaze-1': 'stars',
  'akashnet-2': 'akash',
  'neutron-1': 'neutron',
  celestia: 'celestia',
  'noble-1': 'noble',
  'injective-1': 'inj',
  'evmos_9001-2': 'evmos',
}

const HEX_KEY = /^0x0[23][0-9a-fA-F]{64}$/
const BASE64_KEY = /^[A-Za-z0-9+/]{44}$/
const BASE64_SIG = /^[A-Za-z0-9+/]{86}==$/

/**
 * cosmos: ADR-036 (Keplr `signArbitrary`). The signature (base64, 64 bytes
 * r‖s, low S) is secp256k1 over the hash of the sorted-JSON amino sign doc
 * `sign/MsgSignData {signer, data: base64(message)}` with empty chain id,
 * zero account number, sequence and fee; the `publicKey` the wallet returned
 * must hash to the address, and the address must carry the chain's bech32
 * prefix. The key type the client sends selects the scheme: none or
 * `/cosmos.crypto.secp256k1.PubKey` — address ripemd160 ∘ sha256 of the key,
 * sha256 of the doc; `/ethermint.crypto.v1.ethsecp256k1.PubKey` or
 * `/injective.crypto.v1beta1.ethsecp256k1.PubKey` — address the last 20
 * bytes of keccak256 of the uncompressed key, keccak256 of the doc. Any other
 * type, or a chain with no known prefix, is refused.
 */
export function cosmosSignInVerifier(
  networks: readonly { caipNetworkId: string; bech32Prefix: string }[] = [],
): SignInVerifier {
  const prefixes = new Map(Object.entries(COSMOS_SIGN_IN_PREFIXES))
  for (const n of networks) prefixes.set(n.caipNetworkId.slice('cosmos:'.length), n.bech32Prefix)
  return async ({ message, address, caipNetworkId, signature, publicKey, publicKeyType }) => {
    if (!caipNetworkId.startsWith('cosmos:')) return false
    const prefix = prefixes.get(caipNetworkId.slice('cosmos:'.length))
    // The human-readable part is everything before the last "1": it must be exactly the chain's prefix.
    if (!prefix || address.lastIndexOf('1') !== prefix.length || !address.startsWith(prefix)) return false
    if (typeof publicKey !== 'string' || !(HEX_KEY.test(publicKey) || BASE64_KEY.test(publicKey)))
      return false
    if (typeof signature !== 'string' || !BASE64_SIG.test(signature)) return false
    const algorithm = adr036KeyAlgorithm(publicKeyType)
    if (!algorithm) return false
    return verifyAdr036Signature({ signer: address, data: message, publicKey, signature, algorithm })
  }
}
