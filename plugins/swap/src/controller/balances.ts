import type { PorticoState } from '@portico/core'
import { isNativeToken, NATIVE_MARKER, toUnits } from './math.js'
import type { SwapTokenInfo } from './state.js'

/**
 * The swap tokens with the balances the account state holds (its token
 * balances by address, the native balance for the native token); a token the
 * state says nothing of has no balance.
 */
export function withBalances(
  tokens: SwapTokenInfo[],
  account: PorticoState['accounts']['eip155'],
): SwapTokenInfo[] {
  const held = new Map<string, bigint>()
  for (const b of account?.tokenBalance ?? []) {
    if (!b.address) continue
    const units = toUnits(b.quantity.numeric, Number(b.quantity.decimals))
    held.set(b.address.toLowerCase().replace(/:native$/, `:${NATIVE_MARKER}`), units ?? 0n)
  }
  return tokens.map((t) => {
    const balance =
      held.get(t.address) ??
      (isNativeToken(t.address) && account?.balance !== undefined
        ? (toUnits(String(account.balance), t.decimals) ?? 0n)
        : undefined)
    const { balance: _old, ...rest } = t
    return balance === undefined ? rest : { ...rest, balance }
  })
}
