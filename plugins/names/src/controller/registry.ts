import type { Portico } from '@portico/core'
import { registrations } from '../plugin.js'
import { NamesController } from './controller.js'

/**
 * The names flow of an instance with `namesPlugin()`, made on first call
 * (the lazy views call it, so the host's first load carries the
 * registration only); undefined when the plugin is not installed. Hosts may
 * drive it too, for their own UI.
 *
 * @example
 * const names = getNamesController(portico)
 * names?.setQuery('ada-lovelace')
 */
export function getNamesController(portico: Portico): NamesController | undefined {
  const reg = registrations.get(portico)
  if (!reg) return undefined
  reg.controller ??= new NamesController(reg.options)
  return reg.controller
}
