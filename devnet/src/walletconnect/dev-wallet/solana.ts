import { createSolanaSigner, type SolanaSigner, SolanaSignerError } from '@portico/dev-wallets/solana'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
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

/** The signing core of `@portico/dev-wallets/solana` holding the key (one per key, loaded once). */
const signers = new WeakMap<DevWcSolanaKey, Promise<SolanaSigner>>()
function signerOf(key: DevWcSolanaKey): Promise<SolanaSigner> {
  let signer = signers.get(key)
  if (!signer) {
    signer = createSolanaSigner({ secretKeys: [key.secretKey] })
    signers.set(key, signer)
  }
  return signer
}

function wireOf(params: unknown): Uint8Array {
  const wire = (params as { transaction?: unknown } | undefined)?.transaction
  if (typeof wire !== 'string') throw invalidParams('transaction (base64)')
  try {
    return new Uint8Array(getBase64Encoder().encode(wire))
  } catch {
    throw invalidParams('transaction is not base64')
  }
}

/** Signs the transaction with the wallet's key; refuses one the key is not a signer of. */
async function sign(ctx: SolanaContext, params: unknown) {
  const wire = wireOf(params)
  const signer = await signerOf(ctx.key)
  try {
    const { signed, signature } = await signer.signTransaction(signer.keys[0]!, wire)
    return { signed, signature: getBase58Decoder().decode(signature) }
  } catch (e) {
    if (e instanceof SolanaSignerError && e.reason === 'not-a-signer')
      throw unauthorized('The transaction does not need this account.')
    if (e instanceof SolanaSignerError)
      throw invalidParams('transaction is not a serialized Solana transaction')
    throw e
  }
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
      const signer = await signerOf(ctx.key)
      const signature = await signer.signMessage(signer.keys[0]!, bytes)
      return {
        signature: getBase58Decoder().decode(ctx.tamper('signature') ? signature.slice(0, 63) : signature),
      }
    }
    case 'solana_signTransaction': {
      const { signed, signature } = await sign(ctx, params)
      return {
        signature,
        transaction: getBase64Decoder().decode(signed),
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
      const { signature } = await (await signerOf(ctx.key)).sendTransaction(rpcUrl, signed, {
        ...(options.skipPreflight === undefined ? {} : { skipPreflight: options.skipPreflight }),
        ...(options.preflightCommitment === undefined
          ? {}
          : { preflightCommitment: options.preflightCommitment }),
      })
      return { signature }
    }
    default:
      throw unsupported(method)
  }
}
