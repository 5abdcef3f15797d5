import { KEPLR_PROFILE } from './keplr.js'
import {
  type CosmosPersonality,
  type CosmosPersonalityOptions,
  type CosmosWalletProfile,
  createCosmosPersonality,
} from './shared.js'

/**
 * Leap (emulated), after its published docs (docs.leapwallet.io, "API
 * Reference", "Add Leap to existing Keplr integration", "Suggest chain"):
 * `window.leap` with Keplr's methods (`enable`, `getKey`, the offline
 * signers, `signAmino`, `signDirect`, `signArbitrary`,
 * `experimentalSuggestChain`); its documented `Key` has no `isKeystone`
 * field; the key switch fires `leap_keystorechange`; no `disable` is
 * documented, so a site cannot withdraw its own permission. The docs give no
 * rejection text: the emulation answers Keplr's.
 */
export const LEAP_PROFILE: CosmosWalletProfile = {
  ...KEPLR_PROFILE,
  id: 'leap',
  name: 'Leap (emulated)',
  path: ['leap'],
  keystoreEvent: 'leap_keystorechange',
  version: '0.16.0',
  forget: 'none',
  keystoneField: false,
}

export function createLeapPersonality(options?: CosmosPersonalityOptions): CosmosPersonality {
  return createCosmosPersonality(LEAP_PROFILE, options)
}
