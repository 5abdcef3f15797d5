import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

// Protocol and controller tests run in node; the frame's real behaviour runs in Chromium (e2e).
export default defineProject({
  ...sourceResolve,
  test: { name: 'plugin-embedded-wallet', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
})
