import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetStart, devnetStatus, devnetStop } from './cli.js'
import { isAlive, rpc } from './evm/anvil.js'
import { getFreePort } from './ports.js'
import { readDevnetState } from './state.js'

describe('portico-devnet start / status / stop', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'portico-devnet-'))
  const quiet = { stateDir, log: () => {} }
  afterAll(async () => {
    await devnetStop(quiet)
    rmSync(stateDir, { recursive: true, force: true })
  })

  it('starts detached nodes on the given ports, writes devnet.json, is idempotent, stops by PID', async () => {
    const ports = [await getFreePort(), await getFreePort()]
    const state = await devnetStart({ ...quiet, ports: { evm: ports } })
    const evm = state.services.evm!
    expect(evm.chains.map((c) => [c.chainId, c.rpcUrl])).toEqual([
      [31337, `http://127.0.0.1:${ports[0]}`],
      [31338, `http://127.0.0.1:${ports[1]}`],
    ])
    expect(readDevnetState(stateDir)).toEqual(state)
    expect(evm.fixtures.multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    expect(await devnetStatus(quiet)).toBe(true)

    const lines: string[] = []
    const again = await devnetStart({ stateDir, ports: { evm: ports }, log: (l) => lines.push(l) })
    expect(again.services.evm!.pids).toEqual(evm.pids)
    expect(lines[0]).toContain('already running')

    await devnetStop(quiet)
    expect(evm.pids.some(isAlive)).toBe(false)
    expect(readDevnetState(stateDir)).toBeUndefined()
    await expect(rpc(evm.chains[0]!.rpcUrl, 'eth_chainId', [], 500)).rejects.toThrow()
    expect(await devnetStatus(quiet)).toBe(false)
    await devnetStop(quiet)
  })
})
