import { address } from '@solana/kit'
import { getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { LiteSVM } from 'litesvm'
import { mintDecimals, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_ACCOUNT_SIZE, tokenAmount } from './accounts.js'

/** One entry of getTransaction's `meta.preTokenBalances` / `postTokenBalances` (as Solana's RPC answers). */
export interface TokenBalanceEntry {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: ReturnType<typeof tokenAmount>
}

/**
 * The token accounts among a transaction's keys with their balances now:
 * what getTransaction reports as `preTokenBalances` (read before executing)
 * and `postTokenBalances` (after), so history readers see SPL movements.
 */
export function tokenBalancesOf(svm: LiteSVM, keys: string[]): TokenBalanceEntry[] {
  const out: TokenBalanceEntry[] = []
  keys.forEach((key, accountIndex) => {
    const a = svm.getAccount(address(key))
    if (!a.exists || a.data.length < TOKEN_ACCOUNT_SIZE) return
    if (a.programAddress !== TOKEN_PROGRAM_ADDRESS && a.programAddress !== TOKEN_2022_PROGRAM_ADDRESS) return
    const t = getTokenDecoder().decode(a.data.slice(0, TOKEN_ACCOUNT_SIZE))
    out.push({
      accountIndex,
      mint: t.mint,
      owner: t.owner,
      programId: a.programAddress,
      uiTokenAmount: tokenAmount(t.amount, mintDecimals(svm, t.mint)),
    })
  })
  return out
}
