import {
  createPolkadotPersonality,
  type PolkadotPersonality,
  type PolkadotPersonalityOptions,
  type PolkadotWalletProfile,
} from './shared.js'

/**
 * SubWallet (emulated), after its published interface
 * (github.com/Koniverse/SubWallet-Extension, the `polkadot-js`-compatible
 * injected API): `injectedWeb3['subwallet-js']`, injected once the page has
 * loaded; the same `Injected` shape as polkadot{.js}; its popup's reject
 * answers `Error('Rejected by user')`; with `withSignedTransaction` it
 * answers the signed extrinsic (its Ledger generic-app flow, RFC-0078
 * `CheckMetadataHash`, needs it), as Talisman does.
 */
export const SUBWALLET_PROFILE: PolkadotWalletProfile = {
  id: 'subwallet',
  key: 'subwallet-js',
  name: 'SubWallet (emulated)',
  version: '1.3.0',
  rejection: 'Rejected by user',
  signedTransaction: true,
  injects: 'after-load',
  ledgerNeedsSignedTransaction: 'The dapp does not support withSignedTransaction',
}

export function createSubWalletPersonality(
  options?: PolkadotPersonalityOptions,
): Promise<PolkadotPersonality> {
  return createPolkadotPersonality(SUBWALLET_PROFILE, options)
}
