// vitest globalSetup of the `demo` project: the demo's build for build.test.ts. It is the
// run's one build (`sharedDemoBuild`), the one the e2e project serves: started here if the e2e
// setup has not started it yet, and not awaited (the test waits on `demoBuild`).
// Imported by path: the harness is not a package export (as adapters/polkadot's setup does with devnet).
import type { TestProject } from 'vitest/node'
import { sharedDemoBuild } from '../../e2e/src/harness/demo-build.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared demo build's status URL (`waitForDemoBuild` resolves with its folder). */
    demoBuild: string
  }
}

export default async function setup(project: TestProject) {
  const build = await sharedDemoBuild()
  project.provide('demoBuild', build.statusUrl)
  return () => build.dispose()
}
