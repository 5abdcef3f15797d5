import type { StdSignDoc } from '@cosmjs/amino'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import { type CosmosSigner, createCosmosSigner } from '@portico/dev-wallets/cosmos'
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

/** The key's account on one chain, and what signs for it (the one Cosmos signing core of @portico/dev-wallets). */
interface Held {
  signer: CosmosSigner
  prefix: string
  index: number
  address: string
  pubkey: Uint8Array
}

const signers = new WeakMap<DevWcCosmosKey, CosmosSigner>()

/** The signing core's account for the prefix of `chainId`. */
export async function cosmosAccount(key: DevWcCosmosKey, chainId: string): Promise<Held> {
  const prefix = key.prefixes[chainId]
  if (!prefix) throw unrecognizedChain(chainId)
  const index = key.index ?? 0
  let signer = signers.get(key)
  if (!signer) {
    signer = createCosmosSigner({ mnemonic: key.mnemonic ?? COSMOS_DEV_MNEMONIC, accounts: index + 1 })
    signers.set(key, signer)
  }
  const { address, pubkey } = await signer.account(prefix, index)
  return { signer, prefix, index, address, pubkey }
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
  const w = await cosmosAccount(ctx.key, chainId)
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
      const { signed, signature } = await w.signer.signDirect(w.prefix, w.index, {
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
      const { signed, signature } = await w.signer.signAmino(w.prefix, w.index, doc)
      return { signature: tampered(signature), signed }
    }
    default:
      throw unsupported(method)
  }
}
