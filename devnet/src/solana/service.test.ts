import { createSolanaRpc } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../ports.js'
import { isAlive, stopPid } from '../process-service.js'
import { spawnSolanaDevnet } from './service.js'

const pids: number[] = []
afterAll(async () => {
  await Promise.all(pids.map((pid) => stopPid(pid)))
})

describe('portico-devnet solana service', () => {
  it('runs the SVM as its own process on the given port, reports fixtures, stops on SIGTERM', async () => {
    const port = await getFreePort()
    const info = await spawnSolanaDevnet({ port, detached: false })
    pids.push(...info.pids)
    expect(info.rpcUrl).toBe(`http://127.0.0.1:${port}`)
    expect(info.fixtures.devKeypairs[0]!.secretKey).toHaveLength(64)
    const rpc = createSolanaRpc(info.rpcUrl)
    expect(await rpc.getGenesisHash().send()).toBe(info.genesisHash)
    const { value } = await rpc.getBalance(info.fixtures.devKeypairs[0]!.address as never).send()
    expect(value.toString()).toBe(info.fixtures.devKeypairs[0]!.lamports)
    await stopPid(info.pids[0]!)
    expect(isAlive(info.pids[0]!)).toBe(false)
  })
})
