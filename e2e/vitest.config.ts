import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.js'
import { e2eWorkers } from './src/harness/workers.js'

// Browser flows on the built demo, run after the unit-test projects (group 1).
// `e2eWorkers()` files at a time (PORTICO_E2E_WORKERS; `npm test` sets 2 so both
// cores work here, default 1): each worker has a world of its own (anvil devnets,
// demo servers; one demo build for all), and its files take turns on it.
const workers = e2eWorkers()
export default defineProject({
  ...sourceResolve,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/harness/global-setup.ts'],
    // Each file leases a world for its whole run: two files never share the anvils (world.ts).
    setupFiles: ['./src/harness/lease-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // A worker runs file after file and keeps its module cache between them: the files share no
    // mutable module state (no mocks or stubs, nothing on globalThis), and each no longer
    // re-imports the gateway, the devnet and playwright-core (~10 s a file on a loaded machine).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    sequence: { groupOrder: 1 },
  },
})
