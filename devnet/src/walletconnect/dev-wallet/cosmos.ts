import type { Secp256k1HdWallet, StdSignDoc } from '@cosmjs/amino'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { COSMOS_DEV_MNEMONIC } from '../../cosmos/fixtures.js'
import { invalidParams, unauthorized, unrecognizedChain, unsupported } from './errors.js'

/** The cosmos methods the dev WalletConnect wallet answers (WalletConnect Cosmos RPC reference). */
export const COSMOS_METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] as const
export const COSMOS_READS = new Set(['cosmos_getAccounts'])

/** The wallet's Cosmos key: one HD index of a mnemonic, and the bech32 prefix of each chain it knows. */
export interface DevWcCosmosKey {
  /** Default: the simulator's dev mnemonic (`COSMOS_DEV_MNEMONIC`), funded on every local chain. */
  mnemonic?: string
  /** HD index (`m/44'/118'/0'/0/<index>`); default 0. */
  index?: number
  /** CAIP-2 id (`cosmos:<chain-id>`) → bech32 prefix; the wallet approves these chains only. */
  prefixes: Record<string, string>
}

interface Wallets {
  direct: DirectSecp256k1HdWallet
  amino: Secp256k1HdWallet
  address: string
  pubkey: Uint8Array
}

const cache = new WeakMap<DevWcCosmosKey, Map<string, Promise<Wallets>>>()

/** CosmJS's HD wallets (direct and amino) for the prefix of `chainId`. */
export function cosmosWallets(key: DevWcCosmosKey, chainId: string): Promise<Wallets> {
  const prefix = key.prefixes[chainId]
  if (!prefix) throw unrecognizedChain(chainId)
  const byChain = cache.get(key) ?? new Map<string, Promise<Wallets>>()
  cache.set(key, byChain)
  let wallets = byChain.get(chainId)
  if (!wallets) {
    wallets = (async () => {
      const [amino, proto] = await Promise.all([import('@cosmjs/amino'), import('@cosmjs/proto-signing')])
      const mnemonic = key.mnemonic ?? COSMOS_DEV_MNEMONIC
      const hdPaths = [amino.makeCosmoshubPath(key.index ?? 0)]
      const [direct, legacy] = await Promise.all([
        proto.DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
        amino.Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
      ])
      const [account] = await direct.getAccounts()
      return { direct, amino: legacy, address: account!.address, pubkey: account!.pubkey }
    })()
    byChain.set(chainId, wallets)
  }
  return wallets
}

export interface CosmosContext {
  key: DevWcCosmosKey
  tamper(kind: 'signature'): boolean
}

function bytes(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${what} (base64)`)
  try {
    return fromBase64(value)
  } catch {
    throw invalidParams(`${what} is not base64`)
  }
}

/**
 * Answers one cosmos request on `chainId` (`cosmos:<chain-id>`) with the
 * wallet's key: its account (address, algo, base64 public key), and direct or
 * amino signatures of the sign doc the dApp sends, for this chain's id only
 * (a doc for another chain is refused as a real wallet must).
 */
export async function answerCosmos(
  ctx: CosmosContext,
  method: string,
  params: unknown,
  chainId: string,
): Promise<unknown> {
  const w = await cosmosWallets(ctx.key, chainId)
  const p = (params ?? {}) as { signerAddress?: unknown; signDoc?: Record<string, unknown> }
  const reference = chainId.slice('cosmos:'.length)
  const own = () => {
    if (p.signerAddress !== w.address) throw unauthorized('Account not authorized.')
    if (!p.signDoc || typeof p.signDoc !== 'object') throw invalidParams('signDoc')
  }
  const tampered = (signature: { signature: string; pub_key: { type: string; value: string } }) =>
    ctx.tamper('signature')
      ? { ...signature, signature: toBase64(fromBase64(signature.signature).slice(0, 63)) }
      : signature
  switch (method) {
    case 'cosmos_getAccounts':
      return [{ address: w.address, algo: 'secp256k1', pubkey: toBase64(w.pubkey) }]
    case 'cosmos_signDirect': {
      own()
      const doc = p.signDoc!
      if (doc.chainId !== reference) throw invalidParams(`signDoc.chainId is not ${reference}`)
      if (typeof doc.accountNumber !== 'string' || !/^\d{1,20}$/.test(doc.accountNumber))
        throw invalidParams('signDoc.accountNumber (decimal string)')
      const { signed, signature } = await w.direct.signDirect(w.address, {
        chainId: reference,
        accountNumber: BigInt(doc.accountNumber),
        authInfoBytes: bytes(doc.authInfoBytes, 'signDoc.authInfoBytes'),
        bodyBytes: bytes(doc.bodyBytes, 'signDoc.bodyBytes'),
      })
      return {
        signature: tampered(signature),
        signed: {
          chainId: signed.chainId,
          accountNumber: signed.accountNumber.toString(),
          authInfoBytes: toBase64(signed.authInfoBytes),
          bodyBytes: toBase64(signed.bodyBytes),
        },
      }
    }
    case 'cosmos_signAmino': {
      own()
      const doc = p.signDoc as unknown as StdSignDoc
      // ADR-036 docs carry an empty chain id; anything else must be this chain's.
      if (doc.chain_id !== reference && doc.chain_id !== '')
        throw invalidParams(`signDoc.chain_id is not ${reference}`)
      if (!Array.isArray(doc.msgs) || typeof doc.fee !== 'object')
        throw invalidParams('signDoc is not a StdSignDoc')
      const { signed, signature } = await w.amino.signAmino(w.address, doc)
      return { signature: tampered(signature), signed }
    }
    default:
      throw unsupported(method)
  }
}
