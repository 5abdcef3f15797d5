import { HttpBlockchainApi } from '@portico/core'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetStateNetworks } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

// Balances live in the gateway's memory cache, not in storage: one engine is enough.
let sim: CosmosDevnet
let t: TestGateway
let api: HttpBlockchainApi
const HUB = 'cosmos:portico-hub-1'
const OSMO = 'cosmos:portico-osmo-1'
const q = 'st=t&sv=1&projectId=local'

beforeAll(async () => {
  sim = await startCosmosDevnet()
  t = await startTestGateway('sqlite', {
    // The same entries `portico-server --devnet` builds from devnet.json.
    networks: devnetStateNetworks({ services: { cosmos: { chains: sim.chains } } }),
    prices: { usd: { [`${HUB}:uatom`]: 10, [`${HUB}:uusdc`]: 1 } },
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await sim?.stop()
})

const address = (i: number, chainId: string) =>
  sim.fixtures.accounts[i]!.addresses[chainId.slice('cosmos:'.length)]!

describe('Cosmos balances against the Cosmos simulator', () => {
  it('GET /v1/supported-chains lists both simulator chains', async () => {
    expect(await api.getSupportedChains()).toEqual({ http: [HUB, OSMO], ws: [] })
  })

  it('balance: every listed denom with display decimals, price and the denom as token address', async () => {
    const { balances } = await api.getBalance({ address: address(0, HUB), chainId: HUB })
    expect(balances).toEqual([
      {
        name: 'ATOM',
        symbol: 'ATOM',
        chainId: HUB,
        address: `${HUB}:uatom`,
        value: 10_000_000,
        price: 10,
        priceSource: 'configured',
        quantity: { decimals: '6', numeric: '1000000' },
      },
      {
        name: 'USDC',
        symbol: 'USDC',
        chainId: HUB,
        address: `${HUB}:uusdc`,
        value: 1_000_000,
        price: 1,
        priceSource: 'configured',
        quantity: { decimals: '6', numeric: '1000000' },
      },
    ])
  })

  it('without a chain id an address is read on the chains of its prefix only; CAIP-10 accounts work too', async () => {
    const osmo = await call(`${t.url}/v1/account/${address(1, OSMO)}/balance?${q}`)
    expect(osmo.status).toBe(200)
    expect(osmo.body.balances.map((b: { chainId: string; symbol: string }) => [b.chainId, b.symbol])).toEqual(
      [[OSMO, 'OSMO']],
    )
    const caip = await call(`${t.url}/v1/account/${HUB}:${address(1, HUB)}/balance?${q}`)
    expect(caip.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['ATOM', 'USDC'])
  })

  it("an address of another chain's prefix, a bad checksum or an unknown chain is a 400", async () => {
    const wrong = await call(`${t.url}/v1/account/${address(0, OSMO)}/balance?${q}&chainId=${HUB}`)
    expect(wrong).toMatchObject({ status: 400, body: { code: 'invalid_address' } })
    const good = address(0, HUB)
    const broken = `${good.slice(0, -1)}${good.endsWith('q') ? 'p' : 'q'}`
    expect((await call(`${t.url}/v1/account/${broken}/balance?${q}&chainId=${HUB}`)).status).toBe(400)
    const unknown = await call(`${t.url}/v1/account/${good}/balance?${q}&chainId=cosmos:nowhere-1`)
    expect(unknown).toMatchObject({ status: 400, body: { code: 'unsupported_chain' } })
  })

  it('an unfunded address shows no balances; a chain that does not answer is a 502, not an empty list', async () => {
    const unfunded = 'cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a' // 20 zero bytes
    const empty = await call(`${t.url}/v1/account/${unfunded}/balance?${q}&chainId=${HUB}`)
    expect(empty).toMatchObject({ status: 200, body: { balances: [] } })
    const cut = await call(`${t.url}/v1/account/${address(0, HUB).slice(0, -6)}/balance?${q}`)
    expect(cut.status).toBe(400) // a cut address fails its checksum
    const other = await startTestGateway('sqlite', {
      networks: [
        {
          caipNetworkId: HUB,
          restUrl: 'http://127.0.0.1:9',
          bech32Prefix: 'cosmos',
          currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
        },
      ],
    })
    try {
      const down = await call(`${other.url}/v1/account/${address(0, HUB)}/balance?${q}&chainId=${HUB}`)
      expect(down).toMatchObject({ status: 502, body: { code: 'chain_unavailable' } })
    } finally {
      await other.close()
    }
  })
})
