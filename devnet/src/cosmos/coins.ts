import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { fail, SDK_CODES } from './errors.js'

const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

/** A validated coin amount. */
export interface Amount {
  denom: string
  amount: bigint
}

/**
 * Validates coins as `sdk.Coins.Validate` does: valid denoms, positive
 * integer amounts, sorted by denom without duplicates. `allowEmpty` for fees.
 */
export function parseCoins(coins: readonly Coin[], what: string, allowEmpty = false): Amount[] {
  if (coins.length === 0 && !allowEmpty) fail(SDK_CODES.invalidCoins, `${what}: empty`, 'invalid coins')
  const out: Amount[] = []
  for (const [i, coin] of coins.entries()) {
    if (!DENOM.test(coin.denom))
      fail(SDK_CODES.invalidCoins, `${what}: invalid denom: ${coin.denom}`, 'invalid coins')
    if (!/^\d{1,77}$/.test(coin.amount) || BigInt(coin.amount) <= 0n) {
      fail(SDK_CODES.invalidCoins, `${what}: ${coin.amount}${coin.denom}`, 'invalid coins')
    }
    const previous = coins[i - 1]
    if (previous && previous.denom >= coin.denom) {
      fail(SDK_CODES.invalidCoins, `${what}: coins must be sorted and unique`, 'invalid coins')
    }
    out.push({ denom: coin.denom, amount: BigInt(coin.amount) })
  }
  return out
}

/** `100uatom,5uusdc` — how the SDK prints coins in events and logs. */
export function coinsString(coins: readonly Amount[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(',')
}

/** Parses a decimal price (`0.025`) into a numerator over 10^18, as `sdk.Dec` does. */
export function decToAtto(value: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(value)
  if (!m) throw new Error(`bad decimal ${value}`)
  return BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0'))
}

/** ceil(price × gas), the fee a gas limit needs at a minimum gas price. */
export function requiredFee(minGasPrice: string, gasLimit: bigint): bigint {
  const atto = decToAtto(minGasPrice) * gasLimit
  const unit = 10n ** 18n
  return (atto + unit - 1n) / unit
}
