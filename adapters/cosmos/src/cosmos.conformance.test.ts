// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Cosmos adapter, against the Cosmos chain simulator (devnet/src/cosmos: a
// CometBFT JSON-RPC + REST server over a strict auth/bank state machine — no
// Cosmos SDK node can be installed on these machines), with the Keplr-API dev
// wallet on a window-like target, inside a real createPortico. Run twice:
// direct signing (the default) and amino signing (a Ledger-style account).
// The app-side switch to the simulator's second chain (portico-osmo-1: the same key's osmo1…
// address) is the kit's networkSwitch check.
import { COSMOS_PERSONALITIES, type CosmosPersonalityId } from '@portico/dev-wallets/cosmos/personalities'
import { describeChainAdapter } from '@portico/devnet/conformance'
import { afterAll, vi } from 'vitest'
import { cosmosConformanceOptions, stopSharedLocal } from './test-helpers/conformance.js'

// The simulator and CosmJS on a shared 2-core machine: 90 s per check.
vi.setConfig({ testTimeout: 90_000 })

describeChainAdapter({
  ...cosmosConformanceOptions('direct'),
  matrix: { wallet: 'Portico Dev Wallet (direct signing)' },
})
describeChainAdapter({
  ...cosmosConformanceOptions('amino'),
  matrix: { wallet: 'Portico Dev Wallet (amino signing)' },
})

// The wallets visitors use, emulated from their published interfaces
// (@portico/dev-wallets/cosmos/personalities, one signing core): Keplr, Leap,
// Cosmostation's Keplr mode and a Keplr Ledger account (amino only), one suite
// each on one simulator shared by these suites. Each knows only the hub at
// first, so the switch to the second chain suggests it (experimentalSuggestChain);
// each has a fee picker, so the fees check fails unless the adapter asks
// preferNoSetFee; each announces key changes with its own window event.
afterAll(() => stopSharedLocal())
for (const id of Object.keys(COSMOS_PERSONALITIES) as CosmosPersonalityId[]) {
  const mode = id === 'keplr-ledger' ? 'amino' : 'direct'
  describeChainAdapter({
    ...cosmosConformanceOptions(mode, id),
    matrix: { wallet: COSMOS_PERSONALITIES[id]().name },
  })
}
