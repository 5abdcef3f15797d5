import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: { name: 'adapter-bitcoin', environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 },
})
