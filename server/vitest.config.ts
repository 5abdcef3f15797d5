import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'server',
    environment: 'node',
    // One PostgreSQL cluster for the whole run (initdb into a temp dir, loopback, free port).
    globalSetup: ['./src/test-helpers/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
