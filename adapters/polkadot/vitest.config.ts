import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// One chopsticks devnet for the whole project run (globalSetup): it takes
// ~20 s to start, so test files share it and use distinct dev accounts.
export default defineProject({
  ...sourceResolve,
  test: {
    name: 'adapter-polkadot',
    environment: 'node',
    // Files take turns on the shared chopsticks chain (blocks are built on request).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['./src/test-helpers/global-setup.ts'],
  },
})
