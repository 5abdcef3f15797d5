import { type CaipNetworkId, MethodNotSupportedError } from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import type {
  SolanaSignTransactionRequest,
  SolanaSignTransactionResult,
  SolanaTransactionRequest,
} from '../contract/index.js'
import { toSolanaPorticoError } from '../errors/index.js'
import { FEATURES } from '../wallets/index.js'
import { solanaCodec } from './backends.js'
import type { SolanaPriorityFeeOptions } from './compute-budget.js'
import type { Lifetimes } from './lifetimes.js'
import type { BlockhashLifetime } from './outcome.js'
import { accountFor, type Session, type SolanaSessions } from './sessions.js'
import { wireWithPlan } from './transactions.js'

export { Lifetimes } from './lifetimes.js'

/** What sending needs from the adapter: its connections, the cluster RPCs and the commitment. */
export interface SendDeps {
  sessions: SolanaSessions
  rpc: (caipNetworkId: CaipNetworkId) => Promise<Rpc<SolanaRpcApi>>
  commitment: 'processed' | 'confirmed' | 'finalized'
  /** How transfers built here are prioritised (`SolanaAdapterOptions.priorityFee`). */
  priorityFee?: SolanaPriorityFeeOptions | false
  /** Blockhash lives of the transactions sent or signed here, by signature, for `waitForTransaction`. */
  lifetimes: Lifetimes
}

/** The first signature (base58) and the blockhash of signed wire bytes. */
async function signedLifetime(bytes: Uint8Array): Promise<{ signature?: string; blockhash: string }> {
  const kit = await import('@solana/kit')
  const tx = kit.getTransactionDecoder().decode(bytes)
  const message = kit.getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  const first = Object.values(tx.signatures)[0]
  return {
    ...(first ? { signature: kit.getBase58Decoder().decode(first) } : {}),
    blockhash: message.lifetimeToken,
  }
}

/** Records the life of signed bytes under their signature (nothing when they cannot be decoded). */
async function recordSigned(deps: SendDeps, bytes: Uint8Array, built?: BlockhashLifetime): Promise<void> {
  try {
    const { signature, blockhash } = await signedLifetime(bytes)
    if (!signature) return
    // The height is known only when the wallet kept the blockhash this adapter built with.
    deps.lifetimes.set(signature, built?.blockhash === blockhash ? built : { blockhash })
  } catch {
    // Bytes the decoder refuses were refused by the cluster too; there is nothing to follow.
  }
}

async function wire(
  deps: SendDeps,
  session: Session,
  from: string,
  caipNetworkId: CaipNetworkId,
  request: unknown,
) {
  return wireWithPlan({
    from,
    caipNetworkId,
    request: request as Parameters<typeof wireWithPlan>[0]['request'],
    versions: session.backend.versions(),
    rpc: deps.rpc,
    commitment: deps.commitment,
    ...(deps.priorityFee !== undefined ? { priorityFee: deps.priorityFee } : {}),
  })
}

/**
 * Has the session's wallet sign and send the request; a wallet that can only
 * sign has its signed bytes sent through the cluster's RPC here. Resolves the
 * base58 signature.
 */
export async function sendWithSession(
  deps: SendDeps,
  params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: SolanaTransactionRequest
  },
): Promise<string> {
  const { connectorId, address, caipNetworkId, request } = params
  const session = deps.sessions.require(connectorId)
  const account = accountFor(session, request.from ?? address)
  const network = caipNetworkId ?? request.caipNetworkId ?? session.caipNetworkId
  const { backend } = session
  if (!backend.signAndSend && !backend.signTransaction)
    throw new MethodNotSupportedError({ method: FEATURES.signAndSendTransaction })
  const { bytes: transaction, lifetime } = await wire(deps, session, account.address, network, request)
  const { toBase58, toBase64 } = await solanaCodec()
  if (backend.signAndSend) {
    const signature = toBase58(await backend.signAndSend(account, transaction, network))
    // The wallet sent what it signed; the blockhash this adapter built with is the best known.
    deps.lifetimes.set(signature, lifetime ?? (await signedLifetime(transaction)))
    return signature
  }
  const signed = await backend.signTransaction!(account, transaction, network)
  await recordSigned(deps, signed, lifetime)
  try {
    const rpc = await deps.rpc(network)
    return await rpc
      .sendTransaction(toBase64(signed) as never, {
        encoding: 'base64',
        preflightCommitment: deps.commitment,
      })
      .send()
  } catch (e) {
    throw toSolanaPorticoError(e)
  }
}

/** Has the session's wallet sign the request without sending it, on the session's cluster. */
export async function signTransactionWithSession(
  deps: SendDeps,
  {
    connectorId,
    address,
    request,
  }: { connectorId: string; address: string; request: SolanaSignTransactionRequest },
): Promise<SolanaSignTransactionResult> {
  const session = deps.sessions.require(connectorId)
  const account = accountFor(session, address)
  if (!session.backend.signTransaction)
    throw new MethodNotSupportedError({ method: FEATURES.signTransaction })
  const { bytes, lifetime } = await wire(deps, session, account.address, session.caipNetworkId, request)
  const signedTransaction = await session.backend.signTransaction(account, bytes, session.caipNetworkId)
  // The app may send these bytes itself and then ask `waitForTransaction` about them.
  await recordSigned(deps, signedTransaction, lifetime)
  return { signedTransaction }
}
