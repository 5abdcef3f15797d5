import { KEPLR_PROFILE } from './keplr.js'
import {
  type CosmosPersonality,
  type CosmosPersonalityOptions,
  type CosmosWalletProfile,
  createCosmosPersonality,
} from './shared.js'

/**
 * Cosmostation (emulated), after its published extension docs
 * (docs.cosmostation.io, "Integrate Keplr" and its error codes): the Keplr
 * interface at `window.cosmostation.providers.keplr`; the key switch fires
 * `cosmostation_keystorechange`; Cancel rejects with an EIP-1193-style
 * error, `code: 4001` "User rejected the request." (not Keplr's text).
 */
export const COSMOSTATION_PROFILE: CosmosWalletProfile = {
  ...KEPLR_PROFILE,
  id: 'cosmostation',
  name: 'Cosmostation (emulated)',
  path: ['cosmostation', 'providers', 'keplr'],
  keystoreEvent: 'cosmostation_keystorechange',
  version: '1.14.0',
  rejection: () => Object.assign(new Error('User rejected the request.'), { code: 4001 }),
  forget: 'none',
}

export function createCosmostationPersonality(options?: CosmosPersonalityOptions): CosmosPersonality {
  return createCosmosPersonality(COSMOSTATION_PROFILE, options)
}
