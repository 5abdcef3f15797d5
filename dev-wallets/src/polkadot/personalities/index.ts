/**
 * @portico/dev-wallets/polkadot/personalities — thin emulations of the
 * Polkadot extensions visitors use (polkadot{.js}, Talisman, SubWallet), each
 * reproducing its wallet's published `injectedWeb3` interface and quirks on
 * top of the one signing core (`@portico/dev-wallets/polkadot`), labelled
 * "(emulated)" and never with the wallet's icon. Browser-safe: the demo
 * installs them too.
 */
import { createPolkadotJsPersonality } from './polkadot-js.js'
import type { PolkadotPersonality, PolkadotPersonalityId, PolkadotPersonalityOptions } from './shared.js'
import { createSubWalletPersonality } from './subwallet.js'
import { createTalismanPersonality } from './talisman.js'

export { POLKADOT_JS_PROFILE } from './polkadot-js.js'
export type {
  PolkadotPersonality,
  PolkadotPersonalityId,
  PolkadotPersonalityOptions,
  PolkadotWalletProfile,
} from './shared.js'
export { SUBWALLET_PROFILE } from './subwallet.js'
export { TALISMAN_PROFILE } from './talisman.js'
export { createPolkadotJsPersonality, createSubWalletPersonality, createTalismanPersonality }

/** Every Polkadot personality by id, in the order the compatibility matrix lists them. */
export const POLKADOT_PERSONALITIES: Record<
  PolkadotPersonalityId,
  (options?: PolkadotPersonalityOptions) => Promise<PolkadotPersonality>
> = {
  'polkadot-js': createPolkadotJsPersonality,
  talisman: createTalismanPersonality,
  subwallet: createSubWalletPersonality,
}
