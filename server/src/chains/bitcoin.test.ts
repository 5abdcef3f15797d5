import { HttpBlockchainApi } from '@portico/core'
import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

// Balances live in the gateway's memory cache, not in storage: one engine is enough.
let btc: BitcoinDevnet
let t: TestGateway
let api: HttpBlockchainApi
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const q = 'st=t&sv=1&projectId=local'

beforeAll(async () => {
  btc = await startBitcoinDevnet()
  t = await startTestGateway('sqlite', {
    networks: [
      { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:9', multicall3: `0x${'ca11'.repeat(10)}` },
      { caipNetworkId: REGTEST, name: 'Bitcoin Regtest', esploraUrl: btc.esploraUrl },
    ],
    prices: { usd: { [`${REGTEST}:native`]: 60_000 } },
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await btc?.stop()
})

describe('gateway: Bitcoin balances through the Esplora API', () => {
  it('lists the Bitcoin devnet in supported-chains', async () => {
    expect((await api.getSupportedChains()).http).toContain(REGTEST)
  })

  it('answers a funded regtest address with its BTC (UTXO sum), priced', async () => {
    const dev1 = btc.fixtures.devAccounts[1]!.payment.address
    const { balances } = await api.getBalance({ address: dev1, chainId: REGTEST })
    expect(balances).toEqual([
      expect.objectContaining({
        symbol: 'BTC',
        chainId: REGTEST,
        address: `${REGTEST}:native`,
        quantity: { decimals: '8', numeric: String(btc.fixtures.devAccounts[1]!.funded.payment / 1e8) },
        price: 60_000,
      }),
    ])
  })

  it('answers 400 for an address that is valid on no configured Bitcoin network', async () => {
    const res = await call(
      `${t.url}/v1/account/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/balance?${q}&chainId=${REGTEST}`,
    )
    expect(res.status).toBe(400)
    const typo = await call(
      `${t.url}/v1/account/bcrt1qzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/balance?${q}&chainId=${REGTEST}`,
    )
    expect(typo.status).toBe(400)
  })

  it('history: a received transaction is pending until mined, then confirmed (SPEC §3 items)', async () => {
    const dev2 = btc.fixtures.devAccounts[2]!.payment.address
    const { bcoin, node, miner, outputScript } = btc.node
    const mtx = new bcoin.MTX()
    mtx.addOutput(bcoin.Script.fromRaw(outputScript(dev2)), 42_000)
    const tip = btc.node.height()
    const coins = (await node.getCoinsByAddress([miner.keyring.getAddress()])).filter(
      (c: { height: number }) => c.height >= 0 && tip - c.height >= 100,
    )
    await mtx.fund(coins, { changeAddress: miner.keyring.getAddress(), rate: 2000 })
    mtx.sign(miner.keyring)
    await node.mempool.addTX(mtx.toTX())
    const txid = mtx.txid()
    const pending = await call(`${t.url}/v1/account/${REGTEST}:${dev2}/history?${q}`)
    expect(pending.status).toBe(200)
    expect(pending.body.data[0]).toMatchObject({
      id: txid,
      metadata: { status: 'pending', operationType: 'receive', chain: REGTEST, sentTo: dev2 },
      transfers: [{ direction: 'in', quantity: { numeric: '0.00042' }, fungible_info: { symbol: 'BTC' } }],
    })
    await btc.mine(1)
    const mined = await call(`${t.url}/v1/account/${dev2}/history?${q}&chainId=${REGTEST}`)
    expect(mined.body.data[0]).toMatchObject({ id: txid, metadata: { status: 'confirmed' } })
    expect(mined.body.data.map((i: { id: string }) => i.id)).toContain(btc.fixtures.fundingTxid)
  })

  it('history pages 25 confirmed transactions at a time; a payment out is a send of what left for others', async () => {
    const miner = btc.fixtures.minerAddress
    const first = await call(`${t.url}/v1/account/${REGTEST}:${miner}/history?${q}`)
    expect(first.body.data).toHaveLength(25)
    const funding = first.body.data.find((i: { id: string }) => i.id === btc.fixtures.fundingTxid)
    // What the funding sent to others: every dev account's payment, ordinals and nested funding (sats).
    const funded = btc.fixtures.devAccounts.reduce(
      (sum, a) => sum + a.funded.payment + a.funded.ordinals + a.funded.nested,
      0,
    )
    expect(funded).toBe(12_1010_0000)
    expect(funding).toMatchObject({
      metadata: { operationType: 'send', sentFrom: miner },
      transfers: [{ direction: 'out', quantity: { numeric: '12.101' } }],
    })
    expect(first.body.next).toMatch(/^[0-9a-f]{64}$/)
    const second = await call(
      `${t.url}/v1/account/${REGTEST}:${miner}/history?${q}&cursor=${first.body.next}`,
    )
    expect(second.body.data).toHaveLength(25)
    const ids = new Set(first.body.data.map((i: { id: string }) => i.id))
    expect(second.body.data.some((i: { id: string }) => ids.has(i.id))).toBe(false)
    const bad = await call(`${t.url}/v1/account/${REGTEST}:${miner}/history?${q}&cursor=nope`)
    expect(bad.status).toBe(400)
    const foreign = await call(
      `${t.url}/v1/account/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/history?${q}&chainId=${REGTEST}`,
    )
    expect(foreign.status).toBe(400)
  })
})
