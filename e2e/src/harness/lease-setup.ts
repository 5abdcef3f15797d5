import { afterAll, beforeAll } from 'vitest'
import { leaseWorld, releaseWorld } from './world.js'

// Runs before every e2e file (vitest `setupFiles`): the file holds a world of its own from its
// first hook to its last. Registered first, so this beforeAll runs before the file's and this
// afterAll after the file's (vitest runs after-hooks in reverse), when its reverts are done.
beforeAll(async () => {
  await leaseWorld()
}, 16 * 60_000)
afterAll(() => releaseWorld())
