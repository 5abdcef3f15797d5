import type { Address, Instruction, Rpc, SolanaRpcApi, TransactionSigner } from '@solana/kit'

type Commitment = 'processed' | 'confirmed' | 'finalized'

/**
 * How the adapter prices the transactions it builds: a compute-unit price
 * from the cluster's recent prioritization fees (`getRecentPrioritizationFees`
 * for the accounts the transaction writes), capped, and a compute-unit limit
 * from a simulation of the transaction plus a margin.
 */
export interface SolanaPriorityFeeOptions {
  /**
   * The highest compute-unit price paid, in micro-lamports per unit, however
   * high recent fees run. Default 1 000 000 (1 lamport a unit: a SOL
   * transfer's priority fee stays under ~0.000001 SOL).
   */
  maxMicroLamportsPerUnit?: bigint
  /** Which percentile of the recent fees to pay, 0–100 (default 50, the median). */
  percentile?: number
}

/** Default cap on the compute-unit price, in micro-lamports per unit. */
export const DEFAULT_MAX_COMPUTE_UNIT_PRICE = 1_000_000n
/** The most compute units a transaction may ask for; also the provisory limit a simulation runs with. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000
/** Margin on the simulated units: 10 % plus a fixed 1 000 (account-loading costs vary between simulation and landing). */
export const COMPUTE_UNIT_MARGIN = { percent: 10, extra: 1_000 } as const

/**
 * The compute-unit price to pay: the `percentile` of the recent
 * prioritization fees the cluster reports for `writable` (0 when it reports
 * none), never above the cap.
 */
export async function computeUnitPrice(p: {
  rpc: Rpc<SolanaRpcApi>
  writable: readonly Address[]
  options?: SolanaPriorityFeeOptions
}): Promise<bigint> {
  const cap = p.options?.maxMicroLamportsPerUnit ?? DEFAULT_MAX_COMPUTE_UNIT_PRICE
  const percentile = Math.min(100, Math.max(0, p.options?.percentile ?? 50))
  const recent = await p.rpc.getRecentPrioritizationFees([...p.writable]).send()
  const fees = recent.map((r) => BigInt(r.prioritizationFee)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (fees.length === 0) return 0n
  const at = fees[Math.min(fees.length - 1, Math.floor((percentile / 100) * fees.length))]!
  return at > cap ? cap : at
}

/** The simulated units with the margin, within the cluster's maximum. */
export function limitWithMargin(units: number): number {
  const padded = Math.ceil((units * (100 + COMPUTE_UNIT_MARGIN.percent)) / 100) + COMPUTE_UNIT_MARGIN.extra
  return Math.min(MAX_COMPUTE_UNIT_LIMIT, padded)
}

/**
 * The compute-budget instructions to put first in a transaction of
 * `instructions` paid by `payer`: its price (left out at 0) and its limit,
 * from a simulation of the whole transaction with the price and the
 * provisory maximum limit (`simulateTransaction`, signatures not checked,
 * the blockhash replaced). A simulation that fails still reports the units
 * it used (a transfer of more than the balance fails after its program ran):
 * those are priced, so the fee of a send that will fail is still shown; one
 * that used none (refused before running) keeps the provisory maximum.
 */
export async function computeBudgetInstructions(p: {
  rpc: Rpc<SolanaRpcApi>
  payer: TransactionSigner
  instructions: readonly Instruction[]
  version: 0 | 'legacy'
  blockhash: { blockhash: string; lastValidBlockHeight: bigint }
  commitment: Commitment
  options?: SolanaPriorityFeeOptions
}): Promise<Instruction[]> {
  const kit = await import('@solana/kit')
  const budget = await import('@solana-program/compute-budget')
  const writable = writableAccounts(p.payer.address, p.instructions)
  const price = await computeUnitPrice({ rpc: p.rpc, writable, ...(p.options ? { options: p.options } : {}) })
  const priced = price > 0n ? [budget.getSetComputeUnitPriceInstruction({ microLamports: price })] : []
  const simulated = kit.pipe(
    kit.createTransactionMessage({ version: p.version }),
    (m) => kit.setTransactionMessageFeePayerSigner(p.payer, m),
    (m) => kit.setTransactionMessageLifetimeUsingBlockhash(p.blockhash as never, m),
    (m) =>
      kit.appendTransactionMessageInstructions(
        [
          budget.getSetComputeUnitLimitInstruction({ units: MAX_COMPUTE_UNIT_LIMIT }),
          ...priced,
          ...p.instructions,
        ],
        m,
      ),
  )
  const wire = kit.getBase64EncodedWireTransaction(kit.compileTransaction(simulated))
  const { value } = await p.rpc
    .simulateTransaction(wire, {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: p.commitment,
    })
    .send()
  const units = Number(value.unitsConsumed ?? 0n)
  const limit = units > 0 ? limitWithMargin(units) : MAX_COMPUTE_UNIT_LIMIT
  return [budget.getSetComputeUnitLimitInstruction({ units: limit }), ...priced]
}

/** The accounts a transaction of `instructions` write-locks: the fee payer and every writable account meta. */
function writableAccounts(payer: Address, instructions: readonly Instruction[]): Address[] {
  const out = new Set<Address>([payer])
  // AccountRole: WRITABLE (1) and WRITABLE_SIGNER (3) lock the account for writing.
  for (const ix of instructions)
    for (const meta of ix.accounts ?? []) if (meta.role === 1 || meta.role === 3) out.add(meta.address)
  return [...out]
}
