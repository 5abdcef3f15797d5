// vitest globalSetup: one chopsticks devnet for every test file of the
// project (it takes 20–40 s to start). Files get its URL and fixtures with
// `inject('polkadotDevnet')` and use distinct dev accounts.
// Imported by path: vitest loads globalSetup outside the project's `source`
// export condition, and @portico/devnet is not built in the workspace.
// chopsticks runs as its own process, as `portico-devnet start` runs it.

import type { TestProject } from 'vitest/node'
import type { PolkadotFixturesJson } from '../../../../devnet/src/polkadot/index.js'
import { spawnPolkadotDevnet } from '../../../../devnet/src/polkadot/service.js'
import { getFreePort } from '../../../../devnet/src/ports.js'
import { stopPid } from '../../../../devnet/src/process-service.js'

export interface ProvidedDevnet {
  wsUrl: string
  genesisHash: string
  caipNetworkId: string
  ss58Prefix: number
  fixtures: PolkadotFixturesJson
}

declare module 'vitest' {
  export interface ProvidedContext {
    polkadotDevnet: ProvidedDevnet
  }
}

export default async function setup(project: TestProject) {
  const devnet = await spawnPolkadotDevnet({ port: await getFreePort(), detached: false })
  project.provide('polkadotDevnet', {
    wsUrl: devnet.wsUrl,
    genesisHash: devnet.genesisHash,
    caipNetworkId: devnet.caipNetworkId,
    ss58Prefix: devnet.ss58Prefix,
    fixtures: devnet.fixtures,
  })
  return async () => {
    await Promise.all(devnet.pids.map((pid) => stopPid(pid)))
  }
}
