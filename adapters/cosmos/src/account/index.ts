import type { AccountRecord, CaipAddress } from '@portico/core'
import { isCosmosAddress } from '../address/index.js'
import { toHexString } from '../client/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { KeplrKey } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'

/** Key algorithms the adapter accepts from a wallet. */
export const COSMOS_KEY_ALGOS = ['secp256k1', 'ethsecp256k1'] as const

/** A validated `getKey` answer for one chain. */
export interface CosmosKeyInfo {
  record: AccountRecord
  /** Ledger keys sign amino only. */
  isNanoLedger: boolean
  pubKey: Uint8Array
}

/** CAIP-10 account id on a Cosmos chain: `cosmos:<chain id>:<bech32 address>`. */
export function cosmosCaipAddress(network: CosmosNetwork, address: string): CaipAddress {
  return `${network.caipNetworkId}:${address}`
}

/**
 * Validates what a wallet's `getKey(chainId)` returned for `network`: a
 * bech32 address with the chain's prefix, a known algorithm, a compressed
 * secp256k1 public key (33 bytes) that hashes to the address (secp256k1
 * chains), and matching raw address bytes. Anything else is an
 * `InvalidWalletResponseError`: a wallet cannot hand the app an account it
 * has no key for. CosmJS is loaded for the hash check.
 */
export async function toCosmosKeyInfo(key: unknown, network: CosmosNetwork): Promise<CosmosKeyInfo> {
  const k = key as Partial<KeplrKey> | null
  if (!k || typeof k !== 'object') throw new InvalidWalletResponseError('getKey returned no key')
  const prefix = network.cosmos.bech32Prefix
  if (!isCosmosAddress(k.bech32Address, prefix)) {
    throw new InvalidWalletResponseError(
      `getKey returned ${String(k.bech32Address).slice(0, 100)}, not an address with the prefix "${prefix}"`,
    )
  }
  const algo = typeof k.algo === 'string' ? k.algo : ''
  if (!(COSMOS_KEY_ALGOS as readonly string[]).includes(algo)) {
    throw new InvalidWalletResponseError(`unsupported key algorithm ${algo.slice(0, 40)}`)
  }
  if (
    !(k.pubKey instanceof Uint8Array) ||
    k.pubKey.length !== 33 ||
    (k.pubKey[0] !== 2 && k.pubKey[0] !== 3)
  ) {
    throw new InvalidWalletResponseError(
      'getKey returned a public key that is not a compressed secp256k1 key',
    )
  }
  const [{ rawSecp256k1PubkeyToRawAddress }, { fromBech32, toHex }] = await Promise.all([
    import('@cosmjs/amino'),
    import('@cosmjs/encoding'),
  ])
  const data = fromBech32(k.bech32Address, 256).data
  if (k.address instanceof Uint8Array && toHex(k.address) !== toHex(data)) {
    throw new InvalidWalletResponseError('getKey returned address bytes that do not match its bech32 address')
  }
  // ethsecp256k1 addresses are keccak-derived (Ethermint); only secp256k1 ones can be checked here.
  if (algo === 'secp256k1' && toHex(rawSecp256k1PubkeyToRawAddress(k.pubKey)) !== toHex(data)) {
    throw new InvalidWalletResponseError('getKey returned a public key that does not belong to its address')
  }
  return {
    record: {
      namespace: 'cosmos',
      address: k.bech32Address,
      caipAddress: cosmosCaipAddress(network, k.bech32Address),
      type: 'eoa',
      publicKey: toHexString(k.pubKey),
      addressType: algo,
    },
    isNanoLedger: k.isNanoLedger === true,
    pubKey: k.pubKey,
  }
}
