import { afterAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../ports.js'
import { isAlive, stopPid } from '../process-service.js'
import { spawnBitcoinDevnet } from './service.js'

const pids: number[] = []
afterAll(async () => {
  await Promise.all(pids.map((pid) => stopPid(pid)))
})

describe('portico-devnet bitcoin service', () => {
  it('runs bcoin regtest as its own process on the given port, reports fixtures, stops on SIGTERM', async () => {
    const port = await getFreePort()
    const info = await spawnBitcoinDevnet({ port, detached: false })
    pids.push(...info.pids)
    expect(info.esploraUrl).toBe(`http://127.0.0.1:${port}`)
    const dev0 = info.fixtures.devAccounts[0]!
    const utxos = (await (await fetch(`${info.esploraUrl}/address/${dev0.payment.address}/utxo`)).json()) as {
      value: number
    }[]
    expect(utxos.reduce((s, u) => s + u.value, 0)).toBe(dev0.funded.payment)
    await stopPid(info.pids[0]!)
    expect(isAlive(info.pids[0]!)).toBe(false)
  }, 120_000)
})
