import { ApiPromise, HttpProvider } from '@polkadot/api'
import { afterAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../ports.js'
import { isAlive, stopPid } from '../process-service.js'
import { POLKADOT_LOCAL_GENESIS_HASH, ROC } from './fixtures.js'
import { spawnPolkadotDevnet } from './service.js'

const pids: number[] = []
afterAll(async () => {
  await Promise.all(pids.map((pid) => stopPid(pid)))
})

describe('portico-devnet polkadot service (chopsticks)', () => {
  it('runs chopsticks as its own process on the given port with funded dev accounts and the asset; stops on SIGTERM', async () => {
    const port = await getFreePort()
    const info = await spawnPolkadotDevnet({ port, detached: false })
    pids.push(...info.pids)
    expect(info.wsUrl).toBe(`ws://127.0.0.1:${port}`)
    expect(info.genesisHash).toBe(POLKADOT_LOCAL_GENESIS_HASH)
    expect(info.caipNetworkId).toBe(`polkadot:${'45'.repeat(16)}`)
    const api = await ApiPromise.create({ provider: new HttpProvider(info.httpUrl), noInitWarn: true })
    try {
      expect(api.genesisHash.toHex()).toBe(info.genesisHash)
      expect(api.registry.chainSS58).toBe(info.ss58Prefix)
      const bob = info.fixtures.devAccounts.find((a) => a.name === 'Bob')!
      const account = (await api.query.system.account(bob.address)) as unknown as {
        data: { free: { toBigInt(): bigint } }
      }
      expect(account.data.free.toBigInt()).toBe(1_000n * ROC)
      const { asset } = info.fixtures
      const holding = (await api.query.assets.account(asset.id, asset.owner)).toJSON() as { balance: number }
      expect(BigInt(holding.balance)).toBe(BigInt(asset.devAmount))
      const meta = (await api.query.assets.metadata(asset.id)).toHuman() as {
        symbol: string
        decimals: string
      }
      expect(meta.symbol).toBe('PDUSD')
      expect(Number(meta.decimals)).toBe(6)
    } finally {
      await api.disconnect()
    }
    await stopPid(info.pids[0]!)
    expect(isAlive(info.pids[0]!)).toBe(false)
  }, 180_000)
})
