import type { ApiPromise } from '@polkadot/api'
import {
  type Balance,
  type CaipNetworkId,
  MethodNotSupportedError,
  PorticoError,
  type TransactionOutcome,
} from '@portico/core'
import { assertNetworkAddress, encodeSs58 } from '../address/index.js'
import {
  assertNativeTransferKeepsExistence,
  buildExtrinsic,
  estimateFee,
  InsufficientNativeForFeeError,
  planAssetTransfer,
  readNativeBalance,
  signAndSubmit,
  waitForInclusion,
} from '../chain/index.js'
import type { PolkadotTransactionRequest } from '../contract/index.js'
import type { PolkadotNetwork } from '../networks/index.js'
import { type Sessions, sessionAccount } from './sessions.js'

/** How far back `waitForTransaction` looks for a transaction it did not send. */
const RECENT_BLOCKS = 50

/** What sends, transfer plans and fee estimates need from the adapter. */
export interface TransactionDeps {
  sessions: Sessions
  findNetwork: (caipNetworkId: CaipNetworkId | undefined) => PolkadotNetwork
  api: (network: PolkadotNetwork) => Promise<ApiPromise>
  /** The first block each transaction this adapter sent can be in, by hash, until `waitForTransaction` settles it. */
  inclusions: Map<string, number>
}

/** Builds the extrinsic, has the extension sign it (`signPayload`) and submits it on the session's network. */
export async function sendExtrinsic(
  deps: TransactionDeps,
  params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: PolkadotTransactionRequest
  },
): Promise<string> {
  const { connectorId, address, caipNetworkId, request } = params
  const session = deps.sessions.require(connectorId)
  const network = caipNetworkId ? deps.findNetwork(caipNetworkId) : session.network
  if (network !== session.network)
    throw new PorticoError('Switch network first', {
      code: 'NETWORK_MISMATCH',
      details: `connected to ${session.network.caipNetworkId}, asked for ${network.caipNetworkId}`,
    })
  const account = sessionAccount(session, address)
  const chain = await deps.api(network)
  const tx = buildExtrinsic(chain, network, request)
  if (typeof session.injected.signer.signPayload !== 'function')
    throw new MethodNotSupportedError({ method: 'signPayload' })
  const { hash, fromBlock } = await signAndSubmit({
    api: chain,
    network,
    tx,
    address: account.address,
    signer: session.injected.signer,
    wallet: session.name,
  })
  deps.inclusions.set(hash, fromBlock)
  return hash
}

/**
 * `balances.transferKeepAlive` of the native token — refused before signing
 * (`BelowMinimumBalanceError`) when the receiver is new and the amount is
 * under the existential deposit, or when the sender would keep less than
 * keep-alive requires — or for a configured
 * Assets-pallet token (`token` = its id) an `assets.transferKeepAlive`
 * checked first against the asset's minimum-balance rules and the
 * sender's native balance for the fee (`planAssetTransfer`); sending the
 * whole asset balance is an `assets.transfer`.
 */
export async function transferRequest(
  deps: Pick<TransactionDeps, 'findNetwork' | 'api'>,
  params: {
    from: string
    to: string
    caipNetworkId: CaipNetworkId
    token?: string
    amount: bigint
    nft?: unknown
  },
): Promise<PolkadotTransactionRequest> {
  const { from, to, caipNetworkId, token, amount, nft } = params
  if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
  const network = deps.findNetwork(caipNetworkId)
  assertNetworkAddress(from, network.ss58Prefix)
  assertNetworkAddress(to, network.ss58Prefix)
  const chain = await deps.api(network)
  if (token === undefined) {
    const request = { to, value: amount }
    const fee = await estimateFee(chain, network, request, from)
    await assertNativeTransferKeepsExistence({ api: chain, network, from, to, amount, fee: fee.value })
    return request
  }
  const plan = await planAssetTransfer({ api: chain, network, from, to, token: String(token), amount })
  const request = { to, value: amount, asset: plan.id, keepAlive: plan.keepAlive }
  const [fee, native] = await Promise.all([
    estimateFee(chain, network, request, from),
    readNativeBalance(chain, network, from),
  ])
  if (native.value < fee.value)
    throw new InsufficientNativeForFeeError(
      `the fee is ${fee.formatted} ${fee.symbol}; ${native.formatted} ${native.symbol} is transferable`,
    )
  return request
}

/** The fee (`paymentInfo`) of the request on the network, paid by `address` or any account of it. */
export async function estimateRequestFee(
  deps: Pick<TransactionDeps, 'findNetwork' | 'api'>,
  params: { address?: string; caipNetworkId: CaipNetworkId; request: PolkadotTransactionRequest },
): Promise<Balance> {
  const { address, caipNetworkId, request } = params
  const network = deps.findNetwork(caipNetworkId)
  // paymentInfo needs a payer; a fee does not depend on who pays, so any account of the network will do.
  const payer = address ?? encodeSs58(new Uint8Array(32), network.ss58Prefix)
  assertNetworkAddress(payer, network.ss58Prefix)
  return await estimateFee(await deps.api(network), network, request, payer)
}

/**
 * Follows the transaction to its block and reads its outcome there
 * (`waitForInclusion`): one this adapter sent is looked for from the block it
 * was submitted at; any other (sent before a reload, or by someone else) in
 * the last 50 blocks, then new ones.
 */
export async function waitForTransaction(
  deps: Pick<TransactionDeps, 'findNetwork' | 'api' | 'inclusions'>,
  params: { hash: string; caipNetworkId: CaipNetworkId; timeoutMs?: number; signal?: AbortSignal },
): Promise<TransactionOutcome> {
  const { hash, caipNetworkId } = params
  const network = deps.findNetwork(caipNetworkId)
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new PorticoError('Invalid transaction hash', { code: 'INVALID_HASH', details: String(hash) })
  const chain = await deps.api(network)
  const from =
    deps.inclusions.get(hash) ?? (await chain.rpc.chain.getHeader()).number.toNumber() - RECENT_BLOCKS
  const outcome = await waitForInclusion(chain, network, hash, from, {
    ...(params.timeoutMs !== undefined ? { timeoutMs: params.timeoutMs } : {}),
    ...(params.signal ? { signal: params.signal } : {}),
  })
  if (outcome.status !== 'pending') deps.inclusions.delete(hash)
  return outcome
}
