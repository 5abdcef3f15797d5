// Contract test: the requests AppKit 1.8's unmodified `BlockchainApiController` sends for each SPEC §7 path,
// replayed against a gateway configured on the devnet (anvil with the DEX and fixtures, onramp sandbox, names).
// The requests are written here from reading that client's source (reown-com/appkit,
// packages/controllers/src/controllers/BlockchainApiController.ts and utils/FetchUtil.ts):
// - its `get` appends the call's params, then st, sv and projectId, dropping undefined values;
// - its `post` sends only the params the call names (often none: projectId then rides in the body, or is absent);
// - a body is JSON.stringify'd with the headers the call sets: none for the onramp and session calls, so the
//   browser sends them as text/plain; 'Content-Type: application/json' elsewhere (which a browser preflights).
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationTypedData, sessionTypedData } from '../signatures/index.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const ORIGIN = 'http://localhost:5173'
const PROJECT = 'local'
/** What AppKit sends as st / sv (OptionsController sdkType / sdkVersion). */
const SDK = { st: 'appkit', sv: 'html-wagmi-1.8.0' }
/** AppKit's ConstantsUtil.CONVERT_SLIPPAGE_TOLERANCE: a JSON number. */
const APPKIT_SLIPPAGE = 1
/** AppKit pins the suggestion zone (getEnsNameSuggestions): the gateway here is configured with the same zone. */
const APPKIT_ZONE = 'reown.id'

let devnet: EvmDevnet
let t: TestGateway

beforeAll(async () => {
  devnet = await startEvmDevnet()
  const [n31337] = devnetNetworks(devnet)
  t = await startTestGateway('sqlite', {
    networks: [{ ...n31337!, swap: { router: devnet.fixtures.dex.router } }],
    prices: {
      usd: {
        'eip155:31337:native': 3000,
        ...Object.fromEntries(
          devnet.fixtures.tokens.map((tk) => [`eip155:31337:${tk.address.toLowerCase()}`, 1]),
        ),
      },
    },
    names: { zone: APPKIT_ZONE },
    onramp: { sandbox: { enabled: true, treasuryPrivateKey: devnet.fixtures.accounts[9]!.privateKey } },
  })
}, 180_000)
afterAll(async () => {
  await t?.close()
  await devnet?.stop()
})

type Params = Record<string, string | undefined>
interface Sent {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read as AppKit reads them
  body: any
  preflight?: number
}

function url(path: string, params: Params | undefined): URL {
  const u = new URL(path, t.url)
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null) u.searchParams.append(k, v)
  return u
}

/** The CORS preflight a browser sends before a request that is not "simple" (here: a JSON Content-Type). */
async function preflight(
  u: URL,
  method: string,
  headers: Record<string, string>,
): Promise<number | undefined> {
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
  if (type === undefined || type.startsWith('text/plain')) return undefined
  const r = await fetch(u, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  })
  expect(r.headers.get('access-control-allow-origin'), `preflight of ${u.pathname}`).toBe(ORIGIN)
  return r.status
}

async function read(r: Response): Promise<unknown> {
  const text = await r.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** BlockchainApiController.get: params, then st, sv, projectId. */
async function appkitGet(
  path: string,
  params: Params = {},
  headers: Record<string, string> = {},
): Promise<Sent> {
  const u = url(path, { ...params, ...SDK, projectId: PROJECT })
  const pre = await preflight(u, 'GET', headers)
  const r = await fetch(u, { method: 'GET', headers: { ...headers, origin: ORIGIN } })
  return { status: r.status, body: await read(r), ...(pre ? { preflight: pre } : {}) }
}

/** state.api.post: only the params the call names; the body as JSON text; only the headers the call names. */
async function appkitPost(
  path: string,
  body: Record<string, unknown>,
  params?: Params,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const u = url(path, params)
  const pre = await preflight(u, 'POST', headers)
  // No Content-Type from the caller: fetch labels a string body text/plain;charset=UTF-8, as a browser does.
  const r = await fetch(u, {
    method: 'POST',
    headers: { ...headers, origin: ORIGIN },
    body: JSON.stringify(body),
  })
  return { status: r.status, body: await read(r), ...(pre ? { preflight: pre } : {}) }
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

describe("AppKit 1.8 BlockchainApiController's requests (SPEC §7), replayed as sent", () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const dev0 = () => devnet.fixtures.accounts[0]!.address
  const caip = (a: string) => `eip155:31337:${a}`
  const token = (s: string) => caip(devnet.fixtures.tokens.find((x) => x.symbol === s)!.address)

  it('GET v1/supported-chains (getSupportedNetworks): http lists the devnet', async () => {
    const r = await appkitGet('v1/supported-chains')
    expect(r.status).toBe(200)
    expect(r.body.http).toContain('eip155:31337')
    expect(Array.isArray(r.body.ws)).toBe(true)
  })

  it('GET /v1/identity/{address} (fetchIdentity) with and without sender: name and avatar', async () => {
    for (const sender of [undefined, dev0()]) {
      const r = await appkitGet(`/v1/identity/${dev0()}`, { sender })
      expect(r.status).toBe(200)
      expect(r.body).toHaveProperty('name')
      expect(r.body).toHaveProperty('avatar')
    }
  })

  it('GET /v1/account/{account}/history (fetchTransactions): data and next', async () => {
    const r = await appkitGet(`/v1/account/${dev0()}/history`, { cursor: undefined, chainId: 'eip155:31337' })
    expect(r.status).toBe(200)
    expect(Array.isArray(r.body.data)).toBe(true)
    expect(r.body).toHaveProperty('next')
  })

  it('GET /v1/account/{address}/balance (getBalance): currency=usd, chainId, forceUpdate left out', async () => {
    const r = await appkitGet(`/v1/account/${dev0()}/balance`, {
      currency: 'usd',
      chainId: 'eip155:31337',
      forceUpdate: undefined,
      ...SDK,
    })
    expect(r.status).toBe(200)
    expect(r.body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(expect.arrayContaining(['USDC']))
  })

  it('GET /v1/convert/tokens, /quotes, /allowance, /gas-price, /build-approve and POST /build-transaction (swap calls)', async () => {
    const tokens = await appkitGet('/v1/convert/tokens', { chainId: 'eip155:31337' })
    expect(tokens.status).toBe(200)
    expect(tokens.body.tokens.length).toBeGreaterThan(0)
    const gas = await appkitGet('/v1/convert/gas-price', { chainId: 'eip155:31337', ...SDK }, JSON_HEADERS)
    expect([gas.status, gas.preflight]).toEqual([200, 204])
    expect(BigInt(gas.body.standard)).toBeGreaterThan(0n)
    // fetchSwapQuote: the plain account address; token addresses as /tokens listed them; gasPrice from gas-price.
    const quotes = await appkitGet(
      '/v1/convert/quotes',
      {
        amount: '1000000',
        userAddress: dev0(),
        from: token('USDC'),
        to: token('DAI'),
        gasPrice: gas.body.standard,
      },
      JSON_HEADERS,
    )
    expect(quotes.status).toBe(200)
    expect(BigInt(quotes.body.quotes[0].toAmount)).toBeGreaterThan(0n)
    const allowance = await appkitGet(
      '/v1/convert/allowance',
      { tokenAddress: token('USDC'), userAddress: caip(dev0()) },
      JSON_HEADERS,
    )
    expect(allowance.status).toBe(200)
    expect(allowance.body.allowance).toMatch(/^[0-9]+$/)
    const approve = await appkitGet(
      '/v1/convert/build-approve',
      { userAddress: caip(dev0()), from: token('USDC'), to: token('DAI'), ...SDK },
      JSON_HEADERS,
    )
    expect(approve.status).toBe(200)
    expect(approve.body.tx.data).toMatch(/^0x095ea7b3/)
    // generateSwapCalldata: no query at all; projectId in the body; eip155.slippage the number 1.
    const built = await appkitPost(
      '/v1/convert/build-transaction',
      {
        amount: '1000000',
        eip155: { slippage: APPKIT_SLIPPAGE },
        projectId: PROJECT,
        from: token('USDC'),
        to: token('DAI'),
        userAddress: caip(dev0()),
        disableEstimate: true,
      },
      undefined,
      JSON_HEADERS,
    )
    expect([built.status, built.preflight]).toEqual([200, 204])
    expect(built.body.tx.data).toMatch(/^0x/)
    // The number form keeps the string form's rules: more than 50 percent, or finer than basis points, is refused.
    for (const slippage of [51, 0.123]) {
      const bad = await appkitPost(
        '/v1/convert/build-transaction',
        {
          amount: '1000000',
          eip155: { slippage },
          projectId: PROJECT,
          from: token('USDC'),
          to: token('DAI'),
          userAddress: caip(dev0()),
          disableEstimate: true,
        },
        undefined,
        JSON_HEADERS,
      )
      expect(bad.status).toBe(400)
    }
  })

  it('POST /v1/fungible/price (fetchTokenPrice): projectId in the body only, preflighted', async () => {
    const r = await appkitPost(
      '/v1/fungible/price',
      { currency: 'usd', addresses: ['eip155:31337:native'], projectId: PROJECT },
      undefined,
      JSON_HEADERS,
    )
    expect([r.status, r.preflight]).toEqual([200, 204])
    expect(r.body.fungibles[0].price).toBe(3000)
  })

  it('POST /v1/profile/account (registerEnsName) with no projectId anywhere, then GET account, reverse and suggestions', async () => {
    const fields = {
      name: `appkit${Date.now() % 100000}.${APPKIT_ZONE}`,
      address: owner.address,
      coin_type: 60,
      timestamp: Date.now(),
    }
    const registered = await appkitPost(
      '/v1/profile/account',
      {
        coin_type: 60,
        address: owner.address,
        message: JSON.stringify(fields),
        signature: await owner.signTypedData(registrationTypedData(fields)),
      },
      undefined,
      JSON_HEADERS,
    )
    expect([registered.status, registered.preflight]).toEqual([200, 204])
    const lookup = await appkitGet(`/v1/profile/account/${fields.name}`, { apiVersion: '2' })
    expect(lookup.status).toBe(200)
    expect(lookup.body.name).toBe(fields.name)
    const reverse = await appkitGet(`/v1/profile/reverse/${owner.address}`, {
      sender: owner.address,
      apiVersion: '2',
    })
    expect(reverse.status).toBe(200)
    expect(reverse.body.map((n: { name: string }) => n.name)).toContain(fields.name)
    const suggestions = await appkitGet(`/v1/profile/suggestions/${fields.name.split('.')[0]}`, {
      zone: APPKIT_ZONE,
    })
    expect(suggestions.status).toBe(200)
    expect(Array.isArray(suggestions.body.suggestions)).toBe(true)
  })

  it('GET /v1/onramp/options, POST /v1/onramp/quote and /v1/generators/onrampurl (text/plain bodies, projectId in the query)', async () => {
    const options = await appkitGet('/v1/onramp/options')
    expect(options.status).toBe(200)
    const purchaseCurrency = options.body.purchaseCurrencies[0]
    const paymentCurrency = options.body.paymentCurrencies[0]
    expect(paymentCurrency.id).toBe('USD')
    // getQuote: the currencies as options listed them, the amount as text, network = the purchase symbol.
    const quote = await appkitPost(
      '/v1/onramp/quote',
      { purchaseCurrency, paymentCurrency, amount: '100', network: purchaseCurrency.symbol },
      { projectId: PROJECT },
    )
    expect(quote.status, JSON.stringify(quote.body)).toBe(200)
    expect(quote.body.paymentTotal.currency).toBe('USD')
    // The onramp-providers view asks for a Coinbase Pay URL: its fixed chain list and fallback network. The
    // sandbox sells on the devnet only, so that request gets a typed 400 naming the network it does not sell on
    // (a real provider configured on this gateway takes it); with the devnet's network name it is a checkout link.
    const coinbaseView = {
      destinationWallets: [
        { address: dev0(), blockchains: ['ethereum', 'base'], assets: [purchaseCurrency.symbol] },
      ],
      defaultNetwork: 'ethereum',
      partnerUserId: dev0(),
      defaultExperience: 'buy',
      presetCryptoAmount: 10,
    }
    const refused = await appkitPost('/v1/generators/onrampurl', coinbaseView, { projectId: PROJECT })
    expect([refused.status, refused.body.code]).toEqual([400, 'unsupported_network'])
    expect(refused.body.message).toBe('The sandbox does not sell on network ethereum')
    const devnetName = purchaseCurrency.networks[0].name
    const link = await appkitPost(
      '/v1/generators/onrampurl',
      {
        ...coinbaseView,
        destinationWallets: [{ ...coinbaseView.destinationWallets[0], blockchains: [devnetName] }],
        defaultNetwork: devnetName,
      },
      { projectId: PROJECT },
    )
    expect(link.status, JSON.stringify(link.body)).toBe(200)
    expect(link.body.url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/onramp\/sandbox\/checkout\/ord_/)
    // Asked by crypto amount (10 USDC at 1 USD, 1.5 % + 0.10 fees): the order pays 10.26 USD and delivers at least 10.
    const order = await appkitGet(`/v1/onramp/orders/${link.body.orderId}`)
    expect(order.status).toBe(200)
    expect(order.body.paymentAmount).toBe('10.26')
    expect(Number(order.body.purchaseAmount)).toBeGreaterThanOrEqual(10)
  })

  it('GET /v1/sessions/{caipAddress} (getSmartSessions) answers { pcis } with expiry in seconds; revoke without nonce/deadline is refused', async () => {
    const expiry = Date.now() + 3_600_000
    const fields = {
      pci: `pci-${crypto.randomUUID()}`,
      chainId: 'eip155:31337',
      expiry,
      address: owner.address,
      permissions: {},
      nonce: crypto.randomUUID(),
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project: PROJECT }))
    const created = await fetch(`${t.url}/v1/sessions?projectId=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...fields, signature }),
    })
    expect(created.status).toBe(201)
    const list = await appkitGet(`/v1/sessions/eip155:31337:${owner.address}`)
    expect(list.status).toBe(200)
    expect(list.body.pcis.map((s: { pci: string }) => s.pci)).toEqual([fields.pci])
    expect(list.body.pcis[0].expiry).toBe(Math.floor(expiry / 1000))
    // revokeSmartSession posts { pci, signature } to /v1/sessions/{address}/revoke: this gateway needs a signed
    // nonce and deadline (a single-use, short-lived revocation), so it refuses with a typed 400 and revokes nothing.
    const revoke = await appkitPost(
      `/v1/sessions/${owner.address}/revoke`,
      { pci: fields.pci, signature },
      { projectId: PROJECT },
    )
    expect(revoke.status).toBe(400)
    expect(revoke.body.code).toBeTypeOf('string')
    const again = await appkitGet(`/v1/sessions/eip155:31337:${owner.address}`)
    expect(again.body.pcis).toHaveLength(1)
  })
})
