import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: { name: 'adapter-cosmos', environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 },
})
