import type { Portico } from '@portico/core'
import { registrations } from '../plugin.js'
import { SwapController } from './controller.js'
import { porticoSwapWallet } from './wallet.js'

/**
 * The swap flow of an instance with `swapPlugin()`, made on first call (the
 * lazy views call it, so the host's first load carries the registration
 * only); undefined when the plugin is not installed. Hosts may drive it too.
 *
 * @example
 * const swap = getSwapController(portico)
 * await swap?.load()
 */
export function getSwapController(portico: Portico): SwapController | undefined {
  const reg = registrations.get(portico)
  if (!reg) return undefined
  reg.controller ??= new SwapController({ ...reg.options, wallet: porticoSwapWallet(portico) })
  return reg.controller
}
