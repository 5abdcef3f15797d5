import {
  type CosmosPersonality,
  type CosmosPersonalityOptions,
  type CosmosWalletProfile,
  createCosmosPersonality,
} from './shared.js'

/** What Keplr throws when the user declines (an `Error` with this whole message and no code). */
export const KEPLR_REJECTION = 'Request rejected'

/**
 * Keplr (emulated), after its published API (docs.keplr.app "Basic API" and
 * `@keplr-wallet/types` `Keplr` / `Key`): `window.keplr` with `enable`,
 * `getKey` (`isNanoLedger`, `isKeystone`), `getOfflineSigner` /
 * `getOfflineSignerOnlyAmino`, `signDirect`, `signAmino`, `signArbitrary`
 * (ADR-036), `experimentalSuggestChain`, `disable`; `defaultOptions.sign`
 * applies to calls without options (`preferNoSetFee`: without it the user's
 * fee picker replaces the app's fee); the key switch fires
 * `keplr_keystorechange` on `window`; Cancel rejects with `Request rejected`;
 * an unknown chain with `There is no chain info for <id>`.
 */
export const KEPLR_PROFILE: CosmosWalletProfile = {
  id: 'keplr',
  name: 'Keplr (emulated)',
  path: ['keplr'],
  keystoreEvent: 'keplr_keystorechange',
  version: '0.12.250',
  rejection: () => new Error(KEPLR_REJECTION),
  unknownChain: (chainId) => new Error(`There is no chain info for ${chainId}`),
  forget: 'disable',
  keystoneField: true,
  feePicker: true,
}

/**
 * A Ledger account in Keplr (emulated): the same `window.keplr`, but `getKey`
 * answers `isNanoLedger: true` and, as `@keplr-wallet/types` notes, the
 * Ledger Cosmos app signs amino (JSON) documents only, so `signDirect` is
 * refused and the site must use `getOfflineSignerOnlyAmino`.
 */
export const KEPLR_LEDGER_PROFILE: CosmosWalletProfile = {
  ...KEPLR_PROFILE,
  id: 'keplr-ledger',
  name: 'Keplr with a Ledger account (emulated)',
  ledger: { directRefused: 'Ledger is not compatible with direct signing (proto sign doc)' },
}

export function createKeplrPersonality(options?: CosmosPersonalityOptions): CosmosPersonality {
  return createCosmosPersonality(KEPLR_PROFILE, options)
}

export function createKeplrLedgerPersonality(options?: CosmosPersonalityOptions): CosmosPersonality {
  return createCosmosPersonality(KEPLR_LEDGER_PROFILE, options)
}
