// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Solana adapter: the local SVM (litesvm behind a real JSON-RPC server), the
// Solana dev wallet registered through the Wallet Standard, inside a real
// createPortico.
import { describeChainAdapter } from '@portico/devnet/conformance'
import { afterAll, beforeAll } from 'vitest'
import { solanaConformanceOptions } from './test-helpers/conformance.js'
import { installWindow } from './test-helpers/context.js'

let uninstallWindow: () => void
beforeAll(() => {
  uninstallWindow = installWindow()
})
afterAll(() => uninstallWindow?.())

describeChainAdapter({ ...solanaConformanceOptions(), matrix: { wallet: 'Portico Dev Wallet' } })
