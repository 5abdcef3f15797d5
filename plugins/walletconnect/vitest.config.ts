import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// Two WalletConnect pitfalls shape this config (LOCAL-WORLD.md):
// - jsdom's WebSocket breaks the clients: protocol tests run in the node
//   environment; React view tests opt into jsdom per file.
// - WalletConnect's ESM builds (export condition `module`) default-import
//   CommonJS modules and fail under Node's ESM loader, so Node here resolves
//   without the `module` condition (vitest passes these conditions to Node),
//   and without `browser` in the DOM tests too (they run the real relay and
//   wallet, which need `ws`'s Node build).
const nodeConditions = ['source', 'node', 'development|production']
export default defineProject({
  ...sourceResolve,
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions } },
  test: { name: 'plugin-walletconnect', environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 },
})
