import type { Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useSyncExternalStore } from 'react'
import {
  displayAmount,
  fromUnits,
  getSwapController,
  type SwapController,
  type SwapState,
  type SwapTokenInfo,
} from '../controller/index.js'

/** The swap flow of the nearest `PorticoProvider`'s instance and its state; throws when the plugin is absent. */
export function useSwap(): { portico: Portico; controller: SwapController; state: SwapState } {
  const portico = usePortico()
  const controller = getSwapController(portico)
  if (!controller) throw new Error('swapPlugin() is not installed on this Portico instance')
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return { portico, controller, state }
}

/** `12.5 USDC` from integer units (display precision). */
export function tokenAmount(units: bigint | undefined, token: SwapTokenInfo | undefined): string {
  if (units === undefined || !token) return ''
  return `${displayAmount(fromUnits(units, token.decimals))} ${token.symbol}`
}

/** Only data: and http(s) images render; anything else shows the symbol's initial. */
export function TokenIcon({ token }: { token: SwapTokenInfo | undefined }) {
  const src = token?.logoUri && /^(https?:|data:image\/)/i.test(token.logoUri) ? token.logoUri : undefined
  return (
    <span className="token-icon" aria-hidden="true">
      {src ? <img src={src} alt="" width={28} height={28} /> : (token?.symbol.slice(0, 1) ?? '?')}
    </span>
  )
}
