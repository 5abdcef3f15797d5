import { base64, hex } from '@scure/base'
import type { Card } from '../approve/card.js'
import type { ChainKeys, ChainRequest } from '../chain-keys.js'
import { cosmosAccount, prepareCosmos } from './describe.js'
import { bech32Address, cosmosPrivateKey, publicKeyFromHex, publicKeyOf, signHash } from './key.js'
import { COSMOS_PUBLIC_METHODS, type CosmosRequest, parseCosmosRequest } from './request.js'
import { ct } from './strings.js'

export { COSMOS_DERIVATION } from './key.js'

/** How a secp256k1 public key is named in an amino `StdSignature` (what the adapter and the chain read). */
const PUBKEY_TYPE = 'tendermint/PubKeySecp256k1'

// `parse` only ever hands out CosmosRequest values, so this narrows what the frame passes back.
const asCosmos = (request: ChainRequest) => request as unknown as CosmosRequest

/**
 * The wallet's Cosmos key (issue 14): one secp256k1 key, HMAC-derived from
 * the wallet's secret, whose address is the same 20 bytes on every Cosmos
 * chain under that chain's bech32 prefix (as Keplr's one key per coin type
 * 118). It answers the WalletConnect cosmos methods the Cosmos adapter sends:
 * accounts without approval, direct and amino signatures (ADR-036 messages
 * included) after the visitor's Approve.
 */
export const cosmosKeys: ChainKeys<Card> = {
  type: 'cosmos',
  publicMethods: COSMOS_PUBLIC_METHODS,
  parse: parseCosmosRequest,

  async publicKey(secret) {
    const key = await cosmosPrivateKey(secret)
    try {
      return hex.encode(publicKeyOf(key))
    } finally {
      key.fill(0)
    }
  },

  answerPublic(request, publicKey) {
    const r = asCosmos(request)
    if (r.method !== 'cosmos_getAccounts') throw new Error(`${r.method} is not a public method`)
    return [cosmosAccount(r.params.bech32Prefix, publicKeyFromHex(publicKey))]
  },

  describe(request, publicKey) {
    const {
      hash: _hash,
      signed: _signed,
      ...card
    } = prepareCosmos(asCosmos(request), publicKeyFromHex(publicKey))
    return card
  },

  async sign(secret, request) {
    const key = await cosmosPrivateKey(secret)
    try {
      const publicKey = publicKeyOf(key)
      // Checked again against the key rebuilt now, not the remembered public key.
      const { hash, signed } = prepareCosmos(asCosmos(request), publicKey)
      return {
        signed,
        signature: {
          signature: base64.encode(signHash(key, hash)),
          pub_key: { type: PUBKEY_TYPE, value: base64.encode(publicKey) },
        },
      }
    } finally {
      key.fill(0)
    }
  },

  async exportKey(secret) {
    const key = await cosmosPrivateKey(secret)
    try {
      return {
        label: ct('exportLabel'),
        // Keplr's and Leap's "import private key" take the 32 bytes as hex.
        key: hex.encode(key),
        note: ct('exportNote', { address: bech32Address('cosmos', publicKeyOf(key)) }),
      }
    } finally {
      key.fill(0)
    }
  },
}
