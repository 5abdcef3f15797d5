import { st } from './solana-strings.js'
import { formatSol, type SolanaInstruction, type SolanaTransaction, SYSTEM_PROGRAM } from './solana-tx.js'

/**
 * What a Solana transaction's instructions do, as the card says it. The
 * frame reads the System Program's transfers and account creations, the
 * Token programs' transfers and approvals (classic and Token-2022, same
 * layout for these), and the Compute Budget's fee settings. Any other
 * instruction, of these programs or of any other, is a blind signature: it
 * is named in a warning, by its position and program, never left out.
 */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'

const U64_MAX = 2n ** 64n - 1n

const u32 = (d: Uint8Array, at: number): number =>
  ((d[at] as number) |
    ((d[at + 1] as number) << 8) |
    ((d[at + 2] as number) << 16) |
    ((d[at + 3] as number) << 24)) >>>
  0
function u64(d: Uint8Array, at: number): bigint {
  let v = 0n
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(d[at + i] as number)
  return v
}

/** Base units with `decimals` as exact decimal text (trailing zeros dropped). */
export function formatUnits(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString()
  const base = 10n ** BigInt(decimals)
  const frac = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return frac ? `${value / base}.${frac}` : `${value / base}`
}

export interface ReadInstructions {
  lines: string[]
  warnings: string[]
}

type Named = (address: string | undefined) => string

function systemLine(ix: SolanaInstruction, account: (n: number) => string): string | undefined {
  const { data } = ix
  if (data.length < 4) return undefined
  const index = u32(data, 0)
  if (index === 2 && data.length === 12 && ix.accounts.length >= 2)
    return st('transfer', { amount: formatSol(u64(data, 4)), to: account(1) })
  if (index === 0 && data.length === 52 && ix.accounts.length >= 2)
    return st('createAccount', { amount: formatSol(u64(data, 4)), to: account(1) })
  return undefined
}

function tokenLine(
  ix: SolanaInstruction,
  account: (n: number) => string,
  warnings: string[],
): string | undefined {
  const { data } = ix
  const index = data[0]
  const need = (n: number) => ix.accounts.length >= n
  // Transfer / Approve: u8 index, u64 amount (base units: the mint's decimals are not in the instruction).
  if ((index === 3 || index === 4) && data.length === 9 && need(3)) {
    const amount = u64(data, 1)
    if (index === 3)
      return st('tokenTransfer', {
        amount: amount.toString(),
        from: account(0),
        to: account(1),
        mint: st('mintUnknown'),
      })
    if (amount === U64_MAX) warnings.push(st('tokenUnlimited', { delegate: account(1), from: account(0) }))
    return st('tokenApprove', {
      amount: amount.toString(),
      delegate: account(1),
      from: account(0),
      mint: st('mintUnknown'),
    })
  }
  // TransferChecked / ApproveChecked: u8 index, u64 amount, u8 decimals; the mint is account 1.
  if ((index === 12 || index === 13) && data.length === 10 && need(4)) {
    const raw = u64(data, 1)
    const amount = formatUnits(raw, data[9] as number)
    if (index === 12)
      return st('tokenTransfer', { amount, from: account(0), to: account(2), mint: account(1) })
    if (raw === U64_MAX) warnings.push(st('tokenUnlimited', { delegate: account(2), from: account(0) }))
    return st('tokenApprove', { amount, delegate: account(2), from: account(0), mint: account(1) })
  }
  return undefined
}

function computeLine(ix: SolanaInstruction): string | undefined {
  const { data } = ix
  if (data[0] === 2 && data.length === 5) return st('computeLimit', { units: u32(data, 1) })
  if (data[0] === 3 && data.length === 9) return st('priorityFee', { price: u64(data, 1).toString() })
  return undefined
}

/** The card's lines and warnings for every instruction of `tx`, in order. */
export function readInstructions(
  tx: Pick<SolanaTransaction, 'keys' | 'instructions'>,
  named: Named,
): ReadInstructions {
  const lines: string[] = []
  const warnings: string[] = []
  tx.instructions.forEach((ix, n) => {
    const account = (i: number) => {
      const at = ix.accounts[i]
      return named(at === undefined ? undefined : tx.keys[at])
    }
    let line: string | undefined
    if (ix.programId === SYSTEM_PROGRAM) line = systemLine(ix, account)
    else if (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM)
      line = tokenLine(ix, account, warnings)
    else if (ix.programId === COMPUTE_BUDGET_PROGRAM) line = computeLine(ix)
    if (line) lines.push(line)
    else warnings.push(st('blind', { index: n + 1, program: named(ix.programId), bytes: ix.data.length }))
  })
  return { lines, warnings }
}
