import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { HttpBlockchainApi } from '@portico/core'
import { type PolkadotServiceInfo, spawnPolkadotDevnet } from '@portico/devnet'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetStateNetworks } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

// History is read from chopsticks' blocks on demand (finalized ones cached in memory), not stored: one engine is enough.
let dot: PolkadotServiceInfo
let t: TestGateway
let api: HttpBlockchainApi
let node: ApiPromise
const q = 'st=t&sv=1&projectId=local'
const net = `polkadot:${'45'.repeat(16)}` as const
const account = (name: string) => dot.fixtures.devAccounts.find((a) => a.name === name)!

beforeAll(async () => {
  dot = await spawnPolkadotDevnet({ port: 0, detached: false })
  t = await startTestGateway('sqlite', { networks: devnetStateNetworks({ services: { polkadot: dot } }) })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  node = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl), noInitWarn: true })
}, 180_000)

afterAll(async () => {
  await node?.disconnect()
  await t?.close()
  for (const pid of dot?.pids ?? []) process.kill(pid, 'SIGTERM')
})

const free = async (address: string) =>
  (
    (await node.query.system.account(address)) as unknown as { data: { free: { toBigInt(): bigint } } }
  ).data.free.toBigInt()

/** Signs and submits as `//name`, then waits for the block chopsticks builds for it (instant mode). */
async function submit(name: string, tx: ReturnType<ApiPromise['tx']['balances']['transferKeepAlive']>) {
  const signer = new Keyring({ type: 'sr25519', ss58Format: dot.ss58Prefix }).addFromUri(`//${name}`)
  const before = (await node.rpc.chain.getHeader()).number.toNumber()
  const hash = (await tx.signAndSend(signer)).toHex()
  while ((await node.rpc.chain.getHeader()).number.toNumber() <= before)
    await new Promise((r) => setTimeout(r, 100))
  return hash
}

describe('Polkadot history from the gateway (recent blocks’ events on chopsticks)', () => {
  it('a transferKeepAlive appears for the sender (send, amount, the fee it paid, block time) and the receiver (receive)', async () => {
    const [alice, charlie] = [account('Alice').address, account('Charlie').address]
    const aliceBefore = await free(alice)
    const started = Date.now()
    const hash = await submit('Alice', node.tx.balances.transferKeepAlive(charlie, 3_250_000_000_000n))
    const paidFee = aliceBefore - (await free(alice)) - 3_250_000_000_000n
    expect(paidFee).toBeGreaterThan(0n)
    const sent = await api.getTransactionHistory({ account: alice, chainId: net })
    const item = sent.data[0]!
    expect(item).toEqual({
      id: expect.stringMatching(new RegExp(`^${net}:\\d+-\\d+$`)),
      metadata: {
        minedAt: expect.any(String),
        chain: net,
        hash,
        sentFrom: alice,
        sentTo: charlie,
        status: 'confirmed',
        operationType: 'send',
        fee: { numeric: formatUnits(paidFee, 12), symbol: 'ROC' },
      },
      transfers: [
        { direction: 'out', quantity: { numeric: '3.25' }, fungible_info: { name: 'Rococo', symbol: 'ROC' } },
      ],
    })
    // chopsticks stamps blocks with its own clock: the time is the block's Timestamp.Now, near now.
    expect(Math.abs(Date.parse(item.metadata.minedAt) - started)).toBeLessThan(10 * 60_000)
    const received = await api.getTransactionHistory({ account: `${net}:${charlie}` })
    expect(received.data[0]).toMatchObject({
      metadata: { hash, operationType: 'receive', sentFrom: alice, sentTo: charlie },
      transfers: [{ direction: 'in', quantity: { numeric: '3.25' }, fungible_info: { symbol: 'ROC' } }],
    })
    // The receiver paid no fee.
    expect(received.data[0]!.metadata.fee).toBeUndefined()
  })

  it('an Assets-pallet transfer appears with the token’s symbol and decimals for both sides', async () => {
    const [alice, dave] = [account('Alice').address, account('Dave').address]
    const hash = await submit('Alice', node.tx.assets.transfer(1984, dave, 2_500_000n))
    const sent = await api.getTransactionHistory({ account: alice, chainId: net })
    expect(sent.data[0]).toMatchObject({
      metadata: { hash, operationType: 'send', sentTo: dave, fee: { symbol: 'ROC' } },
      transfers: [{ direction: 'out', quantity: { numeric: '2.5' }, fungible_info: { symbol: 'PDUSD' } }],
    })
    const received = await api.getTransactionHistory({ account: dave, chainId: net })
    expect(received.data[0]).toMatchObject({
      metadata: { hash, operationType: 'receive', sentFrom: alice },
      transfers: [{ direction: 'in', quantity: { numeric: '2.5' }, fungible_info: { symbol: 'PDUSD' } }],
    })
  })

  it('pages newest first by block: limit 1 then the cursor gives the older item, each once', async () => {
    const alice = account('Alice').address
    const first = await call(`${t.url}/v1/account/${alice}/history?${q}&chainId=${net}&limit=1`)
    const body = first.body as { data: { metadata: { hash: string } }[]; next: string }
    expect(body.data).toHaveLength(1)
    expect(body.next).toMatch(/^\d+$/)
    const second = await call(
      `${t.url}/v1/account/${alice}/history?${q}&chainId=${net}&limit=1&cursor=${body.next}`,
    )
    const more = second.body as { data: { metadata: { hash: string } }[] }
    expect(more.data).toHaveLength(1)
    expect(more.data[0]!.metadata.hash).not.toBe(body.data[0]!.metadata.hash)
  })

  it('errors: a foreign SS58 prefix 400 invalid_address, a bad cursor 400 invalid_cursor, an unreachable node 502 chain_unavailable', async () => {
    const generic = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    expect(await call(`${t.url}/v1/account/${generic}/history?${q}&chainId=${net}`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_address' },
    })
    const bob = account('Bob').address
    expect(await call(`${t.url}/v1/account/${bob}/history?${q}&chainId=${net}&cursor=0x1`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_cursor' },
    })
    const down = `polkadot:${'00'.repeat(16)}`
    const gw = await startTestGateway('sqlite', {
      networks: [
        {
          caipNetworkId: down,
          rpcUrl: 'http://127.0.0.1:9',
          ss58Prefix: 2,
          nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
        },
      ],
    })
    try {
      expect(await call(`${gw.url}/v1/account/${bob}/history?${q}&chainId=${down}`)).toMatchObject({
        status: 502,
        body: { code: 'chain_unavailable' },
      })
    } finally {
      await gw.close()
    }
  })
})
