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
    prices: { usd: { BTC: 60_000 } },
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
})
