import type { Portico } from '@portico/core'
import { registrations } from '../plugin.js'
import { EmbeddedWalletController } from './controller.js'

/**
 * The instance's embedded-wallet controller, made on first use; throws when
 * `embeddedWalletPlugin()` is not installed (or is off for want of a frame URL).
 */
export function getEmbeddedWallet(portico: Portico): EmbeddedWalletController {
  const reg = registrations.get(portico)
  if (!reg)
    throw new Error(
      'embeddedWalletPlugin() is not installed (or has no frameUrl / projectId) on this Portico instance',
    )
  reg.controller ??= new EmbeddedWalletController(reg.options)
  return reg.controller
}
