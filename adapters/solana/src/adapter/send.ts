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
import { accountFor, type Session, type SolanaSessions } from './sessions.js'
import { wireTransaction } from './transactions.js'

/** What sending needs from the adapter: its connections, the cluster RPCs and the commitment. */
export interface SendDeps {
  sessions: SolanaSessions
  rpc: (caipNetworkId: CaipNetworkId) => Promise<Rpc<SolanaRpcApi>>
  commitment: 'processed' | 'confirmed' | 'finalized'
}

async function wire(
  deps: SendDeps,
  session: Session,
  from: string,
  caipNetworkId: CaipNetworkId,
  request: unknown,
) {
  return wireTransaction({
    from,
    caipNetworkId,
    request: request as Parameters<typeof wireTransaction>[0]['request'],
    versions: session.backend.versions(),
    rpc: deps.rpc,
    commitment: deps.commitment,
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
  const transaction = await wire(deps, session, account.address, network, request)
  const { toBase58, toBase64 } = await solanaCodec()
  if (backend.signAndSend) return toBase58(await backend.signAndSend(account, transaction, network))
  const signed = await backend.signTransaction!(account, transaction, network)
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
  const transaction = await wire(deps, session, account.address, session.caipNetworkId, request)
  return {
    signedTransaction: await session.backend.signTransaction(account, transaction, session.caipNetworkId),
  }
}
