import { HttpBlockchainApi } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { DEVNET_TREASURY_KEY } from './config.js'

const q = 'st=portico-test&sv=0.1.0&projectId=local'

let devnet: EvmDevnet
beforeAll(async () => {
  devnet = await startEvmDevnet()
}, 60_000)
afterAll(() => devnet?.stop())

const USDC = () => devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!

async function usdcBalance(owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return client.readContract({
    address: USDC().address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

async function until<T>(fn: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const v = await fn()
    if (v !== undefined) return v
    if (Date.now() - start > ms) throw new Error('until: timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.each(ENGINES)('onramp sandbox over HTTP (%s)', (kind) => {
  // Each engine buys for its own dev account so the two runs never see each other's funds.
  const buyer = () => devnet.fixtures.accounts[kind === 'sqlite' ? 6 : 7]!.address
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      networks: devnetNetworks(devnet),
      // Prices by CAIP-10 id: ETH 2000, the fixture USDC 1.
      prices: {
        usd: Object.fromEntries(
          devnet.chains.flatMap((c) => [
            [`eip155:${c.chainId}:native`, 2000],
            ...devnet.fixtures.tokens
              .filter((tk) => tk.symbol === 'USDC')
              .map((tk) => [`eip155:${c.chainId}:${tk.address.toLowerCase()}`, 1]),
          ]),
        ),
      },
      onramp: { sandbox: { enabled: true, treasuryPrivateKey: DEVNET_TREASURY_KEY } },
    })
  })
  afterAll(() => t?.close())

  const buy = (amount: number, extra: Record<string, unknown> = {}) =>
    call(`${t.url}/v1/generators/onrampurl?${q}`, {
      json: {
        destinationWallets: [{ address: buyer(), blockchains: ['devnet-31337'], assets: ['USDC'] }],
        partnerUserId: 'visitor-1',
        defaultExperience: 'buy',
        presetFiatAmount: amount,
        ...extra,
      },
    })

  it('GET /v1/onramp/options lists the sandbox, USDC on the devnet and the SPEC §5 limits', async () => {
    const r = await call(`${t.url}/v1/onramp/options?${q}`)
    expect(r.status).toBe(200)
    expect(r.body.providers).toEqual([{ id: 'sandbox', name: 'Sandbox' }])
    const usdc = r.body.purchaseCurrencies.find((c: { symbol: string }) => c.symbol === 'USDC')
    expect(usdc.networks).toEqual([
      {
        name: 'devnet-31337',
        display_name: 'Devnet 31337',
        chain_id: '31337',
        contract_address: USDC().address,
      },
    ])
    expect(r.body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
  })

  it('POST /v1/onramp/quote answers the SPEC §3 quote with the configured fees (core sends currency objects)', async () => {
    const r = await call(`${t.url}/v1/onramp/quote?${q}`, {
      json: {
        purchaseCurrency: { id: 'x', name: 'USD Coin', symbol: 'USDC', networks: [] },
        paymentCurrency: { id: 'USD', payment_method_limits: [] },
        amount: '50',
        network: 'devnet-31337',
      },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      coinbaseFee: { amount: '0.75', currency: 'USD' },
      networkFee: { amount: '0.10', currency: 'USD' },
      paymentSubtotal: { amount: '49.15', currency: 'USD' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '49.15', currency: 'USDC' },
      provider: 'sandbox',
    })
    expect(r.body.quoteId).toMatch(/^sbx_[0-9a-f]{16}$/)
  })

  it('payment limits hold server-side: 10.00 minimum, 7500.00 card and 25000.00 ach_bank_account maximum', async () => {
    const quote = (amount: string, paymentMethod?: string) =>
      call(`${t.url}/v1/onramp/quote?${q}`, {
        json: {
          purchaseCurrency: 'USDC',
          paymentCurrency: 'USD',
          amount,
          ...(paymentMethod ? { paymentMethod } : {}),
        },
      })
    const low = await quote('9.99')
    expect(low.status).toBe(400)
    expect(low.body).toEqual({ code: 'amount_below_minimum', message: 'The minimum for card is 10.00 USD' })
    expect((await quote('10.00')).status).toBe(200)
    expect((await quote('7500.00')).status).toBe(200)
    const card = await quote('7500.01')
    expect(card.body).toEqual({
      code: 'amount_above_maximum',
      message: 'The maximum for card is 7500.00 USD',
    })
    expect((await quote('7500.01', 'ach_bank_account')).status).toBe(200)
    const ach = await quote('25000.01', 'ach_bank_account')
    expect(ach.body).toEqual({
      code: 'amount_above_maximum',
      message: 'The maximum for ach_bank_account is 25000.00 USD',
    })
    const url = await buy(7500.5)
    expect(url.status).toBe(400)
    expect(url.body.code).toBe('amount_above_maximum')
    expect((await quote('1e3')).status).toBe(400)
    expect((await quote('10.001')).status).toBe(400)
  })

  it('buying 50 USD of USDC: checkout page → pay → confirm → the wallet really receives 49.15 USDC on anvil', async () => {
    const before = await usdcBalance(buyer())
    const r = await buy(50)
    expect(r.status).toBe(200)
    expect(r.body.provider).toBe('sandbox')
    expect(r.body.url).toBe(`${t.url}/onramp/sandbox/checkout/${r.body.orderId}`)

    const page = await fetch(r.body.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain('50.00 USD')
    expect(html).toContain('49.15 USDC')

    const base = `${t.url}/onramp/sandbox/orders/${r.body.orderId}`
    const pay = await call(`${base}/pay`, { json: { method: 'card', card: '4242 4242 4242 4242' } })
    expect(pay.body).toMatchObject({ status: 'pending', stage: 'confirmation' })
    // Nothing moves before the confirm step.
    expect(await usdcBalance(buyer())).toBe(before)

    const [confirm, second] = await Promise.all([
      call(`${base}/confirm`, { json: {} }),
      call(`${base}/confirm`, { json: {} }),
    ])
    const ok = [confirm, second].find((x) => x.status === 200)!
    expect([confirm.status, second.status].sort()).toEqual([200, 409])
    // The confirm queues the payout (a job in the database) and answers at once: funding, then completed.
    expect(ok.body).toMatchObject({ status: 'pending', stage: 'funding' })

    const done = await until(async () => {
      const o = await call(base)
      return o.body.status === 'completed' ? o.body : undefined
    })
    expect(done).toMatchObject({ stage: 'done', paymentAmount: '50.00', purchaseAmount: '49.15' })
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await usdcBalance(buyer())).toBe(before + parseUnits('49.15', 6))

    const history = await call(`${t.url}/v1/account/${buyer()}/history?${q}&onramp=sandbox`)
    expect(history.status).toBe(200)
    const item = history.body.data.find((i: { id: string }) => i.id === `onramp:${r.body.orderId}`)
    expect(item.metadata).toMatchObject({
      status: 'confirmed',
      hash: done.txHash,
      operationType: 'receive',
      chain: 'eip155:31337',
      onramp: { provider: 'sandbox', status: 'completed', paymentAmount: '50.00', purchaseCurrency: 'USDC' },
    })
    expect(item.transfers).toEqual([
      { direction: 'in', quantity: { numeric: '49.15' }, fungible_info: { name: 'USDC', symbol: 'USDC' } },
    ])
    // Without `onramp` the history is the indexer's alone.
    const plain = await call(`${t.url}/v1/account/${buyer()}/history?${q}`)
    expect(plain.body.data.some((i: { id: string }) => i.id.startsWith('onramp:'))).toBe(false)
  })

  it('the documented test card 4000 0000 0000 0002 declines: the order fails and no funds move', async () => {
    const before = await usdcBalance(buyer())
    const r = await buy(25)
    const base = `${t.url}/onramp/sandbox/orders/${r.body.orderId}`
    const pay = await call(`${base}/pay`, { json: { method: 'card', card: '4000 0000 0000 0002' } })
    expect(pay.status).toBe(200)
    expect(pay.body).toMatchObject({ status: 'failed', failureReason: 'Your card was declined' })
    expect((await call(`${base}/confirm`, { json: {} })).status).toBe(409)
    expect(await usdcBalance(buyer())).toBe(before)
    const history = await call(`${t.url}/v1/account/${buyer()}/history?${q}&onramp=all`)
    const item = history.body.data.find((i: { id: string }) => i.id === `onramp:${r.body.orderId}`)
    expect(item.metadata.status).toBe('failed')
    expect(item.metadata.onramp.failureReason).toBe('Your card was declined')
  })

  it('bad checkout input gets a typed error: a number that fails Luhn, an unknown order, a second pay', async () => {
    const r = await buy(20)
    const base = `${t.url}/onramp/sandbox/orders/${r.body.orderId}`
    const bad = await call(`${base}/pay`, { json: { method: 'card', card: '4242 4242 4242 4241' } })
    expect(bad.body).toEqual({ code: 'invalid_card', message: 'This card number is not valid' })
    const bank = await call(`${base}/pay`, { json: { method: 'ach_bank_account' } })
    expect(bank.body.stage).toBe('confirmation')
    expect((await call(`${base}/pay`, { json: { method: 'ach_bank_account' } })).status).toBe(409)
    expect((await call(`${base}/cancel`, { json: {} })).body.failureReason).toBe('Cancelled')
    const unknown = await call(`${t.url}/onramp/sandbox/orders/ord_${'0'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect((await call(`${t.url}/onramp/sandbox/checkout/../../etc`)).status).toBe(404)
  })

  it('POST /v1/generators/onrampurl validates its body (address, provider, amount, project)', async () => {
    const bad = await call(`${t.url}/v1/generators/onrampurl?${q}`, {
      json: { destinationWallets: [{ address: 'nope' }], partnerUserId: 'p' },
    })
    expect(bad.status).toBe(400)
    expect((await buy(50, { provider: 'moonpay' })).body).toEqual({
      code: 'unknown_provider',
      message: 'Onramp provider moonpay is not configured',
    })
    expect((await buy(50.001)).body.message).toBe('presetFiatAmount has more than 2 decimals')
    const noProject = await call(`${t.url}/v1/onramp/options?st=a&sv=b`)
    expect(noProject.status).toBe(401)
  })
})

describe('a gateway with no onramp provider', () => {
  it('answers 404 onramp_not_configured (the core then uses its built-in defaults)', async () => {
    const t = await startTestGateway('sqlite', {})
    try {
      const r = await call(`${t.url}/v1/onramp/options?${q}`)
      expect(r.status).toBe(404)
      expect(r.body.code).toBe('onramp_not_configured')
      const core = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
      const options = await core.getOnrampOptions()
      expect(options.fallback).toBe(true)
      expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ])
    } finally {
      await t.close()
    }
  })
})
