// The local world as server/README.md hands it to a newcomer:
//   pnpm --filter @portico/devnet start && pnpm --filter @portico/server start -- --devnet
// `portico-devnet start` writes the devnet state file (here: its EVM service only, on free ports, in a
// temporary state folder); `portico-server --devnet` is the real bin in a child process, reading that file.
// Dev account 0 received the fixture grants and NFTs when the devnet deployed: its history and NFTs
// must fill without any further configuration.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetStart, devnetStop, evmService, getDevAccounts, getFreePort } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, spawnServer } from './test-helpers/process.js'

const stateDir = mkdtempSync(join(tmpdir(), 'portico-cli-devnet-'))
const quiet = { stateDir, log: () => {} }
let server: ServerProcess | undefined

beforeAll(async () => {
  const ports = [await getFreePort(), await getFreePort()]
  await devnetStart({ ...quiet, services: [evmService], ports: { evm: ports } })
  server = await spawnServer(
    ['--devnet'],
    {
      PORTICO_STATE_DIR: stateDir,
      // Its SQLite file goes to the temporary folder too, not the working directory.
      PORTICO_DATA_DIR: join(stateDir, 'data'),
      LOG_LEVEL: 'info',
      // Workspace packages from their sources, as the rest of the suite runs them.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`,
    },
    { startTimeoutMs: 180_000 },
  )
}, 240_000)

afterAll(async () => {
  server?.child.kill('SIGTERM')
  await devnetStop(quiet)
  rmSync(stateDir, { recursive: true, force: true })
})

async function poll<T>(url: string, done: (body: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(url)
    expect(res.status).toBe(200)
    const body = (await res.json()) as T
    if (done(body) || Date.now() > until) return body
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('portico-server --devnet turns on what the local world needs', () => {
  const account0 = getDevAccounts()[0]!.address

  it('indexes the anvil chains: dev account 0 has history and NFTs without any configuration', async () => {
    const q = 'projectId=local&st=test&sv=0'
    const history = await poll<{ data: unknown[] }>(
      `${server!.url}/v1/account/${account0}/history?${q}&chainId=eip155:31337`,
      (b) => b.data.length > 0,
    )
    expect(history.data.length).toBeGreaterThan(0)
    const nfts = await poll<{ data: { contract: string; tokenId: string }[] }>(
      `${server!.url}/v1/account/${account0}/nfts?${q}&chainId=eip155:31337`,
      (b) => b.data.length > 0,
    )
    // The devnet mints Portico Pass #1 and #2 to account 0 and every badge to accounts 0–2.
    expect(nfts.data.map((n) => n.tokenId)).toEqual(expect.arrayContaining(['1', '2']))
    // /healthz names both anvil chains among those this instance indexes.
    const health = (await (await fetch(`${server!.url}/healthz`)).json()) as {
      indexer?: Record<string, unknown>
    }
    expect(Object.keys(health.indexer ?? {})).toEqual(
      expect.arrayContaining(['eip155:31337', 'eip155:31338']),
    )
  }, 90_000)
})
