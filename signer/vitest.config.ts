import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.js'

// The frame's key code in Node, against the local nodes where a chain has one
// (bitcoind/bcoin, chopsticks; the Cosmos simulator); the page itself runs in Chromium (e2e).
export default defineProject({
  ...sourceResolve,
  test: { name: 'signer', environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
})
