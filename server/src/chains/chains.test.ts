import { HttpBlockchainApi } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type RpcProxy, startRpcProxy } from '../test-helpers/rpc-proxy.js'

let devnet: EvmDevnet
let proxy: RpcProxy
beforeAll(async () => {
  devnet = await startEvmDevnet()
  proxy = await startRpcProxy(devnet.chains[0]!.rpcUrl)
}, 60_000)
afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
})

describe.each(ENGINES)('chain endpoints against anvil (%s)', (kind) => {
  let t: TestGateway
  let api: HttpBlockchainApi
  const q = 'st=t&sv=1&projectId=local'
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      networks: devnetNetworks(devnet, { 31337: proxy.url }),
      prices: {
        usd: {
          'eip155:31337:native': 2500,
          ...Object.fromEntries(
            devnet.fixtures.tokens.map((tk) => [
              `eip155:31337:${tk.address}`,
              tk.symbol === 'DAI' ? 0.999 : 1,
            ]),
          ),
        },
      },
    })
    api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  })
  afterAll(() => t.close())

  it('GET /v1/supported-chains lists the configured CAIP-2 networks (through the core client)', async () => {
    expect(await api.getSupportedChains()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
  })

  it('balance: native + configured tokens from ONE multicall, priced from the static table', async () => {
    const holder = devnet.fixtures.accounts[5]!.address
    proxy.reset()
    const { balances } = await api.getBalance({ address: holder, chainId: 'eip155:31337' })
    expect(proxy.counts.get('eth_call')).toBe(1)
    expect([...proxy.counts.keys()]).toEqual(['eth_call'])
    const bySymbol = Object.fromEntries(balances.map((b) => [b.symbol, b]))
    expect(bySymbol.ETH).toMatchObject({
      name: 'Ether',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      price: 2500,
      quantity: { decimals: '18', numeric: '10000' },
      value: 25_000_000,
      priceSource: 'configured',
    })
    const usdc = devnet.fixtures.tokens.find((x) => x.symbol === 'USDC')!
    expect(bySymbol.USDC).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: `eip155:31337:${usdc.address.toLowerCase()}`,
      price: 1,
      value: 1_000_000,
      priceSource: 'configured',
      quantity: { decimals: '6', numeric: '1000000' },
    })
    expect(bySymbol.DAI?.price).toBe(0.999)
  })

  it('balance is cached on the gateway; forceUpdate bypasses the cache and shows a new transfer', async () => {
    const from = devnet.fixtures.accounts[6]!
    const path = `${t.url}/v1/account/${from.address}/balance?${q}&currency=usd&chainId=eip155:31337`
    const first = await call(path)
    expect(first.status).toBe(200)
    const wallet = createWalletClient({
      account: privateKeyToAccount(from.privateKey),
      transport: http(devnet.chains[0]!.rpcUrl),
    })
    await wallet.sendTransaction({
      to: devnet.fixtures.accounts[7]!.address,
      value: parseEther('1'),
      chain: null,
    })
    proxy.reset()
    const cached = await call(path)
    expect(proxy.counts.get('eth_call')).toBeUndefined()
    expect(cached.body).toEqual(first.body)
    const fresh = await call(`${path}&forceUpdate=true`)
    expect(proxy.counts.get('eth_call')).toBe(1)
    const eth = fresh.body.balances.find((b: { symbol: string }) => b.symbol === 'ETH')
    expect(Number(eth.quantity.numeric)).toBeLessThan(9999.0001)
  })

  it('balance accepts a CAIP-10 account and reads every chain when chainId is absent', async () => {
    const a = devnet.fixtures.accounts[1]!.address
    const r = await call(`${t.url}/v1/account/${a}/balance?${q}`)
    expect(r.status).toBe(200)
    const chains = new Set(r.body.balances.map((b: { chainId: string }) => b.chainId))
    expect(chains).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    const caip = await call(`${t.url}/v1/account/eip155:31338:${a}/balance?${q}`)
    expect(new Set(caip.body.balances.map((b: { chainId: string }) => b.chainId))).toEqual(
      new Set(['eip155:31338']),
    )
  })

  it('balance rejects bad input with 400 and an unconfigured chain with unsupported_chain', async () => {
    for (const bad of ['0x12', 'eip155:1', 'not-an-address', `0x${'g'.repeat(40)}`]) {
      const r = await call(`${t.url}/v1/account/${bad}/balance?${q}`)
      expect(r.status, bad).toBe(400)
    }
    const a = devnet.fixtures.accounts[1]!.address
    expect((await call(`${t.url}/v1/account/${a}/balance?${q}&chainId=eip155`)).status).toBe(400)
    expect((await call(`${t.url}/v1/account/${a}/balance?${q}&currency=eur`)).status).toBe(400)
    const unknown = await call(`${t.url}/v1/account/${a}/balance?${q}&chainId=eip155:1`)
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('unsupported_chain')
  })

  it('POST /v1/fungible/price prices CAIP-10 addresses (core fetchPrice) and skips unknown ones', async () => {
    const usdc = devnet.fixtures.tokens.find((x) => x.symbol === 'USDC')!
    const r = await api.fetchPrice({
      addresses: [`eip155:31337:${usdc.address}`, 'eip155:31337:native', `eip155:31337:0x${'1'.repeat(40)}`],
    })
    expect(r.fungibles).toEqual([
      {
        name: 'USD Coin',
        symbol: 'USDC',
        price: 1,
        address: `eip155:31337:${usdc.address}`,
        priceSource: 'configured',
      },
      {
        name: 'Ether',
        symbol: 'ETH',
        price: 2500,
        address: 'eip155:31337:native',
        priceSource: 'configured',
      },
    ])
    const bad = await call(`${t.url}/v1/fungible/price?${q}`, {
      json: { currency: 'usd', addresses: ['0xabc'] },
    })
    expect(bad.status).toBe(400)
    const bodyOnly = await call(`${t.url}/v1/fungible/price`, {
      json: { currency: 'usd', addresses: [], projectId: 'nope' },
    })
    expect(bodyOnly.status).toBe(401)
  })
})
