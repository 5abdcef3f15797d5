import { AmountExceedsBalanceError } from '@portico/core'
import type { Address, Instruction, Rpc, SolanaRpcApi, TransactionSigner } from '@solana/kit'
import {
  InvalidSplMintError,
  ReceiverIsTokenAccountError,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './errors.js'

export {
  InsufficientSolForFeeError,
  InvalidSplMintError,
  ReceiverIsTokenAccountError,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './errors.js'

const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]
/** A classic token account's size; Token-2022 accounts are read from the sender's own (extensions add bytes). */
const TOKEN_ACCOUNT_SIZE = 165n

type Commitment = 'processed' | 'confirmed' | 'finalized'

/** What an SPL transfer needs, read from the cluster when it is built. */
export interface SplTransferPlan {
  mint: Address
  /** The mint's owner: Token or Token-2022. */
  program: Address
  decimals: number
  /** The sender's associated token account. */
  source: Address
  /** Where the tokens land: the receiver's associated token account (or the token account given). */
  destination: Address
  /** The wallet that owns `destination`. */
  owner: Address
  /** True when `destination` does not exist yet and this transfer opens it (idempotently). */
  createsDestination: boolean
  /** Lamports the new account locks as rent (0 when it exists). */
  rent: bigint
}

interface ParsedAccount {
  owner: string
  data: unknown
}

async function parsedAccount(
  rpc: Rpc<SolanaRpcApi>,
  address: Address,
  commitment: Commitment,
): Promise<ParsedAccount | null> {
  const { value } = await rpc.getAccountInfo(address, { encoding: 'jsonParsed', commitment }).send()
  return value as unknown as ParsedAccount | null
}

/** `{ parsed: { type, info } }` of a jsonParsed account the node understood; undefined otherwise (base64 data). */
function parsedOf(data: unknown): { type?: string; info?: Record<string, unknown> } | undefined {
  if (data && typeof data === 'object' && 'parsed' in data) {
    const parsed = (data as { parsed: unknown }).parsed
    if (parsed && typeof parsed === 'object')
      return parsed as { type?: string; info?: Record<string, unknown> }
  }
  return undefined
}

/**
 * Reads what a transfer of `amount` of `mint` from `from` to `to` needs: the
 * mint (its program and decimals), the sender's associated token account and
 * its balance, and where the tokens land. A wallet receiver gets its
 * associated token account, opened when missing (the rent priced); a token
 * account of another mint, or a mint, is refused.
 */
export async function planSplTransfer(params: {
  rpc: Rpc<SolanaRpcApi>
  from: string
  to: string
  mint: string
  amount: bigint
  commitment: Commitment
}): Promise<SplTransferPlan> {
  const { rpc, commitment, amount } = params
  const kit = await import('@solana/kit')
  const { findAssociatedTokenPda } = await import('@solana-program/token')
  const mint = kit.address(params.mint)
  const mintAccount = await parsedAccount(rpc, mint, commitment)
  if (!mintAccount) throw new InvalidSplMintError(mint, 'no account at this address')
  if (!TOKEN_PROGRAMS.includes(mintAccount.owner))
    throw new InvalidSplMintError(mint, `owned by ${mintAccount.owner}, not a token program`)
  const mintInfo = parsedOf(mintAccount.data)
  const decimals = mintInfo?.info?.decimals
  if (mintInfo?.type !== 'mint' || typeof decimals !== 'number')
    throw new InvalidSplMintError(mint, 'the account is not a mint')
  const program = kit.address(mintAccount.owner)

  const to = kit.address(params.to)
  const receiver = await parsedAccount(rpc, to, commitment)
  let owner = to
  let destination: Address
  if (receiver && TOKEN_PROGRAMS.includes(receiver.owner)) {
    const info = parsedOf(receiver.data)
    if (info?.type !== 'account') throw new ReceiverIsTokenAccountError(to, 'the address is a mint')
    if (info.info?.mint !== mint)
      throw new ReceiverIsTokenAccountError(to, `it holds ${String(info.info?.mint)}, not ${mint}`)
    destination = to
    owner = kit.address(String(info.info?.owner))
  } else {
    ;[destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram: program })
  }

  const [source] = await findAssociatedTokenPda({
    owner: kit.address(params.from),
    mint,
    tokenProgram: program,
  })
  const { value: sourceAccount } = await rpc.getAccountInfo(source, { encoding: 'base64', commitment }).send()
  if (!sourceAccount) throw new AmountExceedsBalanceError({ details: `${params.from} holds no ${mint}` })
  const { value: held } = await rpc.getTokenAccountBalance(source, { commitment }).send()
  if (BigInt(held.amount) < amount)
    throw new AmountExceedsBalanceError({ details: `the token account holds ${held.uiAmountString}` })

  let rent = 0n
  const exists = destination === to ? true : (await parsedAccount(rpc, destination, commitment)) !== null
  if (!exists) {
    // Token-2022 accounts carry the mint's extensions: the sender's own account has the size the new one needs.
    const size =
      program === TOKEN_PROGRAM
        ? TOKEN_ACCOUNT_SIZE
        : BigInt(kit.getBase64Encoder().encode(sourceAccount.data[0]).length)
    rent = await rpc.getMinimumBalanceForRentExemption(size, { commitment }).send()
  }
  return { mint, program, decimals, source, destination, owner, createsDestination: !exists, rent }
}

/** The plan's instructions: open the receiver's account when missing (idempotent), then `transferChecked`. */
export async function splTransferInstructions(
  plan: SplTransferPlan,
  payer: TransactionSigner,
  amount: bigint,
): Promise<Instruction[]> {
  const { getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } = await import(
    '@solana-program/token'
  )
  const instructions: Instruction[] = []
  if (plan.createsDestination)
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: plan.destination,
        owner: plan.owner,
        mint: plan.mint,
        tokenProgram: plan.program,
      }),
    )
  instructions.push(
    getTransferCheckedInstruction(
      {
        source: plan.source,
        mint: plan.mint,
        destination: plan.destination,
        authority: payer,
        amount,
        decimals: plan.decimals,
      },
      { programAddress: plan.program },
    ),
  )
  return instructions
}
