import { type Network, parseUnits, type SendToken, type TokenBalance } from '@portico/core'

/** A token the picker offers: what Send moves plus a stable key and its display name. */
export interface SendOption extends SendToken {
  key: string
  name: string
}

/** Markers the gateway and adapters use for the native currency in a CAIP-10 token address. */
const NATIVE_MARKERS = new Set(['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'native'])

/** The token's address in the chain's own form: the part of a CAIP-10 id after `namespace:reference:`. */
function nativeForm(caip10: string): string {
  const parts = caip10.split(':')
  return parts.length >= 3 ? parts.slice(2).join(':') : caip10
}

function units(numeric: string, decimals: number): bigint | undefined {
  try {
    return parseUnits(numeric, decimals)
  } catch {
    // A balance the gateway wrote in a shape we cannot read: the option stays, without a known balance.
    return undefined
  }
}

/**
 * What the account can send on `network`: the native currency first, then
 * each token it holds (from the balances core keeps, gateway or adapter).
 * Without a native entry in the token list the native balance comes from
 * `balance` (the 3-decimal display value: a lower bound, never more than held).
 */
export function sendOptions(
  tokens: readonly TokenBalance[],
  network: Network | undefined,
  balance: string | undefined,
): SendOption[] {
  if (!network) return []
  const native: SendOption = {
    key: 'native',
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    decimals: network.nativeCurrency.decimals,
  }
  const out: SendOption[] = []
  let nativeSeen = false
  for (const tok of tokens) {
    if (tok.chainId !== network.caipNetworkId) continue
    const decimals = Number(tok.quantity?.decimals)
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue
    const address = tok.address ? nativeForm(tok.address) : undefined
    const isNative =
      !address ||
      NATIVE_MARKERS.has(address.toLowerCase()) ||
      (network.nativeTokenAddress !== undefined &&
        address.toLowerCase() === network.nativeTokenAddress.toLowerCase())
    const value = units(tok.quantity.numeric, decimals)
    if (isNative) {
      if (nativeSeen) continue
      nativeSeen = true
      out.unshift({ ...native, decimals, ...(value !== undefined ? { value } : {}) })
    } else {
      out.push({
        key: address,
        name: tok.name || tok.symbol,
        symbol: tok.symbol,
        decimals,
        token: address,
        ...(value !== undefined ? { value } : {}),
      })
    }
  }
  if (!nativeSeen) {
    const value = balance !== undefined ? units(balance, native.decimals) : undefined
    out.unshift({ ...native, ...(value !== undefined ? { value } : {}) })
  }
  return out
}
