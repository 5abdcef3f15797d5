import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// The swap flow runs against real anvil + a real gateway in the node
// environment; React view tests opt into happy-dom per file.
export default defineProject({
  ...sourceResolve,
  test: { name: 'plugin-swap', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
})
