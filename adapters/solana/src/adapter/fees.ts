import {
  type Balance,
  type CaipNetworkId,
  type FeeEstimate,
  formatBalance,
  formatUnits,
  type Network,
  PorticoError,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { InsufficientSolForFeeError } from '../spl/errors.js'
import type { SolanaPriorityFeeOptions } from './compute-budget.js'
import { wireWithPlan } from './transactions.js'

interface FeeParams {
  from: string
  network: Network
  request: Parameters<typeof wireWithPlan>[0]['request']
  rpc: (caipNetworkId: CaipNetworkId) => Promise<Rpc<SolanaRpcApi>>
  commitment: 'processed' | 'confirmed' | 'finalized'
  priorityFee?: SolanaPriorityFeeOptions | false
}

/**
 * The fee the cluster charges for the request (`getFeeForMessage` of the
 * message as it will be signed, compute-budget instructions included, so the
 * priority fee — price × limit — is in it), in SOL,
 * plus — for an SPL transfer that opens the receiver's token account — that
 * account's rent, also given apart as `accountDeposit`.
 */
export async function estimateSolanaFee(p: FeeParams): Promise<FeeEstimate> {
  const caipNetworkId = p.network.caipNetworkId
  const { bytes, plan } = await wireWithPlan({
    from: p.from,
    caipNetworkId,
    request: p.request,
    versions: [0],
    rpc: p.rpc,
    commitment: p.commitment,
    ...(p.priorityFee !== undefined ? { priorityFee: p.priorityFee } : {}),
  })
  const kit = await import('@solana/kit')
  const { messageBytes } = kit.getTransactionDecoder().decode(bytes)
  const rpc = await p.rpc(caipNetworkId)
  const { value: fee } = await rpc
    .getFeeForMessage(kit.getBase64Decoder().decode(messageBytes) as never, { commitment: p.commitment })
    .send()
  if (fee === null) throw new PorticoError('The fee is unknown (expired blockhash)', { code: 'FEE_UNKNOWN' })
  const { decimals, symbol } = p.network.nativeCurrency
  const priced = (value: bigint) => ({
    value,
    decimals,
    symbol,
    formatted: formatBalance(formatUnits(value, decimals)),
  })
  const rent = plan?.rent ?? 0n
  return rent > 0n ? { ...priced(fee + rent), accountDeposit: priced(rent) } : priced(fee)
}

/**
 * Refuses an SPL transfer whose sender's SOL does not cover the fee plus the
 * rent of the receiver's token account (`InsufficientSolForFeeError`), so a
 * send that would fail is refused before the wallet is asked.
 */
export function assertSolCoversFee(fee: FeeEstimate, sol: Balance): void {
  if (sol.value >= fee.value) return
  const deposit = fee.accountDeposit
    ? ` (${fee.accountDeposit.formatted} SOL of it opens the receiver's token account)`
    : ''
  throw new InsufficientSolForFeeError(
    `${fee.formatted} SOL is needed${deposit}; ${sol.formatted} SOL is held`,
  )
}
