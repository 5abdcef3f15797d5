import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// The conformance kit's WalletConnect check drives the adapter over a real
// session (the devnet's relay and dev wallet, real @walletconnect/sign-client):
// its ESM build (export condition `module`) default-imports CommonJS modules
// and fails under Node's ESM loader (the relayer throws "this.provider.request
// is not a function" and the session never settles), so Node here resolves
// without `module`, as in adapters/evm/vitest.config.ts.
const nodeConditions = ['source', 'node', 'development|production']
export default defineProject({
  ...sourceResolve,
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions } },
  test: { name: 'adapter-bitcoin', environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 },
})
