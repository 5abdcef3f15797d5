import type { Portico } from '@portico/core'
import { registrations } from '../plugin.js'
import { OnrampController } from './controller.js'

/**
 * The onramp controller of an instance with `onrampPlugin()` (its store is
 * the SPEC §3 onramp state), made on first call; undefined when the plugin
 * is not installed.
 *
 * @example
 * const onramp = getOnramp(portico)
 * await onramp?.loadOptions()
 */
export function getOnramp(portico: Portico): OnrampController | undefined {
  const reg = registrations.get(portico)
  if (!reg) return undefined
  reg.controller ??= new OnrampController(reg.options)
  return reg.controller
}
