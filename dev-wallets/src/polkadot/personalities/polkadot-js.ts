import {
  createPolkadotPersonality,
  type PolkadotPersonality,
  type PolkadotPersonalityOptions,
  type PolkadotWalletProfile,
} from './shared.js'

/**
 * polkadot{.js} extension (emulated), after its published source
 * (github.com/polkadot-js/extension: `packages/extension-base/src/page`, the
 * `Injected` of `@polkadot/extension-inject`): `injectedWeb3['polkadot-js']`
 * put there by a content script that runs at document start, `enable(origin)`
 * asks the user once per origin, `accounts.get` / `accounts.subscribe`,
 * `signer.signRaw` over `<Bytes>…</Bytes>` and `signer.signPayload` answering
 * `{ id, signature }` only (no `signedTransaction`), Cancel rejects with
 * `Error('Cancelled')`.
 */
export const POLKADOT_JS_PROFILE: PolkadotWalletProfile = {
  id: 'polkadot-js',
  key: 'polkadot-js',
  name: 'polkadot{.js} (emulated)',
  version: '0.62.1',
  rejection: 'Cancelled',
  signedTransaction: false,
  injects: 'document-start',
}

export function createPolkadotJsPersonality(
  options?: PolkadotPersonalityOptions,
): Promise<PolkadotPersonality> {
  return createPolkadotPersonality(POLKADOT_JS_PROFILE, options)
}
