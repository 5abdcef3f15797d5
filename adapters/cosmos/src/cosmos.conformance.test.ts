// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Cosmos adapter, against the Cosmos chain simulator (devnet/src/cosmos: a
// CometBFT JSON-RPC + REST server over a strict auth/bank state machine — no
// Cosmos SDK node can be installed on these machines), with the Keplr-API dev
// wallet on a window-like target, inside a real createPortico. Run twice:
// direct signing (the default) and amino signing (a Ledger-style account).
// The app-side switch to the simulator's second chain (portico-osmo-1: the same key's osmo1…
// address) is the kit's networkSwitch check.
import { describeChainAdapter } from '@portico/devnet/conformance'
import { vi } from 'vitest'
import { cosmosConformanceOptions } from './test-helpers/conformance.js'

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
