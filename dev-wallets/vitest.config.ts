import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: { name: 'dev-wallets', environment: 'node', testTimeout: 30_000 },
})
