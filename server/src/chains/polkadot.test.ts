import { HttpBlockchainApi } from '@portico/core'
import { type PolkadotServiceInfo, spawnPolkadotDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetStateNetworks } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { ss58AccountId, transferableFromAccountInfo } from './polkadot.js'

let dot: PolkadotServiceInfo
let t: TestGateway
let api: HttpBlockchainApi
const q = 'st=t&sv=1&projectId=local'
const net = `polkadot:${'45'.repeat(16)}` as const
const account = (name: string) => dot.fixtures.devAccounts.find((a) => a.name === name)!

beforeAll(async () => {
  // chopsticks as `portico-devnet start` runs it; the gateway reads what devnet.json would record.
  dot = await spawnPolkadotDevnet({ port: 0, detached: false })
  t = await startTestGateway('sqlite', {
    networks: devnetStateNetworks({ services: { polkadot: dot } }),
    prices: { usd: { [`${net}:native`]: 2 } },
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
}, 180_000)

afterAll(async () => {
  await t?.close()
  for (const pid of dot?.pids ?? []) process.kill(pid, 'SIGTERM')
})

describe('Polkadot balances against chopsticks', () => {
  it('GET /v1/supported-chains lists the chopsticks devnet (placeholder genesis 0x4545…)', async () => {
    expect((await api.getSupportedChains()).http).toEqual([net])
  })

  it('balance: transferable ROC and the Assets token, exact amounts, SPEC §3 fields', async () => {
    const bob = await api.getBalance({ address: account('Bob').address, chainId: net })
    expect(bob.balances).toEqual([
      {
        name: 'Rococo',
        symbol: 'ROC',
        chainId: net,
        address: `${net}:native`,
        value: 2000,
        price: 2,
        priceSource: 'configured',
        quantity: { decimals: '12', numeric: '1000' },
      },
    ])
    // A CAIP-10 account names its chain: no chainId needed.
    const alice = (await call(`${t.url}/v1/account/${net}:${account('Alice').address}/balance?${q}`))
      .body as {
      balances: { symbol: string; address: string; quantity: { numeric: string } }[]
    }
    expect(alice.balances.map((b) => [b.symbol, b.address, b.quantity.numeric])).toEqual([
      ['ROC', `${net}:native`, expect.stringMatching(/^99\d\d\.\d+$/)],
      ['PDUSD', `${net}:1984`, '1234.5'],
    ])
    const none = await call(`${t.url}/v1/account/${account('Ferdie').address}/balance?${q}&chainId=${net}`)
    expect(none).toMatchObject({ status: 200, body: { balances: [] } })
  })

  it('an address of another SS58 prefix or a broken checksum is a 400, not a chain error', async () => {
    const generic = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY' // Alice, prefix 42
    const wrong = await call(`${t.url}/v1/account/${generic}/balance?${q}&chainId=${net}`)
    expect(wrong.status).toBe(400)
    const broken = `${account('Bob').address.slice(0, -1)}1`
    expect((await call(`${t.url}/v1/account/${broken}/balance?${q}&chainId=${net}`)).status).toBe(400)
    expect(ss58AccountId(account('Bob').address, 2)).toHaveLength(32)
    expect(ss58AccountId(generic, 2)).toBeUndefined()
  })

  it('reads both AccountData layouts: free − frozen (flags top bit set) and free − max(miscFrozen, feeFrozen)', () => {
    const u32 = '00000000'
    const u128 = (v: bigint) => Buffer.from(v.toString(16).padStart(32, '0'), 'hex').reverse().toString('hex')
    const head = u32.repeat(4)
    const modern = `0x${head}${u128(100n)}${u128(5n)}${u128(30n)}${u128(1n << 127n)}`
    expect(transferableFromAccountInfo(modern)).toBe(70n)
    const legacy = `0x${head}${u128(100n)}${u128(5n)}${u128(10n)}${u128(40n)}`
    expect(transferableFromAccountInfo(legacy)).toBe(60n)
    expect(transferableFromAccountInfo(null)).toBe(0n)
  })
})
