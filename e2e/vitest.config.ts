import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.js'

// Browser flows on the built demo. One file at a time (one Chromium, one
// devnet, one demo build for the whole project); run after the unit-test
// projects so the two cores are not shared with them.
export default defineProject({
  ...sourceResolve,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/harness/global-setup.ts'],
    fileParallelism: false,
    // One worker runs every file and keeps its module cache between them: the files share no
    // mutable module state (no mocks or stubs, nothing on globalThis), and each no longer
    // re-imports the gateway, the devnet and playwright-core (~10 s a file on a loaded machine).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    sequence: { groupOrder: 1 },
  },
})
