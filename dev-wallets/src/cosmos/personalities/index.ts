/**
 * @portico/dev-wallets/cosmos/personalities — thin emulations of the Cosmos
 * wallets visitors use (Keplr, Leap, Cosmostation's Keplr mode, and a Keplr
 * Ledger account that signs amino only), each reproducing its wallet's
 * published Keplr-style interface and quirks on top of the one signing core
 * (`@portico/dev-wallets/cosmos`), labelled "(emulated)" and never with the
 * wallet's icon. Browser-safe: the demo installs them too.
 */
import { createCosmostationPersonality } from './cosmostation.js'
import { createKeplrLedgerPersonality, createKeplrPersonality } from './keplr.js'
import { createLeapPersonality } from './leap.js'
import type { CosmosPersonality, CosmosPersonalityId, CosmosPersonalityOptions } from './shared.js'

export { COSMOSTATION_PROFILE } from './cosmostation.js'
export { KEPLR_LEDGER_PROFILE, KEPLR_PROFILE, KEPLR_REJECTION } from './keplr.js'
export { LEAP_PROFILE } from './leap.js'
export {
  type CosmosPersonality,
  type CosmosPersonalityId,
  type CosmosPersonalityOptions,
  type CosmosWalletProfile,
  createCosmosPersonality,
  type KeplrStyleChainInfo,
  type KeplrStyleKey,
  type KeplrStyleProvider,
  type KeplrStyleSignOptions,
} from './shared.js'
export {
  createCosmostationPersonality,
  createKeplrLedgerPersonality,
  createKeplrPersonality,
  createLeapPersonality,
}

/** Every Cosmos personality by id, in the order the compatibility matrix lists them. */
export const COSMOS_PERSONALITIES: Record<
  CosmosPersonalityId,
  (options?: CosmosPersonalityOptions) => CosmosPersonality
> = {
  keplr: createKeplrPersonality,
  leap: createLeapPersonality,
  cosmostation: createCosmostationPersonality,
  'keplr-ledger': createKeplrLedgerPersonality,
}
