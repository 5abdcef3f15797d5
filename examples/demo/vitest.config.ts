import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: { name: 'demo', environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 },
})
