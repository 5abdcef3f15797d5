// Two gateway instances on one PostgreSQL and one Redis, as behind a load balancer:
// A is the real `portico-server` bin in a child process (so it can be killed with SIGKILL),
// B is createGateway in this process. Both answer over real HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import pg from 'pg'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HISTORY_PAGE_SIZE } from '../indexer/index.js'
import { registrationTypedData } from '../signatures/index.js'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type ServerProcess, spawnServer } from '../test-helpers/process.js'
import { startRedis, type TestRedis } from '../test-helpers/redis.js'

const CHAIN = 'eip155:31337'
const LIMIT = 12
const POLL_MS = 100
/** How long the survivor may take to lead after the leader dies: one poll plus PostgreSQL noticing the closed session. */
const TAKEOVER_BOUND_MS = 5_000

let redis: TestRedis
let devnet: EvmDevnet
let db: TestDatabase
let dir: string
let a: ServerProcess | undefined
let b: TestGateway
let startBlock: bigint

const project = {
  id: 'pair',
  name: 'Pair',
  allowedOrigins: ['http://localhost:*'],
  rateLimit: { max: LIMIT, windowMs: 60_000 },
}

beforeAll(async () => {
  ;[redis, devnet, db] = await Promise.all([startRedis(), startEvmDevnet(), createTestDatabase('postgres')])
  const rpc = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  startBlock = await rpc.getBlockNumber()
  const config = {
    trustProxy: 1,
    projects: [project],
    networks: devnetNetworks(devnet)
      .filter((n) => n.caipNetworkId === CHAIN)
      .map((n) => ({
        ...n,
        indexer: { enabled: true, pollIntervalMs: POLL_MS, batchBlocks: 3, fromBlock: Number(startBlock) },
      })),
  }
  dir = mkdtempSync(join(tmpdir(), 'portico-pair-'))
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config))
  // A first, so it takes the indexer lock; B starts once A leads.
  a = await spawnServer(
    [],
    {
      PORTICO_CONFIG: join(dir, 'config.json'),
      DATABASE_URL: db.url,
      // Workspace packages from their TypeScript sources (no build needed), as under vitest.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`,
      REDIS_URL: redis.url,
    },
    // Compiling the sources through tsx takes long on a busy machine.
    { startTimeoutMs: 120_000 },
  )
  for (const deadline = Date.now() + 10_000; !a.lines.some((l) => l.msg === 'indexer leadership taken'); ) {
    if (Date.now() > deadline) throw new Error('instance A did not take the indexer lock')
    await new Promise((r) => setTimeout(r, 50))
  }
  b = await startTestGateway('postgres', { ...config, redisUrl: redis.url }, { database: db })
}, 180_000)

afterAll(async () => {
  a?.child.kill('SIGKILL')
  await b?.close({ keepDatabase: true })
  await db?.drop()
  await Promise.all([redis?.stop(), devnet?.stop()])
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const headers = (ip: string) => ({ 'x-forwarded-for': ip })
const health = async (base: string) => (await call(`${base}/healthz`)).body

describe('two gateway instances on one PostgreSQL and one Redis', () => {
  it('a client spreading requests over both is limited at the configured total, not twice it', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT * 2; i++) {
      const base = i % 2 ? b.url : a!.url
      statuses.push(
        (await call(`${base}/v1/supported-chains?projectId=pair`, { headers: headers('192.0.2.9') })).status,
      )
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT)
  })

  it('a name registered through A is the identity B answers at once', async () => {
    const key = generatePrivateKey()
    const account = privateKeyToAccount(key)
    const path = `/v1/identity/${account.address}?projectId=pair`
    expect((await call(`${b.url}${path}`, { headers: headers('192.0.2.10') })).body).toEqual({
      name: null,
      avatar: null,
    })
    const fields = {
      name: 'dana-pair.portico.id',
      address: account.address,
      coin_type: 60,
      timestamp: Date.now(),
    }
    const reg = await call(`${a!.url}/v1/profile/account?projectId=pair`, {
      headers: headers('192.0.2.10'),
      json: {
        coin_type: 60,
        address: account.address,
        message: JSON.stringify(fields),
        signature: await account.signTypedData(registrationTypedData(fields)),
      },
    })
    expect(reg.status).toBe(200)
    expect((await call(`${b.url}${path}`, { headers: headers('192.0.2.10') })).body.name).toBe(
      'dana-pair.portico.id',
    )
  })

  it('the indexer runs on exactly one; after kill -9 of the leader the other takes over, history without gap or duplicate', async () => {
    expect((await health(a!.url)).indexerLeader).toEqual([CHAIN])
    expect((await health(b.url)).indexerLeader).toEqual([])

    const rpcUrl = devnet.chains[0]!.rpcUrl
    const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: 20 })
    const sender = createWalletClient({
      account: privateKeyToAccount(devnet.fixtures.accounts[7]!.privateKey),
      transport: http(rpcUrl),
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase()
    const sent: Hex[] = []
    const send = async () => {
      const hash = await sender.sendTransaction({
        to: recipient as Hex,
        value: parseEther('0.01'),
        chain: null,
      })
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      sent.push(hash)
      return hash
    }
    for (let i = 0; i < 4; i++) await send()
    // A indexes these while B only serves.
    const first = await publicClient.getTransactionReceipt({ hash: sent[3]! })
    await b.gateway.indexer.waitFor(CHAIN, first.blockNumber)
    expect((await health(b.url)).indexerLeader).toEqual([])

    // The leader dies mid-stream: transactions keep coming while nobody indexes.
    a!.child.kill('SIGKILL')
    const killedAt = Date.now()
    for (let i = 0; i < 4; i++) await send()
    await expect
      .poll(async () => (await health(b.url)).indexerLeader, { timeout: TAKEOVER_BOUND_MS, interval: 50 })
      .toEqual([CHAIN])
    const tookOverMs = Date.now() - killedAt
    expect(tookOverMs).toBeLessThan(TAKEOVER_BOUND_MS)
    for (let i = 0; i < 3; i++) await send()
    const last = await publicClient.getTransactionReceipt({ hash: sent.at(-1)! })
    await b.gateway.indexer.waitFor(CHAIN, last.blockNumber)

    // Every transfer exactly once in the shared history, newest first, read through the survivor.
    expect(sent.length).toBeLessThan(HISTORY_PAGE_SIZE)
    const page = await call(`${b.url}/v1/account/${recipient}/history?projectId=pair&chainId=${CHAIN}`, {
      headers: headers('192.0.2.11'),
    })
    expect(page.status).toBe(200)
    expect(page.body.data.map((d: { metadata: { hash: string } }) => d.metadata.hash)).toEqual(
      [...sent].reverse(),
    )
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      const rows = await client.query<{ tx_hash: string; n: string }>(
        'SELECT tx_hash, COUNT(*) AS n FROM transfers WHERE chain = $1 AND to_addr = $2 GROUP BY tx_hash',
        [CHAIN, recipient],
      )
      expect(rows.rows.map((r) => r.tx_hash).sort()).toEqual([...sent].sort())
      expect(rows.rows.every((r) => Number(r.n) === 1)).toBe(true)
      // No block range skipped: the cursor is one past the last block, and every block from the start was read.
      const cursor = await client.query<{ next_block: string }>(
        'SELECT next_block FROM indexer_cursors WHERE chain = $1',
        [CHAIN],
      )
      expect(BigInt(cursor.rows[0]!.next_block)).toBeGreaterThan(last.blockNumber)
    } finally {
      await client.end()
    }
  })
})
