import {
  type Balance,
  type CaipNetworkId,
  formatBalance,
  formatUnits,
  type Network,
  TokenBalanceUnavailableError,
  type TokenHolding,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import { isSolanaAddress } from '../address/index.js'
import { InvalidSolanaAddressError } from './transactions.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** A known SPL token, so balances show its symbol and name (SPL mints carry neither on chain). */
export interface SolanaTokenInfo {
  mint: string
  symbol: string
  name?: string
}

type Commitment = 'processed' | 'confirmed' | 'finalized'

/** SPEC §5: truncated (not rounded) to 3 decimals, always showing 3 (`10000.000`). */
function display(value: bigint, decimals: number): string {
  return formatBalance(formatUnits(value, decimals))
}

/** The SOL balance of an address on a cluster. */
export async function readBalance(
  rpc: Rpc<SolanaRpcApi>,
  network: Network,
  address: string,
  commitment: Commitment,
): Promise<Balance> {
  if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
  try {
    const kit = await import('@solana/kit')
    const { value } = await rpc.getBalance(kit.address(address), { commitment }).send()
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: display(value, decimals) }
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
}

/** SPL (and Token-2022) holdings of an address, summed per mint; `only` narrows to these mints. */
export async function readTokenBalances(params: {
  rpc: Rpc<SolanaRpcApi>
  caipNetworkId: CaipNetworkId
  address: string
  only?: readonly string[]
  known: ReadonlyMap<string, SolanaTokenInfo>
  commitment: Commitment
}): Promise<TokenHolding[]> {
  const { rpc, address, only, known, commitment } = params
  if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
  try {
    const kit = await import('@solana/kit')
    const byMint = new Map<string, { value: bigint; decimals: number }>()
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
      const { value } = await rpc
        .getTokenAccountsByOwner(
          kit.address(address),
          { programId: kit.address(program) },
          { encoding: 'jsonParsed', commitment },
        )
        .send()
      for (const { account } of value) {
        const info = account.data.parsed.info
        const held = byMint.get(info.mint) ?? { value: 0n, decimals: info.tokenAmount.decimals }
        held.value += BigInt(info.tokenAmount.amount)
        byMint.set(info.mint, held)
      }
    }
    const result: TokenHolding[] = []
    for (const [mint, { value, decimals }] of byMint) {
      if (only ? !only.includes(mint) : value === 0n) continue
      const info = known.get(mint)
      result.push({
        token: mint,
        value,
        decimals,
        symbol: info?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
        formatted: display(value, decimals),
        ...(info?.name ? { name: info.name } : {}),
      })
    }
    return result.sort((a, b) => (a.token < b.token ? -1 : 1))
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
}
