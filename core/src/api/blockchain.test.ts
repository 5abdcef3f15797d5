import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SDK_VERSION } from '../constants/index.js'
import type { OnrampPaymentCurrency, OnrampPurchaseCurrency } from '../contracts/api.js'
import {
  ALERTS,
  type Alert,
  HttpRequestError,
  NetworkRequestError,
  SwapNetworkNotSupportedError,
  UnsupportedChainError,
} from '../errors/index.js'
import { HttpBlockchainApi, supportedChainsCheck } from './blockchain.js'
import { startTestServer, type TestServer } from './test-helpers/server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const SDK = { st: 'portico', sv: SDK_VERSION, projectId: 'proj-1' }
const ADDR = '0x52908400098527886E0F7030069857D2E4169EE7'
const api = (extra: Partial<ConstructorParameters<typeof HttpBlockchainApi>[0]> = {}) =>
  new HttpBlockchainApi({ baseUrl: server.url, projectId: 'proj-1', ...extra })

const USDC: OnrampPurchaseCurrency = {
  id: 'usdc',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0xabc' }],
}
const USD: OnrampPaymentCurrency = {
  id: 'USD',
  payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }],
}

describe('HttpBlockchainApi: every SPEC §7 path with its query/body names and st/sv/projectId', () => {
  const cases: [
    string,
    (a: HttpBlockchainApi) => Promise<unknown>,
    string,
    string,
    Record<string, string>,
    unknown?,
  ][] = [
    ['supported chains', (a) => a.getSupportedChains(), 'GET', '/v1/supported-chains', {}],
    [
      'identity',
      (a) => a.getIdentity({ address: ADDR, sender: '0xs' }),
      'GET',
      `/v1/identity/${ADDR}`,
      { sender: '0xs' },
    ],
    [
      'history',
      (a) =>
        a.getTransactionHistory({ account: ADDR, cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' }),
      'GET',
      `/v1/account/${ADDR}/history`,
      { cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' },
    ],
    [
      'balance',
      (a) => a.getBalance({ address: ADDR, chainId: 'eip155:31337', forceUpdate: '0xtoken' }),
      'GET',
      `/v1/account/${ADDR}/balance`,
      { currency: 'usd', chainId: 'eip155:31337', forceUpdate: '0xtoken' },
    ],
    [
      'swap quotes',
      (a) =>
        a.getSwapQuote({
          amount: '100',
          userAddress: ADDR,
          from: 'eip155:1:0xa',
          to: 'eip155:1:0xb',
          gasPrice: '7',
        }),
      'GET',
      '/v1/convert/quotes',
      { amount: '100', userAddress: ADDR, from: 'eip155:1:0xa', to: 'eip155:1:0xb', gasPrice: '7' },
    ],
    [
      'swap tokens',
      (a) => a.getSwapTokens({ chainId: 'eip155:1' }),
      'GET',
      '/v1/convert/tokens',
      { chainId: 'eip155:1' },
    ],
    [
      'fungible price',
      (a) => a.fetchPrice({ addresses: ['eip155:1:0xa'] }),
      'POST',
      '/v1/fungible/price',
      {},
      { currency: 'usd', addresses: ['eip155:1:0xa'], projectId: 'proj-1' },
    ],
    [
      'allowance',
      (a) => a.getSwapAllowance({ tokenAddress: 'eip155:1:0xa', userAddress: ADDR }),
      'GET',
      '/v1/convert/allowance',
      { tokenAddress: 'eip155:1:0xa', userAddress: ADDR },
    ],
    [
      'gas price',
      (a) => a.getGasPrice({ chainId: 'eip155:1' }),
      'GET',
      '/v1/convert/gas-price',
      { chainId: 'eip155:1' },
    ],
    [
      'build transaction',
      (a) =>
        a.buildSwapTransaction({ amount: '5', from: 'eip155:1:0xa', to: 'eip155:1:0xb', userAddress: ADDR }),
      'POST',
      '/v1/convert/build-transaction',
      {},
      {
        amount: '5',
        eip155: { slippage: '1' },
        projectId: 'proj-1',
        from: 'eip155:1:0xa',
        to: 'eip155:1:0xb',
        userAddress: ADDR,
        disableEstimate: false,
      },
    ],
    [
      'build approve',
      (a) => a.buildSwapApproval({ userAddress: ADDR, from: 'eip155:1:0xa', to: 'eip155:1:0xb' }),
      'GET',
      '/v1/convert/build-approve',
      { userAddress: ADDR, from: 'eip155:1:0xa', to: 'eip155:1:0xb' },
    ],
    [
      'name lookup',
      (a) => a.lookupName('ada.portico'),
      'GET',
      '/v1/profile/account/ada.portico',
      { apiVersion: '2' },
    ],
    [
      'reverse lookup',
      (a) => a.reverseLookup({ address: ADDR, sender: '0xs' }),
      'GET',
      `/v1/profile/reverse/${ADDR}`,
      { sender: '0xs', apiVersion: '2' },
    ],
    [
      'ENS forward lookup',
      (a) => a.resolveEnsName({ name: 'alice.eth', chainId: 'eip155:1' }),
      'GET',
      '/v1/ens/resolve/alice.eth',
      { chainId: 'eip155:1' },
    ],
    [
      'name suggestions',
      (a) => a.getNameSuggestions({ name: 'ada', zone: 'portico' }),
      'GET',
      '/v1/profile/suggestions/ada',
      { zone: 'portico' },
    ],
    [
      'register name',
      (a) => a.registerName({ coin_type: 60, address: ADDR, message: '{"name":"ada"}', signature: '0xsig' }),
      'POST',
      '/v1/profile/account',
      {},
      { coin_type: 60, address: ADDR, message: '{"name":"ada"}', signature: '0xsig' },
    ],
    [
      'onramp url',
      (a) =>
        a.generateOnrampUrl({
          destinationWallets: [{ address: ADDR, blockchains: ['base'] }],
          defaultNetwork: 'base',
          partnerUserId: 'user-1',
          presetCryptoAmount: 5,
          presetFiatAmount: 10,
        }),
      'POST',
      '/v1/generators/onrampurl',
      {},
      {
        destinationWallets: [{ address: ADDR, blockchains: ['base'] }],
        defaultNetwork: 'base',
        partnerUserId: 'user-1',
        defaultExperience: 'buy',
        presetCryptoAmount: 5,
        presetFiatAmount: 10,
      },
    ],
    ['onramp options', (a) => a.getOnrampOptions(), 'GET', '/v1/onramp/options', {}],
    [
      'onramp quote',
      (a) =>
        a.getOnrampQuote({ purchaseCurrency: USDC, paymentCurrency: USD, amount: '100', network: 'base' }),
      'POST',
      '/v1/onramp/quote',
      {},
      { purchaseCurrency: USDC, paymentCurrency: USD, amount: '100', network: 'base' },
    ],
    ['session', (a) => a.getSession('s-1'), 'GET', '/v1/sessions/s-1', {}],
    [
      'revoke session',
      (a) => a.revokeSession('s-1', { pci: 'pci-1', signature: '0xsig', nonce: 'n-1', deadline: 1 }),
      'POST',
      '/v1/sessions/s-1/revoke',
      {},
      { pci: 'pci-1', signature: '0xsig', nonce: 'n-1', deadline: 1 },
    ],
  ]

  it.each(cases)('%s → %s %s', async (_name, call, method, path, query, body) => {
    server.on(`${method} ${path}`, { body: { ok: true } })
    await call(api())
    expect(server.requests).toHaveLength(1)
    const [req] = server.requests
    expect(req?.method).toBe(method)
    expect(req?.path).toBe(path)
    expect(req?.query).toEqual({ ...SDK, ...query })
    expect(req?.body).toEqual(body)
  })

  it('the base URL is configurable, a path prefix included', async () => {
    server.on('GET /gateway/v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    const a = new HttpBlockchainApi({
      baseUrl: `${server.url}/gateway/`,
      projectId: 'p',
      sdkType: 'x',
      sdkVersion: '9',
    })
    expect(await a.getSupportedChains()).toEqual({ http: ['eip155:1'], ws: [] })
    expect(server.requests[0]?.query).toEqual({ st: 'x', sv: '9', projectId: 'p' })
  })

  it('getMyTokensWithBalance returns the balance list', async () => {
    const balances = [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        price: 1,
        quantity: { decimals: '18', numeric: '1' },
      },
    ]
    server.on(`GET /v1/account/${ADDR}/balance`, { body: { balances } })
    expect(await api().getMyTokensWithBalance({ address: ADDR, chainId: 'eip155:1' })).toEqual(balances)
  })
})

describe('HttpBlockchainApi errors', () => {
  it('any non-OK response throws "HTTP status code: {status}"', async () => {
    server.on('GET /v1/sessions/x', { status: 503, body: { code: 'unavailable', message: 'down' } })
    const error = await api()
      .getSession('x')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).status).toBe(503)
    expect((error as HttpRequestError).body).toEqual({ code: 'unavailable', message: 'down' })
    expect((error as Error).message).toMatchInlineSnapshot(`
      "HTTP status code: 503

      Details: down"
    `)
  })

  it('gateway error bodies go through alertForProviderError ("Unauthorized: invalid key" → Invalid Project ID)', async () => {
    const alerts: Alert[] = []
    server.on('GET /v1/supported-chains', {
      status: 401,
      body: { code: 'invalid_key', message: 'Unauthorized: invalid key' },
    })
    await expect(api({ onAlert: (a) => alerts.push(a) }).getSupportedChains()).rejects.toThrow(
      'HTTP status code: 401',
    )
    expect(alerts).toEqual([ALERTS.INVALID_PROJECT_ID])
  })

  it('a refused connection is a NetworkRequestError', async () => {
    const dead = await startTestServer()
    const url = dead.url
    await dead.close()
    await expect(
      new HttpBlockchainApi({ baseUrl: url, projectId: 'p' }).getSupportedChains(),
    ).rejects.toBeInstanceOf(NetworkRequestError)
  })

  it('failed smart-session and name registrations return success false', async () => {
    server.on('POST /v1/profile/account', { status: 400, body: { code: 'bad', message: 'bad signature' } })
    server.on('POST /v1/sessions/s/revoke', { status: 500 })
    const a = api()
    expect(await a.registerName({ coin_type: 60, address: ADDR, message: 'm', signature: 's' })).toEqual({
      success: false,
    })
    expect(await a.revokeSession('s', { pci: 'p', signature: 's', nonce: 'n', deadline: 1 })).toEqual({
      success: false,
    })
  })
})

describe('HttpBlockchainApi caching and de-duplication', () => {
  it('identity is cached: a second call makes no request', async () => {
    server.on(`GET /v1/identity/${ADDR}`, { body: { name: 'ada.portico', avatar: null } })
    const a = api()
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: 'ada.portico', avatar: null })
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: 'ada.portico', avatar: null })
    expect(server.requests).toHaveLength(1)
    // another instance shares nothing
    await api().getIdentity({ address: ADDR })
    expect(server.requests).toHaveLength(2)
  })

  it('identity forceUpdate reads past the 24 h cache and keeps the fresh answer (a name just registered)', async () => {
    let name: string | null = null
    server.on(`GET /v1/identity/${ADDR}`, () => ({ body: { name, avatar: null } }))
    const a = api()
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: null, avatar: null })
    name = 'ada.portico.id'
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: null, avatar: null })
    expect(await a.getIdentity({ address: ADDR, forceUpdate: true })).toEqual({
      name: 'ada.portico.id',
      avatar: null,
    })
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: 'ada.portico.id', avatar: null })
    expect(server.requests).toHaveLength(2)
  })

  it('an aborted name lookup rejects with RequestAbortedError and a new one still answers', async () => {
    server.on('GET /v1/profile/account/ada.portico.id', { body: { name: 'ada.portico.id' } })
    const a = api()
    const controller = new AbortController()
    controller.abort()
    await expect(a.lookupName('ada.portico.id', { signal: controller.signal })).rejects.toMatchObject({
      code: 'REQUEST_ABORTED',
    })
    expect(await a.lookupName('ada.portico.id')).toMatchObject({ name: 'ada.portico.id' })
  })

  it('balance is cached for 30 s; forceUpdate skips the cache', async () => {
    let clock = 1_000
    let n = 0
    server.on(`GET /v1/account/${ADDR}/balance`, () => ({ body: { balances: [], n: ++n } }))
    const a = api({ now: () => clock })
    const params = { address: ADDR, chainId: 'eip155:1' as const }
    await a.getBalance(params)
    await a.getBalance(params)
    expect(server.requests).toHaveLength(1)
    clock += 29_999
    await a.getBalance(params)
    expect(server.requests).toHaveLength(1)
    clock += 1
    await a.getBalance(params)
    expect(server.requests).toHaveLength(2)
    await a.getBalance({ ...params, forceUpdate: '0xtoken' })
    expect(server.requests).toHaveLength(3)
    expect(server.requests[2]?.query.forceUpdate).toBe('0xtoken')
  })

  it('failures are not cached', async () => {
    server.on(`GET /v1/identity/${ADDR}`, { status: 500 })
    const a = api()
    await expect(a.getIdentity({ address: ADDR })).rejects.toThrow('HTTP status code: 500')
    server.on(`GET /v1/identity/${ADDR}`, { body: { name: null, avatar: null } })
    expect(await a.getIdentity({ address: ADDR })).toEqual({ name: null, avatar: null })
    expect(server.requests).toHaveLength(2)
  })

  it('identical in-flight requests share one fetch', async () => {
    server.on('GET /v1/convert/tokens', { body: { tokens: [] }, delayMs: 50 })
    const a = api()
    const results = await Promise.all([
      a.getSwapTokens({ chainId: 'eip155:1' }),
      a.getSwapTokens({ chainId: 'eip155:1' }),
      a.getSwapTokens({ chainId: 'eip155:1' }),
      a.getSwapTokens({ chainId: 'eip155:10' }),
    ])
    expect(results).toHaveLength(4)
    expect(server.requests.map((r) => r.query.chainId).sort()).toEqual(['eip155:1', 'eip155:10'])
    // once settled, the next identical call goes out again
    await a.getSwapTokens({ chainId: 'eip155:1' })
    expect(server.requests).toHaveLength(3)
  })
})

describe('HttpBlockchainApi: an unsupported-network check gates every call (SPEC §6)', () => {
  const unsupported = (id: string) => id !== 'eip155:666'

  it('calls on an unsupported network throw "Unsupported chain" and send nothing', async () => {
    const a = api({ isNetworkSupported: unsupported })
    await expect(a.getBalance({ address: ADDR, chainId: 'eip155:666' })).rejects.toBeInstanceOf(
      UnsupportedChainError,
    )
    await expect(a.getTransactionHistory({ account: ADDR, chainId: 'eip155:666' })).rejects.toThrow(
      'Unsupported chain',
    )
    expect(server.requests).toHaveLength(0)
  })

  it('swap calls are skipped with "Network not supported for Swaps", gas price with "… for Gas Price"', async () => {
    const a = api({ isNetworkSupported: unsupported })
    await expect(a.getSwapTokens({ chainId: 'eip155:666' })).rejects.toBeInstanceOf(
      SwapNetworkNotSupportedError,
    )
    await expect(
      a.getSwapQuote({
        chainId: 'eip155:666',
        amount: '1',
        userAddress: ADDR,
        from: 'a',
        to: 'b',
        gasPrice: '1',
      }),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(a.getGasPrice({ chainId: 'eip155:666' })).rejects.toThrow(
      'Network not supported for Gas Price',
    )
    expect(server.requests).toHaveLength(0)
  })

  it('swap calls without a chainId are gated on the network of their CAIP-10 tokens (SPEC §5)', async () => {
    const a = api({
      isNetworkSupported: (id) => id === 'eip155:1',
      getActiveNetworkId: () => 'eip155:1',
    })
    const token = 'eip155:666:0x0000000000000000000000000000000000000001'
    await expect(
      a.getSwapQuote({ amount: '1', userAddress: ADDR, from: token, to: 'eip155:666:0xb', gasPrice: '1' }),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(a.getSwapAllowance({ tokenAddress: token, userAddress: ADDR })).rejects.toBeInstanceOf(
      SwapNetworkNotSupportedError,
    )
    await expect(
      a.buildSwapTransaction({ amount: '1', from: token, to: 'eip155:666:0xb', userAddress: ADDR }),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(
      a.buildSwapApproval({ userAddress: ADDR, from: token, to: 'eip155:666:0xb' }),
    ).rejects.toThrow('Network not supported for Swaps')
    expect(server.requests).toHaveLength(0)
  })

  it('the check runs before the cache: a cached balance is not served on a now-unsupported network', async () => {
    let supported = true
    server.on(`GET /v1/account/${ADDR}/balance`, { body: { balances: [] } })
    const a = api({ isNetworkSupported: () => supported })
    await a.getBalance({ address: ADDR, chainId: 'eip155:1' })
    supported = false
    await expect(a.getBalance({ address: ADDR, chainId: 'eip155:1' })).rejects.toBeInstanceOf(
      UnsupportedChainError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('calls without a chainId (names, identity) are checked against the active network', async () => {
    let active: 'eip155:1' | 'eip155:666' = 'eip155:666'
    const a = api({ isNetworkSupported: unsupported, getActiveNetworkId: () => active })
    await expect(a.lookupName('ada')).rejects.toBeInstanceOf(UnsupportedChainError)
    expect(server.requests).toHaveLength(0)
    server.on('GET /v1/profile/account/ada', { body: { name: 'ada' } })
    active = 'eip155:1'
    expect(await a.lookupName('ada')).toEqual({ name: 'ada' })
  })

  it('SPEC §5: ENS calls are skipped when the network is unsupported (its own chainId or the active one)', async () => {
    const a = api({ isNetworkSupported: unsupported, getActiveNetworkId: () => 'eip155:666' })
    await expect(a.resolveEnsName({ name: 'alice.eth', chainId: 'eip155:666' })).rejects.toThrow(
      'Unsupported chain',
    )
    await expect(a.resolveEnsName({ name: 'alice.eth' })).rejects.toBeInstanceOf(UnsupportedChainError)
    expect(server.requests).toHaveLength(0)
  })

  it('supportedChainsCheck builds the check from /v1/supported-chains, fetched once', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: ['eip155:10'] } })
    const check = supportedChainsCheck(api())
    expect(await check('eip155:1')).toBe(true)
    expect(await check('eip155:10')).toBe(true)
    expect(await check('eip155:666')).toBe(false)
    expect(server.requests).toHaveLength(1)
  })
})

describe('onramp fallbacks (SPEC §8)', () => {
  it('if the onramp options call fails, built-in default options are used', async () => {
    server.on('GET /v1/onramp/options', { status: 500 })
    const options = await api().getOnrampOptions()
    expect(options.purchaseCurrencies[0]?.symbol).toBe('USDC')
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
  })

  it('if the onramp quote call fails, a mock quote is returned with every amount equal to the input', async () => {
    server.on('POST /v1/onramp/quote', { status: 502 })
    const quote = await api().getOnrampQuote({ purchaseCurrency: USDC, paymentCurrency: USD, amount: '42.5' })
    expect(quote).toMatchInlineSnapshot(`
      {
        "coinbaseFee": {
          "amount": "42.5",
          "currency": "USD",
        },
        "fallback": true,
        "networkFee": {
          "amount": "42.5",
          "currency": "USD",
        },
        "paymentSubtotal": {
          "amount": "42.5",
          "currency": "USD",
        },
        "paymentTotal": {
          "amount": "42.5",
          "currency": "USD",
        },
        "purchaseAmount": {
          "amount": "42.5",
          "currency": "USDC",
        },
        "quoteId": "mocked-quote-id",
      }
    `)
    expect(server.requests).toHaveLength(1)
  })

  it('the fallbacks are marked (fallback: true) so a view can label them; real answers are not', async () => {
    server.on('GET /v1/onramp/options', {
      status: 503,
      body: { code: 'onramp_not_configured', message: 'x' },
    })
    expect((await api().getOnrampOptions()).fallback).toBe(true)
    server.on('GET /v1/onramp/options', {
      body: {
        purchaseCurrencies: [],
        paymentCurrencies: [],
        providers: [{ id: 'sandbox', name: 'Sandbox' }],
      },
    })
    const real = await api().getOnrampOptions()
    expect(real.fallback).toBeUndefined()
    expect(real.providers).toEqual([{ id: 'sandbox', name: 'Sandbox' }])
    server.on('POST /v1/onramp/quote', { status: 400, body: { code: 'amount_below_minimum', message: 'm' } })
    const quote = await api().getOnrampQuote({ purchaseCurrency: USDC, paymentCurrency: USD, amount: '5' })
    expect(quote.fallback).toBe(true)
    expect(quote.paymentTotal).toEqual({ amount: '5', currency: 'USD' })
  })

  it('an unreachable gateway (connection refused) also falls back, marked', async () => {
    const down = new HttpBlockchainApi({ baseUrl: 'http://127.0.0.1:1', projectId: 'proj-1' })
    const options = await down.getOnrampOptions()
    expect(options.fallback).toBe(true)
    expect(options.paymentCurrencies[0]?.payment_method_limits[0]).toEqual({
      id: 'card',
      min: '10.00',
      max: '7500.00',
    })
    const quote = await down.getOnrampQuote({ purchaseCurrency: USDC, paymentCurrency: USD, amount: '50' })
    expect(quote).toMatchObject({ fallback: true, purchaseAmount: { amount: '50', currency: 'USDC' } })
  })

  it('provider and paymentMethod are sent to the gateway when given', async () => {
    server.on('POST /v1/onramp/quote', { body: { quoteId: 'q' } })
    await api().getOnrampQuote({
      purchaseCurrency: USDC,
      paymentCurrency: USD,
      amount: '50',
      provider: 'sandbox',
      paymentMethod: 'ach_bank_account',
    })
    expect(server.requests.at(-1)?.body).toMatchObject({
      provider: 'sandbox',
      paymentMethod: 'ach_bank_account',
    })
  })

  it('a successful quote is returned as the server sent it', async () => {
    const q = { quoteId: 'q1', paymentTotal: { amount: '101', currency: 'USD' } }
    server.on('POST /v1/onramp/quote', { body: q })
    expect(
      await api().getOnrampQuote({ purchaseCurrency: USDC, paymentCurrency: USD, amount: '100' }),
    ).toEqual(q)
  })
})
