import type { Portico } from '@portico/core'
import { followAccountType } from '../account-type.js'
import { EMBEDDED_WALLET_CONNECTOR_ID, registrations } from '../plugin.js'
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
  if (!reg.controller) {
    reg.controller = new EmbeddedWalletController(reg.options)
    // Made before any login is shown (every login goes through the controller): from now on the
    // wallet user follows the EVM account type shown, and a switch by the visitor is stored.
    reg.unfollowAccountType = followAccountType(reg.context, EMBEDDED_WALLET_CONNECTOR_ID)
  }
  return reg.controller
}
