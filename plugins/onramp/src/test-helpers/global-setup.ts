// One anvil devnet and one gateway for the whole run, in a child process
// (serve-world.ts). Imported by path: vitest loads a global setup outside the
// project's `source` export condition, and @portico/devnet/test-helpers is not built.
import type { TestProject } from 'vitest/node'
import { type EvmWorld, startEvmWorld } from '../../../../devnet/src/test-helpers/evm-world.js'

declare module 'vitest' {
  export interface ProvidedContext {
    onrampWorld: EvmWorld
  }
}

export default async function setup(project: TestProject) {
  const { world, stop } = await startEvmWorld(
    new URL('./serve-world.ts', import.meta.url),
    new URL('../..', import.meta.url),
    'onramp',
  )
  project.provide('onrampWorld', world)
  return stop
}
