import { StargateClient } from '@cosmjs/stargate'
import { afterAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../ports.js'
import { isAlive, stopPid } from '../process-service.js'
import { spawnCosmosDevnet } from './service.js'

const pids: number[] = []
afterAll(async () => {
  await Promise.all(pids.map((pid) => stopPid(pid)))
})

describe('portico-devnet cosmos service', () => {
  it('runs the simulator as its own process on the given port, reports both chains and fixtures, stops on SIGTERM', async () => {
    const port = await getFreePort()
    const info = await spawnCosmosDevnet({ port, detached: false })
    pids.push(...info.pids)
    expect(info.url).toBe(`http://127.0.0.1:${port}`)
    expect(info.chains.map((c) => [c.chainId, c.bech32Prefix])).toEqual([
      ['portico-hub-1', 'cosmos'],
      ['portico-osmo-1', 'osmo'],
    ])
    const client = await StargateClient.connect(info.chains[1]!.rpcUrl)
    expect(await client.getChainId()).toBe('portico-osmo-1')
    const address = info.fixtures.accounts[0]!.addresses['portico-osmo-1']!
    expect((await client.getBalance(address, 'uosmo')).amount).toBe('1000000000000')
    client.disconnect()
    await stopPid(info.pids[0]!)
    expect(isAlive(info.pids[0]!)).toBe(false)
  })
})
