// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Solana adapter: the local SVM (litesvm behind a real JSON-RPC server), the
// Solana dev wallet registered through the Wallet Standard, inside a real
// createPortico.
import { SOLANA_PERSONALITIES, type SolanaPersonalityId } from '@portico/dev-wallets/solana/personalities'
import { describeChainAdapter } from '@portico/devnet/conformance'
import { afterAll, beforeAll } from 'vitest'
import { solanaConformanceOptions, solanaPersonalityOptions } from './test-helpers/conformance.js'
import { installWindow } from './test-helpers/context.js'

let uninstallWindow: () => void
beforeAll(() => {
  uninstallWindow = installWindow()
})
afterAll(() => uninstallWindow?.())

describeChainAdapter({ ...solanaConformanceOptions(), matrix: { wallet: 'Portico Dev Wallet' } })

// The wallets visitors use, emulated from their published interfaces
// (@portico/dev-wallets/solana/personalities, one signing core): one suite
// each on a local SVM of its own. Phantom signs in and answers
// `signatureType`; Solflare's signIn names the account by address only and
// its signMessage (1.0.0) has no `signatureType`; Backpack has no signIn and
// waits for the commitment asked before answering a send.
for (const id of Object.keys(SOLANA_PERSONALITIES) as SolanaPersonalityId[]) {
  describeChainAdapter(solanaPersonalityOptions(id))
}
