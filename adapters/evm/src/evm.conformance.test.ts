// The Portico adapter conformance kit (@portico/devnet/conformance) on the EVM
// adapter: real anvil, the Portico Dev Wallet announced over EIP-6963 on a
// window stub, inside a real createPortico, every check the adapter offers on
// (test-helpers/conformance.ts). Then once per wallet personality (MetaMask-,
// Rabby-, Coinbase-Wallet-like, emulated from their published dialects), one
// describe each, on one anvil pair they share (test-helpers/personalities.ts).
import { EVM_PERSONALITIES, type EvmPersonalityId } from '@portico/dev-wallets/evm/personalities'
import { describeChainAdapter } from '@portico/devnet/conformance'
import { afterAll } from 'vitest'
import { evmConformanceOptions } from './test-helpers/conformance.js'
import { startDevnetNetworks } from './test-helpers/devnet.js'
import { evmPersonalityOptions, type SharedEvmDevnet } from './test-helpers/personalities.js'

describeChainAdapter({ ...evmConformanceOptions(), matrix: { wallet: 'Portico Dev Wallet' } })

let shared: Promise<SharedEvmDevnet> | undefined
const acquire = () => {
  shared ??= startDevnetNetworks()
  return shared
}
afterAll(async () => {
  const started = await shared
  shared = undefined
  await started?.devnet.stop()
})

for (const id of Object.keys(EVM_PERSONALITIES) as EvmPersonalityId[]) {
  describeChainAdapter(evmPersonalityOptions(id, acquire))
}
