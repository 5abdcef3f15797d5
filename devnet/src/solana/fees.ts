import { getCompiledTransactionMessageDecoder } from '@solana/kit'
import type { CompiledMessage } from './wire.js'

// Fees as a cluster charges them: 5000 lamports a signature plus the priority
// fee the message's compute-budget instructions ask for (price × limit).

/** The base fee of one signature, in lamports. */
export const FEE_PER_SIGNATURE = 5000
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Units a transaction without `SetComputeUnitLimit` gets per instruction, and the most it may ask for. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000
const MAX_UNITS = 1_400_000

/** The compute budget a message asks for: its unit limit and its unit price (micro-lamports a unit). */
export interface ComputeBudgetRequest {
  limit: number
  price: bigint
}

const u32 = (data: Uint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(1, true)
const u64 = (data: Uint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true)

/**
 * `SetComputeUnitLimit` (tag 2, u32) and `SetComputeUnitPrice` (tag 3, u64)
 * of the message; without a limit, 200 000 units per other instruction (at
 * most 1 400 000), as the runtime's default.
 */
export function computeBudgetOf(message: CompiledMessage): ComputeBudgetRequest {
  let limit: number | undefined
  let price = 0n
  let others = 0
  for (const ix of message.instructions) {
    const data = ix.data ?? new Uint8Array()
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      others += 1
      continue
    }
    if (data[0] === 2 && data.length >= 5) limit = u32(data)
    if (data[0] === 3 && data.length >= 9) price = u64(data)
  }
  return { limit: Math.min(MAX_UNITS, limit ?? DEFAULT_UNITS_PER_INSTRUCTION * others), price }
}

/** The fee a cluster charges for the message: per signature, plus ⌈price × limit / 10⁶⌉. */
export function messageFee(message: CompiledMessage): number {
  const { limit, price } = computeBudgetOf(message)
  const priority = (price * BigInt(limit) + 999_999n) / 1_000_000n
  return FEE_PER_SIGNATURE * message.header.numSignerAccounts + Number(priority)
}

/** `messageFee` of message bytes (as `getFeeForMessage` receives them). */
export function messageBytesFee(bytes: Uint8Array): number {
  return messageFee(getCompiledTransactionMessageDecoder().decode(bytes) as unknown as CompiledMessage)
}

/** The static accounts the message write-locks (its lookup tables' are not resolved here). */
export function writableAccounts(message: CompiledMessage): string[] {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const keys = message.staticAccounts
  return keys.filter((_, i) =>
    i < numSignerAccounts
      ? i < numSignerAccounts - numReadonlySignerAccounts
      : i < keys.length - numReadonlyNonSignerAccounts,
  )
}
