import {
  type BitcoinNetworkKind,
  type BitcoinSigner,
  type BitcoinSigningKey,
  createBitcoinSigner,
} from '@portico/dev-wallets/bitcoin'
import { BITCOIN_DEV_MNEMONIC } from '../../bitcoin/keys.js'
import { sendTransfer } from './bip122-transfer.js'
import { invalidParams, unauthorized, unrecognizedChain, unsupported } from './errors.js'

/** The bip122 methods the dev WalletConnect wallet answers (WalletConnect Bitcoin RPC reference). */
export const BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
export const BIP122_EVENTS = ['bip122_addressesChanged'] as const
export const BIP122_READS = new Set(['getAccountAddresses'])

/** The wallet's Bitcoin keys: an HD account of a mnemonic (BIP-84 payment, BIP-86 ordinals). */
export interface DevWcBitcoinKey {
  /** Default: the devnet's dev mnemonic (`BITCOIN_DEV_MNEMONIC`), which the regtest devnet funds. */
  mnemonic?: string
  /** Address index (`m/84'/1'/0'/0/<index>`); default 0. The devnet funds 0, 1 and 2. */
  index?: number
  /** Esplora API the wallet reads its UTXOs from and broadcasts to (`sendTransfer`); without it sendTransfer is refused. */
  esploraUrl?: string
}

/** CAIP-2 reference (first 32 hex of the genesis hash) → network. */
const NETWORKS: Record<string, BitcoinNetworkKind> = {
  '000000000019d6689c085ae165831e93': 'mainnet',
  '000000000933ea01ad0ee984209779ba': 'testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'regtest',
}

const signers = new WeakMap<DevWcBitcoinKey, Map<string, BitcoinSigner>>()
const utf8 = new TextEncoder()
/** WalletConnect's intention names for the signing core's purposes. */
const INTENTION = { payment: 'payment', ordinals: 'ordinal' } as const

/** The devnet's signing core for `key` on the network of `chainId` (CAIP-2), made once per chain. */
export function bitcoinSignerFor(key: DevWcBitcoinKey, chainId: string): BitcoinSigner {
  const network = NETWORKS[chainId.split(':')[1] ?? '']
  if (!chainId.startsWith('bip122:') || !network) throw unrecognizedChain(chainId)
  const byChain = signers.get(key) ?? new Map<string, BitcoinSigner>()
  signers.set(key, byChain)
  let signer = byChain.get(chainId)
  if (!signer) {
    signer = createBitcoinSigner({
      mnemonic: key.mnemonic ?? BITCOIN_DEV_MNEMONIC,
      network,
      account: key.index ?? 0,
    })
    byChain.set(chainId, signer)
  }
  return signer
}

/** The payment and ordinals keys of `key` on `chainId`. */
export function bitcoinKeysFor(key: DevWcBitcoinKey, chainId: string): readonly BitcoinSigningKey[] {
  return bitcoinSignerFor(key, chainId).keys
}

export interface Bip122Context {
  key: DevWcBitcoinKey
  tamper(kind: 'signature'): boolean
}

/** Which inputs `signPsbt` names: `[{ address?, index, sighashTypes? }]`, or all of the wallet's own. */
function signTargets(asked: unknown) {
  if (asked === undefined) return 'own' as const
  if (!Array.isArray(asked)) throw invalidParams('signInputs (an array)')
  return asked.map((t: Record<string, unknown>) => {
    if (typeof t?.index !== 'number') throw invalidParams('signInputs[].index')
    return {
      index: t.index,
      ...(typeof t.address === 'string' ? { address: t.address } : {}),
      ...(Array.isArray(t.sighashTypes) ? { sighashTypes: t.sighashTypes as number[] } : {}),
    }
  })
}

/**
 * Answers one bip122 request on `chainId` with the signing core: addresses
 * with their intentions, ECDSA or BIP-322 message signatures, PSBT signing
 * of the inputs the dApp names (only inputs spending the wallet's own
 * scripts; returned unfinalized, never broadcast), and `sendTransfer` from
 * the payment address (signed and broadcast by the wallet).
 */
export function answerBip122(ctx: Bip122Context, method: string, params: unknown, chainId: string): unknown {
  const signer = bitcoinSignerFor(ctx.key, chainId)
  const p = (params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'getAccountAddresses': {
      const wanted = Array.isArray(p.intentions) ? p.intentions : ['payment']
      return signer.keys
        .filter((k) => wanted.includes(INTENTION[k.purpose]))
        .map((k) => ({
          address: k.address,
          publicKey: k.publicKey,
          path: k.path,
          intention: INTENTION[k.purpose],
        }))
    }
    case 'signMessage': {
      const key = signer.keyFor(String(p.address ?? p.account))
      if (!key) throw unauthorized('Account not authorized.')
      if (typeof p.message !== 'string') throw invalidParams('message')
      const protocol = p.protocol ?? 'ecdsa'
      if (protocol !== 'ecdsa' && protocol !== 'bip322') throw invalidParams('protocol (ecdsa or bip322)')
      if (protocol === 'ecdsa' && key.purpose !== 'payment')
        throw invalidParams('ECDSA signing needs the p2wpkh payment address')
      let signature = signer.signMessage(key.address, utf8.encode(p.message), protocol)
      if (ctx.tamper('signature')) signature = `A${signature.slice(1)}`
      return { address: key.address, signature }
    }
    case 'signPsbt': {
      if (typeof p.psbt !== 'string') throw invalidParams('psbt (base64)')
      let psbt: ReturnType<BitcoinSigner['readPsbt']>
      try {
        psbt = signer.readPsbt(p.psbt, 'base64')
      } catch {
        throw invalidParams('psbt is not a base64 PSBT')
      }
      if (p.broadcast === true) throw invalidParams('broadcast is not supported by the dev wallet')
      try {
        signer.signPsbt(psbt, signTargets(p.signInputs))
      } catch (e) {
        // The core refuses an input of another script (this wallet's 4100) or another address than named.
        const { message } = e as Error
        throw /does not spend/.test(message) ? unauthorized(`${message}.`) : invalidParams(message)
      }
      return { psbt: psbt.toBase64() }
    }
    case 'sendTransfer':
      return sendTransfer(p, signer.keyOf('payment'), signer.params, ctx.key.esploraUrl)
    default:
      throw unsupported(method)
  }
}
