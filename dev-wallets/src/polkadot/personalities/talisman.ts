import {
  createPolkadotPersonality,
  type PolkadotPersonality,
  type PolkadotPersonalityOptions,
  type PolkadotWalletProfile,
} from './shared.js'

/**
 * Talisman (emulated), after its published source (github.com/TalismanSociety/talisman:
 * the extension's injected `polkadot-js`-compatible API and its substrate
 * signing handler): `injectedWeb3.talisman`, injected once the page has
 * loaded; `signPayload` answers the whole extrinsic as `signedTransaction`
 * when the payload asks `withSignedTransaction` (it adds the signature to
 * the payload's extrinsic), Ledger accounts on the Polkadot generic app
 * refuse dapps without `withSignedTransaction` ("This dapp needs to be
 * updated in order to support Ledger signing.") and sign with
 * `CheckMetadataHash` enabled; Cancel rejects with `Error('Cancelled')`.
 */
export const TALISMAN_PROFILE: PolkadotWalletProfile = {
  id: 'talisman',
  key: 'talisman',
  name: 'Talisman (emulated)',
  version: '2.6.0',
  rejection: 'Cancelled',
  signedTransaction: true,
  injects: 'after-load',
  ledgerNeedsSignedTransaction: 'This dapp needs to be updated in order to support Ledger signing.',
}

export function createTalismanPersonality(
  options?: PolkadotPersonalityOptions,
): Promise<PolkadotPersonality> {
  return createPolkadotPersonality(TALISMAN_PROFILE, options)
}
