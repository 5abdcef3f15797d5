import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// The WalletConnect tests drive the adapter over a real session (the devnet's
// relay and dev wallet, real @walletconnect/sign-client): its ESM build
// (export condition `module`) default-imports CommonJS modules and fails
// under Node's ESM loader, so Node here resolves without `module`
// (as in plugins/walletconnect/vitest.config.ts; LOCAL-WORLD.md).
const nodeConditions = ['source', 'node', 'development|production']
export default defineProject({
  ...sourceResolve,
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions } },
  test: { name: 'adapter-evm', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
})
