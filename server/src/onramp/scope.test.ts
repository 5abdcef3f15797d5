// The onramp sandbox pays from a hot treasury key, so it runs on devnet networks only; and an order belongs to
// the project that created it (another project's caller cannot make it appear in an address's Activity).
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, resolveConfig } from '../config/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { DEVNET_TREASURY_KEY } from './config.js'

const sandbox = { sandbox: { enabled: true, treasuryPrivateKey: DEVNET_TREASURY_KEY } }

describe('the onramp sandbox refuses to start on a real chain', () => {
  it('the first EVM network a real chain (eip155:1) → ConfigError naming the rule; a devnet first → accepted', () => {
    const mainnet = { caipNetworkId: 'eip155:1', rpcUrl: 'http://127.0.0.1:1' }
    const anvil = { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:2' }
    expect(() => resolveConfig({ networks: [mainnet, anvil], onramp: sandbox })).toThrow(ConfigError)
    expect(() => resolveConfig({ networks: [mainnet, anvil], onramp: sandbox })).toThrow(
      /onramp.sandbox runs on devnet networks only/,
    )
    expect(resolveConfig({ networks: [anvil, mainnet], onramp: sandbox }).onramp.sandbox.enabled).toBe(true)
    // Naming the devnet explicitly works whatever the order; naming the real chain does not.
    expect(
      resolveConfig({
        networks: [mainnet, anvil],
        onramp: { sandbox: { ...sandbox.sandbox, network: 'eip155:31337' } },
      }).onramp.sandbox.network,
    ).toBe('eip155:31337')
    expect(() =>
      resolveConfig({
        networks: [anvil, mainnet],
        onramp: { sandbox: { ...sandbox.sandbox, network: 'eip155:1' } },
      }),
    ).toThrow(/eip155:1 is a real chain/)
    // A chain id that looks local but is declared real counts as real.
    expect(() => resolveConfig({ networks: [{ ...anvil, devnet: false }], onramp: sandbox })).toThrow(
      /onramp.sandbox runs on devnet networks only/,
    )
  })
})

describe.each(ENGINES)('onramp orders are scoped to their project (%s)', (kind) => {
  let t: TestGateway
  const buyer = privateKeyToAccount(generatePrivateKey()).address
  const q = (project: string) => `st=t&sv=1&projectId=${project}`
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        { id: 'shop', name: 'Shop', allowedOrigins: [] },
        { id: 'other', name: 'Other', allowedOrigins: [] },
      ],
      // The node is never asked: creating an order and reading it back touch the database only.
      networks: [{ caipNetworkId: 'eip155:31337', name: 'Devnet 31337', rpcUrl: 'http://127.0.0.1:9' }],
      prices: { usd: { 'eip155:31337:native': 2000 } },
      onramp: { sandbox: { ...sandbox.sandbox, assets: ['ETH'] } },
    })
  })
  afterAll(() => t?.close())

  it("an order created through one project is in that project's Activity and order lookup only", async () => {
    const created = await call(`${t.url}/v1/generators/onrampurl?${q('shop')}`, {
      json: {
        destinationWallets: [{ address: buyer, assets: ['ETH'] }],
        partnerUserId: 'visitor-1',
        defaultExperience: 'buy',
        presetFiatAmount: 20,
      },
    })
    expect(created.status).toBe(200)
    const id = created.body.orderId as string
    const onrampItems = async (project: string) => {
      const r = await call(`${t.url}/v1/account/${buyer}/history?${q(project)}&onramp=all`)
      expect(r.status).toBe(200)
      return r.body.data
        .filter((i: { id: string }) => i.id.startsWith('onramp:'))
        .map((i: { id: string }) => i.id)
    }
    expect(await onrampItems('shop')).toEqual([`onramp:${id}`])
    expect(await onrampItems('other')).toEqual([])
    expect((await call(`${t.url}/v1/onramp/orders/${id}?${q('shop')}`)).status).toBe(200)
    const foreign = await call(`${t.url}/v1/onramp/orders/${id}?${q('other')}`)
    expect([foreign.status, foreign.body.code]).toEqual([404, 'order_not_found'])
  })
})
