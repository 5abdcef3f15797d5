// The Portico adapter conformance kit (@portico/devnet/conformance) on the EVM
// adapter: real anvil, the Portico Dev Wallet announced over EIP-6963 on a
// window stub, inside a real createPortico, every check the adapter offers on
// (test-helpers/conformance.ts).
import { describeChainAdapter } from '@portico/devnet/conformance'
import { evmConformanceOptions } from './test-helpers/conformance.js'

describeChainAdapter(evmConformanceOptions())
