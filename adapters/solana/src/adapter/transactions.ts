import { AmountAndReceiverRequiredError, type CaipNetworkId, PorticoError } from '@portico/core'
import type { Instruction, Rpc, SolanaRpcApi } from '@solana/kit'
import { isSolanaAddress } from '../address/index.js'
import type { SolanaTransactionRequest } from '../contract/index.js'
import { planSplTransfer, type SplTransferPlan, splTransferInstructions } from '../spl/index.js'
import { computeBudgetInstructions, type SolanaPriorityFeeOptions } from './compute-budget.js'
import type { BlockhashLifetime } from './outcome.js'

export class InvalidSolanaAddressError extends PorticoError {
  override name = 'InvalidSolanaAddressError'
  constructor(value: unknown) {
    super('Invalid address', {
      code: 'INVALID_ADDRESS',
      details: `${String(value)} is not 32–44 base58 characters`,
    })
  }
}

type WireParams = {
  from: string
  caipNetworkId: CaipNetworkId
  request:
    | SolanaTransactionRequest
    | { transaction?: unknown; to?: unknown; value?: unknown; token?: unknown }
  versions: readonly (string | number)[]
  rpc: (caipNetworkId: CaipNetworkId) => Promise<Rpc<SolanaRpcApi>>
  commitment: 'processed' | 'confirmed' | 'finalized'
  /** How transfers built here are prioritised; `false`: no compute-budget instructions. */
  priorityFee?: SolanaPriorityFeeOptions | false
}

/**
 * The wire bytes of a request: a pre-built transaction (bytes or base64) as
 * given, or a SOL transfer `{ to, value }` / SPL transfer `{ to, value, token }`
 * built here (unsigned, fee payer `from`, on the cluster's latest blockhash),
 * led by its compute-budget instructions (`computeBudgetInstructions`: a
 * price from recent fees, capped, and a limit from simulation).
 */
export async function wireTransaction(params: WireParams): Promise<Uint8Array> {
  return (await wireWithPlan(params)).bytes
}

/** What `wireWithPlan` built: the bytes, the SPL plan (the rent of a new account), the blockhash's life. */
export interface BuiltTransaction {
  bytes: Uint8Array
  plan?: SplTransferPlan
  /** Set when the transaction was built here (a pre-built one carries its own blockhash). */
  lifetime?: BlockhashLifetime
}

/** `wireTransaction` plus, for an SPL transfer, what it read from the cluster (the rent of a new account). */
export async function wireWithPlan(params: WireParams): Promise<BuiltTransaction> {
  const { from, request, versions } = params
  const kit = await import('@solana/kit')
  if (request.transaction instanceof Uint8Array) return { bytes: request.transaction }
  if (typeof request.transaction === 'string') {
    return { bytes: new Uint8Array(kit.getBase64Encoder().encode(request.transaction)) }
  }
  const { to, value, token } = request
  if (typeof to !== 'string' || typeof value !== 'bigint') throw new AmountAndReceiverRequiredError()
  if (!isSolanaAddress(to)) throw new InvalidSolanaAddressError(to)
  if (!isSolanaAddress(from)) throw new InvalidSolanaAddressError(from)
  if (value < 0n) throw new AmountAndReceiverRequiredError({ details: 'the amount is negative' })
  if (token !== undefined && (typeof token !== 'string' || !isSolanaAddress(token)))
    throw new InvalidSolanaAddressError(token)
  const rpc = await params.rpc(params.caipNetworkId)
  const payer = kit.createNoopSigner(kit.address(from))
  let plan: SplTransferPlan | undefined
  let instructions: Instruction[]
  if (typeof token === 'string') {
    plan = await planSplTransfer({ rpc, from, to, mint: token, amount: value, commitment: params.commitment })
    instructions = await splTransferInstructions(plan, payer, value)
  } else {
    const { getTransferSolInstruction } = await import('@solana-program/system')
    instructions = [
      getTransferSolInstruction({ source: payer, destination: kit.address(to), amount: kit.lamports(value) }),
    ]
  }
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: params.commitment }).send()
  const version = versions.includes(0) ? 0 : 'legacy'
  const budget =
    params.priorityFee === false
      ? []
      : await computeBudgetInstructions({
          rpc,
          payer,
          instructions,
          version,
          blockhash: lifetime,
          commitment: params.commitment,
          ...(params.priorityFee ? { options: params.priorityFee } : {}),
        })
  const message = kit.pipe(
    kit.createTransactionMessage({ version }),
    (m) => kit.setTransactionMessageFeePayerSigner(payer, m),
    (m) => kit.setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => kit.appendTransactionMessageInstructions([...budget, ...instructions], m),
  )
  const bytes = new Uint8Array(kit.getTransactionEncoder().encode(kit.compileTransaction(message)))
  const life = { blockhash: lifetime.blockhash, lastValidBlockHeight: lifetime.lastValidBlockHeight }
  return plan ? { bytes, plan, lifetime: life } : { bytes, lifetime: life }
}
