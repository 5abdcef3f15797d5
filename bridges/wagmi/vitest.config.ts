import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  test: { name: 'wagmi', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
})
