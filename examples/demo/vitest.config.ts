import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  // The build test reads the run's shared demo build (vitest.global-setup.ts); the shutdown
  // test starts the demo: one at a time.
  test: {
    name: 'demo',
    environment: 'node',
    globalSetup: ['./vitest.global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
