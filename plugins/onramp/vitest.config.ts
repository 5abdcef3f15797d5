import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// Controller tests run in node against a real gateway (sandbox on anvil);
// React view tests opt into happy-dom per file.
export default defineProject({
  ...sourceResolve,
  test: {
    name: 'plugin-onramp',
    environment: 'node',
    // One devnet and gateway for every file (global setup): files take turns.
    fileParallelism: false,
    globalSetup: ['./src/test-helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
