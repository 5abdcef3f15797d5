import {
  createKeyPairFromBytes,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import { invalidParams, unauthorized, unrecognizedChain, unsupported } from './errors.js'

/** The solana methods the dev WalletConnect wallet answers (WalletConnect Solana RPC reference). */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
] as const
export const SOLANA_READS = new Set(['solana_getAccounts', 'solana_requestAccounts'])

/** A Solana key as the wallet holds it (the CLI format; an array survives JSON, for child processes). */
export interface DevWcSolanaKey {
  /** Base58 address. */
  address: string
  /** 64 bytes: ed25519 seed + public key. */
  secretKey: Uint8Array | readonly number[]
}

export interface SolanaContext {
  key: DevWcSolanaKey
  /** CAIP-2 → RPC URL, for solana_signAndSendTransaction. */
  rpcUrls: Map<string, string>
  tamper(kind: 'signature'): boolean
}

type KeyPair = Awaited<ReturnType<typeof createKeyPairFromBytes>>
const keyPairs = new WeakMap<DevWcSolanaKey, Promise<KeyPair>>()
function keyPair(key: DevWcSolanaKey): Promise<KeyPair> {
  let pair = keyPairs.get(key)
  if (!pair) {
    pair = createKeyPairFromBytes(new Uint8Array(key.secretKey))
    keyPairs.set(key, pair)
  }
  return pair
}

function decodeTransaction(params: unknown) {
  const wire = (params as { transaction?: unknown } | undefined)?.transaction
  if (typeof wire !== 'string') throw invalidParams('transaction (base64)')
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(wire))
  } catch {
    throw invalidParams('transaction is not a serialized Solana transaction')
  }
}

/** Signs the transaction with the wallet's key; refuses one the key is not a signer of. */
async function sign(ctx: SolanaContext, params: unknown) {
  const tx = decodeTransaction(params)
  if (!(ctx.key.address in tx.signatures)) throw unauthorized('The transaction does not need this account.')
  const signed = await partiallySignTransaction([await keyPair(ctx.key)], tx)
  const signature = signed.signatures[ctx.key.address as keyof typeof signed.signatures] as Uint8Array
  return { signed, signature: getBase58Decoder().decode(signature) }
}

/** Answers one solana request on `chainId` (CAIP-2) with the wallet's key. */
export async function answerSolana(
  ctx: SolanaContext,
  method: string,
  params: unknown,
  chainId: string,
): Promise<unknown> {
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: ctx.key.address }]
    case 'solana_signMessage': {
      const { message, pubkey } = (params ?? {}) as { message?: unknown; pubkey?: unknown }
      if (pubkey !== ctx.key.address) throw unauthorized('Account not authorized.')
      if (typeof message !== 'string') throw invalidParams('message (base58)')
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(getBase58Encoder().encode(message))
      } catch {
        throw invalidParams('message is not base58')
      }
      const signature = new Uint8Array(await signBytes((await keyPair(ctx.key)).privateKey, bytes))
      return {
        signature: getBase58Decoder().decode(ctx.tamper('signature') ? signature.slice(0, 63) : signature),
      }
    }
    case 'solana_signTransaction': {
      const { signed, signature } = await sign(ctx, params)
      return {
        signature,
        transaction: getBase64Decoder().decode(new Uint8Array(getTransactionEncoder().encode(signed))),
      }
    }
    case 'solana_signAndSendTransaction': {
      const rpcUrl = ctx.rpcUrls.get(chainId)
      if (!rpcUrl) throw unrecognizedChain(chainId)
      const { signed } = await sign(ctx, params)
      const options = ((params as { sendOptions?: Record<string, unknown> }).sendOptions ?? {}) as {
        skipPreflight?: boolean
        preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
      }
      const wire = getBase64Decoder().decode(new Uint8Array(getTransactionEncoder().encode(signed)))
      const signature = await createSolanaRpc(rpcUrl)
        .sendTransaction(wire as Parameters<ReturnType<typeof createSolanaRpc>['sendTransaction']>[0], {
          encoding: 'base64',
          skipPreflight: options.skipPreflight ?? false,
          preflightCommitment: options.preflightCommitment ?? 'confirmed',
        })
        .send()
      return { signature }
    }
    default:
      throw unsupported(method)
  }
}
