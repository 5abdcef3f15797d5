import type { Card } from '../approve/card.js'
import { type ChainKeys, type ChainRequest, ChainWireError } from '../chain-keys.js'
import { publicKeyHex, publicKeyOf, withBitcoinKey } from './key.js'
import { signMessage } from './message.js'
import {
  addressOf,
  BITCOIN_NETWORKS,
  type BitcoinParams,
  bitcoinParams,
  ownAddress,
  toWif,
  walletAddresses,
  walletScripts,
} from './networks.js'
import { asBitcoin, BITCOIN_PUBLIC_METHODS, parseBitcoinRequest } from './request.js'
import { analysePsbt, describePsbt, signPsbt } from './sign-psbt.js'
import { bt } from './strings.js'

/**
 * The wallet's Bitcoin side (`bip122`): one secp256k1 key derived from the
 * wallet secret (see `key.ts`), shown as two addresses on each network: the
 * payment address (P2WPKH) and the ordinal address (P2TR key path, BIP-86
 * tweak, no script tree). Messages: legacy ECDSA (payment address) and
 * BIP-322 simple (both). PSBTs: the listed inputs that spend one of these
 * addresses, SIGHASH_ALL (or DEFAULT for taproot) only.
 */
function network(request: ChainRequest): BitcoinParams {
  const params = bitcoinParams(request.chainId)
  // `parse` let only known networks through: a request built elsewhere is a caller's mistake.
  if (!params) throw new ChainWireError(`unknown Bitcoin network ${request.chainId}`)
  return params
}

const FORMAT = { ecdsa: 'ECDSA (Bitcoin Signed Message)', bip322: 'BIP-322' } as const

function describe(request: ChainRequest, publicKey: string): Card {
  const r = asBitcoin(request)
  const params = network(request)
  if (r.method === 'signMessage') {
    const own = ownAddress(publicKey, params, r.params.address)
    if (!own) throw new ChainWireError(`${r.params.address} is not an address of this wallet on this network`)
    if (r.params.protocol === 'ecdsa' && own.intention !== 'payment')
      throw new ChainWireError('ECDSA message signatures are for the payment (P2WPKH) address: use bip322')
    return {
      title: bt('signMessage'),
      details: [{ label: bt('messageLabel'), text: r.params.message }],
      lines: [
        bt('signer', { address: bt('thisWallet', { address: own.address }) }),
        bt('format', { format: FORMAT[r.params.protocol] }),
        bt('network', { network: `${params.name} (${request.chainId})` }),
      ],
    }
  }
  if (r.method === 'signPsbt')
    return describePsbt(analysePsbt(r.params, publicKey, params), publicKey, params, request.chainId)
  throw new ChainWireError(`${request.method} needs no approval`)
}

export const bitcoinKeys: ChainKeys<Card> = {
  type: 'bip122',
  publicMethods: BITCOIN_PUBLIC_METHODS,
  parse: parseBitcoinRequest,

  publicKey: (secret) => withBitcoinKey(secret, publicKeyHex),

  answerPublic(request, publicKey) {
    const r = asBitcoin(request)
    if (r.method !== 'getAccountAddresses')
      throw new ChainWireError(`${request.method} is not a public method`)
    return walletAddresses(publicKey, network(request))
      .filter((a) => r.params.intentions.includes(a.intention))
      .map(({ address, publicKey: key, intention }) => ({ address, publicKey: key, intention }))
  },

  describe,

  sign(secret, request) {
    const r = asBitcoin(request)
    const params = network(request)
    return withBitcoinKey(secret, (key) => {
      // Everything is read again against the key rebuilt now, not a remembered public key.
      const publicKey = publicKeyHex(key)
      if (r.method === 'signMessage') {
        const own = ownAddress(publicKey, params, r.params.address)
        if (!own)
          throw new ChainWireError(`${r.params.address} is not an address of this wallet on this network`)
        return { address: own.address, signature: signMessage(r.params.message, own, r.params.protocol, key) }
      }
      if (r.method === 'signPsbt') return { psbt: signPsbt(analysePsbt(r.params, publicKey, params), key) }
      throw new ChainWireError(`${request.method} is not a signature`)
    })
  },

  exportKey: (secret) =>
    withBitcoinKey(secret, (key) => {
      // Mainnet WIF: what wallets expect unless told otherwise; test networks take the same key.
      const main = BITCOIN_NETWORKS['000000000019d6689c085ae165831e93'] as BitcoinParams
      const scripts = walletScripts(publicKeyOf(key))
      return {
        label: bt('exportLabel'),
        key: toWif(key, main),
        note: bt('exportNote', {
          address: addressOf(scripts.payment, main) as string,
          taproot: addressOf(scripts.ordinal, main) as string,
        }),
      }
    }),
}
