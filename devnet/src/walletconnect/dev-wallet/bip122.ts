import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { BIP322 } from 'bip322-js'
import { crypto, initEccLib, type Network, networks, Psbt, payments } from 'bitcoinjs-lib'
import { sign as signBitcoinMessage } from 'bitcoinjs-message'
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

/** CAIP-2 reference (first 32 hex of the genesis hash) → address parameters. */
const NETWORKS: Record<string, Network> = {
  '000000000019d6689c085ae165831e93': networks.bitcoin,
  '000000000933ea01ad0ee984209779ba': networks.testnet,
  '0f9188f13cb7b2c71f2a335e3a4fc328': networks.regtest,
}

interface Key {
  intention: 'payment' | 'ordinal'
  address: string
  script: Uint8Array
  path: string
  /** Compressed key (payment) or x-only internal key (ordinals), hex. */
  publicKey: string
  privateKey: Uint8Array
  internalKey?: Uint8Array
  signer: { publicKey: Uint8Array; sign?(h: Uint8Array): Uint8Array; signSchnorr?(h: Uint8Array): Uint8Array }
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
const utf8 = new TextEncoder()

const derived = new WeakMap<DevWcBitcoinKey, Map<string, Key[]>>()

/**
 * The payment and ordinals keys of `key` for the network of `chainId`
 * (CAIP-2), derived once per chain (the seed's PBKDF2 is slow).
 */
export function bitcoinKeysFor(key: DevWcBitcoinKey, chainId: string): Key[] {
  const network = NETWORKS[chainId.split(':')[1] ?? '']
  if (!chainId.startsWith('bip122:') || !network) throw unrecognizedChain(chainId)
  const byChain = derived.get(key) ?? new Map<string, Key[]>()
  derived.set(key, byChain)
  const known = byChain.get(chainId)
  if (known) return known
  const keys = deriveKeys(key, network)
  byChain.set(chainId, keys)
  return keys
}

function deriveKeys(key: DevWcBitcoinKey, network: Network): Key[] {
  initEccLib(ecc)
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(key.mnemonic ?? BITCOIN_DEV_MNEMONIC))
  const coin = network === networks.bitcoin ? 0 : 1
  const index = key.index ?? 0
  const payPath = `m/84'/${coin}'/0'/0/${index}`
  const trPath = `m/86'/${coin}'/0'/0/${index}`
  const p = root.derive(payPath)
  const o = root.derive(trPath)
  const pay = payments.p2wpkh({ pubkey: p.publicKey!, network })
  const internalKey = o.publicKey!.slice(1)
  const tr = payments.p2tr({ internalPubkey: internalKey, network })
  // Taproot key path (BIP-86, no script tree): the private key tweaked by its own x-only key.
  const even = o.publicKey![0] === 3 ? ecc.privateNegate(o.privateKey!) : o.privateKey!
  const tweaked = ecc.privateAdd(even, crypto.taggedHash('TapTweak', internalKey))!
  return [
    {
      intention: 'payment',
      address: pay.address!,
      script: pay.output!,
      path: payPath,
      publicKey: hex(p.publicKey!),
      privateKey: p.privateKey!,
      signer: { publicKey: p.publicKey!, sign: (h) => ecc.sign(h, p.privateKey!) },
    },
    {
      intention: 'ordinal',
      address: tr.address!,
      script: tr.output!,
      path: trPath,
      publicKey: hex(internalKey),
      privateKey: o.privateKey!,
      internalKey,
      signer: {
        publicKey: ecc.pointFromScalar(tweaked, true)!,
        signSchnorr: (h) => ecc.signSchnorr(h, tweaked),
      },
    },
  ]
}

/**
 * Legacy "Bitcoin Signed Message" ECDSA in BIP-137's segwit form (header
 * 39+recid for p2wpkh), base64, with `bitcoinjs-message` (the library
 * `bip322-js` itself signs and verifies that format with): the wallet's two
 * message formats both come from the bip322-js family, no copy of either here.
 */
function signEcdsa(message: string, key: Key): string {
  return signBitcoinMessage(message, Buffer.from(key.privateKey), true, { segwitType: 'p2wpkh' }).toString(
    'base64',
  )
}

/**
 * BIP-322 "simple" with `bip322-js` (the same library the conformance kit
 * verifies with): its virtual `to_spend` / `to_sign` transactions, signed
 * here with the wallet's key (ECDSA for p2wpkh, Schnorr with the tweaked key
 * for p2tr), its witness encoding; base64.
 */
function signBip322(message: Uint8Array, key: Key): string {
  const script = Buffer.from(key.script)
  const toSpend = BIP322.buildToSpendTx(Buffer.from(message), script)
  const toSign = BIP322.buildToSignTx(
    toSpend.getId(),
    script,
    false,
    key.internalKey ? Buffer.from(key.internalKey) : undefined,
  )
  const { signer } = key
  toSign.signInput(0, {
    publicKey: Buffer.from(signer.publicKey),
    ...(signer.sign ? { sign: (h: Buffer) => Buffer.from(signer.sign!(h)) } : {}),
    ...(signer.signSchnorr ? { signSchnorr: (h: Buffer) => Buffer.from(signer.signSchnorr!(h)) } : {}),
  } as never)
  toSign.finalizeAllInputs()
  return BIP322.encodeWitness(toSign)
}

export interface Bip122Context {
  key: DevWcBitcoinKey
  tamper(kind: 'signature'): boolean
}

/** The wallet's key for `address` on the chain, or 4100 when it holds none. */
function keyOf(keys: Key[], address: unknown): Key {
  const key = keys.find((k) => k.address === address)
  if (!key) throw unauthorized('Account not authorized.')
  return key
}

/**
 * Answers one bip122 request on `chainId` with the wallet's keys: addresses
 * with their intentions, ECDSA or BIP-322 message signatures, and PSBT
 * signing of the inputs the dApp names (only inputs spending the wallet's own
 * scripts; the PSBT is returned unfinalized, never broadcast), and
 * `sendTransfer` from the payment address (signed and broadcast by the wallet).
 */
export function answerBip122(ctx: Bip122Context, method: string, params: unknown, chainId: string): unknown {
  const keys = bitcoinKeysFor(ctx.key, chainId)
  const p = (params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'getAccountAddresses': {
      const wanted = Array.isArray(p.intentions) ? p.intentions : ['payment']
      return keys
        .filter((k) => wanted.includes(k.intention))
        .map((k) => ({ address: k.address, publicKey: k.publicKey, path: k.path, intention: k.intention }))
    }
    case 'signMessage': {
      const key = keyOf(keys, p.address ?? p.account)
      if (typeof p.message !== 'string') throw invalidParams('message')
      const protocol = p.protocol ?? 'ecdsa'
      if (protocol !== 'ecdsa' && protocol !== 'bip322') throw invalidParams('protocol (ecdsa or bip322)')
      if (protocol === 'ecdsa' && key.intention !== 'payment')
        throw invalidParams('ECDSA signing needs the p2wpkh payment address')
      const message = utf8.encode(p.message)
      let signature = protocol === 'ecdsa' ? signEcdsa(p.message, key) : signBip322(message, key)
      if (ctx.tamper('signature')) signature = `A${signature.slice(1)}`
      return { address: key.address, signature }
    }
    case 'signPsbt': {
      if (typeof p.psbt !== 'string') throw invalidParams('psbt (base64)')
      let psbt: Psbt
      try {
        psbt = Psbt.fromBase64(p.psbt, { network: NETWORKS[chainId.split(':')[1]!]! })
      } catch {
        throw invalidParams('psbt is not a base64 PSBT')
      }
      if (p.broadcast === true) throw invalidParams('broadcast is not supported by the dev wallet')
      const asked = Array.isArray(p.signInputs) ? (p.signInputs as Record<string, unknown>[]) : undefined
      const targets: Record<string, unknown>[] =
        asked ??
        psbt.data.inputs.flatMap((input, index) =>
          keys.some((k) => input.witnessUtxo && eq(k.script, input.witnessUtxo.script)) ? [{ index }] : [],
        )
      for (const t of targets) {
        const index = t.index
        const input = typeof index === 'number' ? psbt.data.inputs[index] : undefined
        const script = input?.witnessUtxo?.script
        const key = script && keys.find((k) => eq(k.script, script))
        if (!key) throw unauthorized(`Input ${String(index)} does not spend an address of this wallet.`)
        if (t.address !== undefined && t.address !== key.address)
          throw invalidParams(`input ${index} spends ${key.address}, not ${String(t.address)}`)
        if (key.internalKey && !input.tapInternalKey)
          psbt.updateInput(index as number, { tapInternalKey: key.internalKey })
        const sighashTypes = Array.isArray(t.sighashTypes) ? (t.sighashTypes as number[]) : undefined
        psbt.signInput(index as number, key.signer as never, sighashTypes)
      }
      return { psbt: psbt.toBase64() }
    }
    case 'sendTransfer': {
      const payment = keys.find((k) => k.intention === 'payment')!
      return sendTransfer(p, payment, NETWORKS[chainId.split(':')[1]!]!, ctx.key.esploraUrl)
    }
    default:
      throw unsupported(method)
  }
}
