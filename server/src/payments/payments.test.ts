// Payments over real HTTP, on both stores, against the anvil devnet: the gateway verifies every
// transaction on the chain itself; the browser only names a hash.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type EvmDevnet, type ExchangeSandbox, startEvmDevnet, startExchangeSandbox } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { signPaymentWebhook, verifyPaymentWebhook } from './signature.js'

const SECRET = 'shop-secret-0123456789'
const q = 'projectId=shop'
const auth = { authorization: `Bearer ${SECRET}` }

let devnet: EvmDevnet
let exchange: ExchangeSandbox
beforeAll(async () => {
  devnet = await startEvmDevnet()
  exchange = await startExchangeSandbox({
    chains: devnet.chains,
    tokens: devnet.fixtures.tokens,
    funderKey: devnet.fixtures.accounts[9]!.privateKey,
  })
}, 120_000)
afterAll(async () => {
  await exchange?.close()
  await devnet?.stop()
})

const usdc = () => devnet.fixtures.tokens.find((t) => t.symbol === 'USDC')!

function wallet(index: number, chainIndex = 0) {
  const c = devnet.chains[chainIndex]!
  const chain = defineChain({
    id: c.chainId,
    name: `anvil ${c.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  })
  const account = privateKeyToAccount(devnet.fixtures.accounts[index]!.privateKey)
  const client = createWalletClient({ account, chain, transport: http(c.rpcUrl) })
  const reader = createPublicClient({ chain, transport: http(c.rpcUrl), pollingInterval: 50 })
  const mined = async (hash: Hex) => {
    await reader.waitForTransactionReceipt({ hash })
    return hash
  }
  return {
    address: account.address,
    sendEth: async (to: Address, eth: string) =>
      mined(await client.sendTransaction({ to, value: parseEther(eth) })),
    sendUsdc: async (to: Address, amount: string) =>
      mined(
        await client.writeContract({
          address: usdc().address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, usdc().decimals)],
        }),
      ),
  }
}

const mine = (blocks: number, chainIndex = 0) =>
  fetch(devnet.chains[chainIndex]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_mine',
      params: [`0x${blocks.toString(16)}`],
    }),
  })

const freshRecipient = () => privateKeyToAccount(generatePrivateKey()).address

describe.each(ENGINES)('payments over HTTP on anvil (%s)', (kind) => {
  let t: TestGateway
  // Each engine pays from its own dev accounts: the two runs never share a nonce.
  const payer = () => wallet(kind === 'sqlite' ? 2 : 3)
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      networks: devnetNetworks(devnet),
      projects: [
        { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET },
        { id: 'other', name: 'Other', allowedOrigins: ['https://other.example'], secret: `${SECRET}-other` },
      ],
      // The watcher is driven by hand in these tests (gateway.payments.watch()).
      payments: { watchIntervalMs: 3_600_000 },
    })
  })
  afterAll(() => t?.close())

  const count = async () =>
    Number((await t.gateway.db.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM payments'))[0]!.n)
  const create = (body: Record<string, unknown>, headers: Record<string, string> = auth) =>
    call(`${t.url}/v1/payments?${q}`, { json: body, headers })
  const report = (id: string, txHash: string) =>
    call(`${t.url}/v1/payments/${id}/transactions?${q}`, {
      json: { txHash },
      headers: { origin: 'https://shop.example' },
    })
  const network = () => `eip155:${devnet.chains[0]!.chainId}`

  it('creating a payment needs the project secret; a refusal stores nothing', async () => {
    const before = await count()
    const body = { network: network(), recipient: freshRecipient(), asset: 'native', amount: '0.1' }
    const none = await create(body, {})
    expect([none.status, none.body.code]).toEqual([401, 'invalid_secret'])
    const wrong = await create(body, { authorization: 'Bearer shop-secret-wrong-000' })
    expect([wrong.status, wrong.body.code]).toEqual([401, 'invalid_secret'])
    expect(await count()).toBe(before)
  })

  it('the same reference and body give the same payment; another body under it is a typed 409', async () => {
    const body = {
      network: network(),
      recipient: freshRecipient(),
      asset: 'USDC',
      amount: '5',
      reference: `order-${kind}-1`,
    }
    const first = await create(body)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      status: 'pending',
      reference: `order-${kind}-1`,
      recipient: body.recipient.toLowerCase(),
      asset: { id: usdc().address.toLowerCase(), symbol: 'USDC', decimals: usdc().decimals },
      amount: '5',
      confirmationsRequired: 1,
      transaction: null,
    })
    const again = await create(body)
    expect([again.status, again.body.id]).toEqual([200, first.body.id])
    const before = await count()
    const other = await create({ ...body, amount: '6' })
    expect([other.status, other.body.code]).toEqual([409, 'reference_conflict'])
    expect(await count()).toBe(before)
  })

  it('an unknown network or asset, or too many decimals, is refused with its code', async () => {
    const base = { network: network(), recipient: freshRecipient(), asset: 'native', amount: '1' }
    expect((await create({ ...base, network: 'eip155:999999' })).body.code).toBe('unsupported_network')
    expect((await create({ ...base, asset: 'NOPE' })).body.code).toBe('unknown_asset')
    expect((await create({ ...base, asset: 'USDC', amount: '1.1234567' })).body.code).toBe('invalid_amount')
    expect((await create({ ...base, amount: '0' })).body.code).toBe('invalid_amount')
  })

  it('native ETH paid in full: paid, by that transaction, with confirmations counted from the chain', async () => {
    const recipient = freshRecipient()
    const created = await create({ network: network(), recipient, asset: 'native', amount: '0.25' })
    const hash = await payer().sendEth(recipient, '0.25')
    const r = await report(created.body.id, hash)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      status: 'paid',
      transaction: { hash, from: payer().address.toLowerCase(), paid: '0.25', confirmations: 1 },
    })
    await mine(2)
    const read = await call(`${t.url}/v1/payments/${created.body.id}?${q}`)
    expect([read.body.status, read.body.transaction.confirmations]).toEqual(['paid', 3])
    // Reporting the same hash again answers the payment as it stands.
    expect((await report(created.body.id, hash)).body.status).toBe('paid')
  })

  it('ERC-20 underpaid is refused with the shortfall and records nothing; the full amount then pays it', async () => {
    const recipient = freshRecipient()
    const created = await create({ network: network(), recipient, asset: 'USDC', amount: '5' })
    const short = await payer().sendUsdc(recipient, '4')
    const refused = await report(created.body.id, short)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 4 USDC of the 5 USDC asked (1 USDC short)',
    )
    expect((await call(`${t.url}/v1/payments/${created.body.id}?${q}`)).body.status).toBe('pending')
    const full = await payer().sendUsdc(recipient, '5')
    const paid = await report(created.body.id, full)
    expect([paid.status, paid.body.status, paid.body.transaction.hash]).toEqual([200, 'paid', full])
  })

  it('paid twice: one transaction never pays two payments, and a paid payment takes no other', async () => {
    const recipient = freshRecipient()
    const terms = { network: network(), recipient, asset: 'native', amount: '0.01' }
    const a = await create({ ...terms, reference: `twice-a-${kind}` })
    const b = await create({ ...terms, reference: `twice-b-${kind}` })
    const hash = await payer().sendEth(recipient, '0.01')
    expect((await report(a.body.id, hash)).body.status).toBe('paid')
    const reused = await report(b.body.id, hash)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    const second = await payer().sendEth(recipient, '0.01')
    const again = await report(a.body.id, second)
    expect([again.status, again.body.code]).toEqual([409, 'already_paid'])
    expect((await call(`${t.url}/v1/payments/${b.body.id}?${q}`)).body.status).toBe('pending')
  })

  it('paid on the wrong network, in the wrong asset, to someone else, or not at all: typed refusals', async () => {
    const recipient = freshRecipient()
    const created = await create({ network: network(), recipient, asset: 'USDC', amount: '1' })
    const id = created.body.id
    const other = `eip155:${devnet.chains[1]!.chainId}`
    const onOther = await wallet(kind === 'sqlite' ? 2 : 3, 1).sendUsdc(recipient, '1')
    const wrongNet = await report(id, onOther)
    expect([wrongNet.status, wrongNet.body.code]).toEqual([409, 'wrong_network'])
    expect(wrongNet.body.message).toBe(`The transaction is on ${other}; the payment asks for ${network()}`)
    const eth = await payer().sendEth(recipient, '1')
    expect((await report(id, eth)).body.code).toBe('wrong_asset')
    const elsewhere = await payer().sendUsdc(freshRecipient(), '1')
    expect((await report(id, elsewhere)).body.code).toBe('wrong_recipient')
    const made_up = `0x${'ab'.repeat(32)}`
    const none = await report(id, made_up)
    expect([none.status, none.body.code]).toEqual([404, 'transaction_not_found'])
    const read = await call(`${t.url}/v1/payments/${id}?${q}`)
    expect([read.body.status, read.body.transaction]).toEqual(['pending', null])
  })

  it('a payment asking 3 confirmations is confirming at 1 and paid once the chain reaches 3', async () => {
    const recipient = freshRecipient()
    const created = await create({
      network: network(),
      recipient,
      asset: 'native',
      amount: '0.02',
      confirmations: 3,
    })
    const hash = await payer().sendEth(recipient, '0.02')
    const r = await report(created.body.id, hash)
    expect([r.body.status, r.body.transaction.confirmations]).toEqual(['confirming', 1])
    await mine(2)
    await t.gateway.payments.watch()
    const read = await call(`${t.url}/v1/payments/${created.body.id}?${q}`)
    expect([read.body.status, read.body.transaction.confirmations]).toEqual(['paid', 3])
  })

  it('the exchange path: the sandbox exchange pays from its treasury and the gateway verifies that transaction', async () => {
    const recipient = freshRecipient()
    const created = await create({
      network: network(),
      recipient,
      asset: 'USDC',
      amount: '12.5',
      reference: `xch-${kind}`,
    })
    const login = await call(`${exchange.url}/v1/exchange/sessions`, {
      json: { username: 'visitor', password: 'devnet' },
    })
    const sent = await call(`${exchange.url}/v1/exchange/payments`, {
      json: { network: network(), recipient, asset: 'USDC', amount: '12.5', reference: created.body.id },
      headers: { authorization: `Bearer ${login.body.token}` },
    })
    expect(sent.status).toBe(201)
    const r = await report(created.body.id, sent.body.txHash)
    expect(r.body).toMatchObject({
      status: 'paid',
      transaction: { hash: sent.body.txHash, from: exchange.treasury.toLowerCase(), paid: '12.5' },
    })
  })

  it('another project cannot read or pay a payment (project-scoped)', async () => {
    const created = await create({
      network: network(),
      recipient: freshRecipient(),
      asset: 'native',
      amount: '1',
    })
    const r = await call(`${t.url}/v1/payments/${created.body.id}?projectId=other`)
    expect([r.status, r.body.code]).toEqual([404, 'payment_not_found'])
    const pay = await call(`${t.url}/v1/payments/${created.body.id}/transactions?projectId=other`, {
      json: { txHash: `0x${'cd'.repeat(32)}` },
    })
    expect([pay.status, pay.body.code]).toEqual([404, 'payment_not_found'])
  })
})

/** A site's back end on loopback: answers 500 to the first `failFirst` deliveries, then 200. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string; answered: number }[] = []
  const state = { failFirst: 1, down: false }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const answered = state.down || received.length < state.failFirst ? 500 : 200
      received.push({ headers: req.headers, body, answered })
      res.writeHead(answered).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/portico`,
    received,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const v = await fn()
    if (v !== undefined && v !== false) return v
    if (Date.now() - start > ms) throw new Error('until: timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.each(ENGINES)('payment webhooks to a loopback receiver (%s)', (kind) => {
  const HOOK_SECRET = 'whsec-0123456789abcdef'
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let t: TestGateway | undefined
  const config = () => ({
    networks: devnetNetworks(devnet),
    projects: [
      {
        id: 'shop',
        name: 'Shop',
        allowedOrigins: ['https://shop.example'],
        secret: SECRET,
        payments: { webhookUrl: receiver.url, webhookSecret: HOOK_SECRET },
      },
    ],
    payments: {
      watchIntervalMs: 3_600_000,
      webhooks: { pollIntervalMs: 50, backoffMs: 100, maxBackoffMs: 400 },
    },
  })
  const payer = () => wallet(kind === 'sqlite' ? 4 : 5)
  beforeAll(async () => {
    receiver = await startReceiver()
    t = await startTestGateway(kind, config())
  })
  afterAll(async () => {
    await t?.close()
    await receiver?.close()
  })

  const settle = async (gateway: TestGateway) => {
    const recipient = freshRecipient()
    const created = await call(`${gateway.url}/v1/payments?${q}`, {
      json: {
        network: `eip155:${devnet.chains[0]!.chainId}`,
        recipient,
        asset: 'native',
        amount: '0.01',
        reference: `hook-${recipient}`,
      },
      headers: auth,
    })
    const hash = await payer().sendEth(recipient, '0.01')
    const paid = await call(`${gateway.url}/v1/payments/${created.body.id}/transactions?${q}`, {
      json: { txHash: hash },
    })
    expect(paid.body.status).toBe('paid')
    return { id: created.body.id as string, hash }
  }

  it('a settled payment is posted signed; a 500 is retried with back-off under the same delivery id until 2xx', async () => {
    receiver.received.length = 0
    receiver.state.failFirst = 1
    const { id, hash } = await settle(t!)
    await until(() => receiver.received.length >= 2)
    const [first, second] = receiver.received
    expect([first!.answered, second!.answered]).toEqual([500, 200])
    const delivery = first!.headers['portico-delivery'] as string
    expect(delivery).toMatch(/^whd_[0-9a-f]{32}$/)
    expect(second!.headers['portico-delivery']).toBe(delivery)
    expect(first!.headers['portico-event']).toBe('payment.settled')
    for (const r of [first!, second!])
      expect(verifyPaymentWebhook(HOOK_SECRET, r.headers['portico-signature'] as string, r.body)).toBe(true)
    const event = JSON.parse(second!.body)
    expect(event).toMatchObject({
      id: delivery,
      type: 'payment.settled',
      data: { payment: { id, status: 'paid' } },
    })
    expect(event.data.payment.transaction.hash).toBe(hash)
    await until(async () => (await t!.gateway.payments.webhooks.state(delivery))?.state === 'delivered')
    expect(await t!.gateway.payments.webhooks.state(delivery)).toMatchObject({ attempts: 2, lastStatus: 200 })
    // Settled once, delivered once: no third post.
    await new Promise((r) => setTimeout(r, 300))
    expect(receiver.received.length).toBe(2)
  })

  it('a forged, altered or stale delivery fails the check integrators run', async () => {
    const r = receiver.received.at(-1)!
    const header = r.headers['portico-signature'] as string
    expect(verifyPaymentWebhook('whsec-not-the-secret-000', header, r.body)).toBe(false)
    expect(verifyPaymentWebhook(HOOK_SECRET, header, r.body.replace('"paid"', '"pending"'))).toBe(false)
    const t0 = Number(/t=([0-9]+)/.exec(header)![1]) * 1000
    expect(verifyPaymentWebhook(HOOK_SECRET, header, r.body, t0 + 301_000)).toBe(false)
    expect(verifyPaymentWebhook(HOOK_SECRET, signPaymentWebhook(HOOK_SECRET, r.body, t0), r.body, t0)).toBe(
      true,
    )
    expect(verifyPaymentWebhook(HOOK_SECRET, undefined, r.body)).toBe(false)
  })

  it('a delivery still failing when the gateway stops is delivered by the next gateway on the same database', async () => {
    receiver.received.length = 0
    receiver.state.down = true
    const { id } = await settle(t!)
    await until(() => receiver.received.length >= 1)
    const delivery = receiver.received[0]!.headers['portico-delivery'] as string
    const db = t!.db
    await t!.close({ keepDatabase: true })
    t = undefined
    receiver.state.down = false
    t = await startTestGateway(kind, config(), { database: db })
    await until(async () => (await t!.gateway.payments.webhooks.state(delivery))?.state === 'delivered')
    const ok = receiver.received.filter((r) => r.answered === 200)
    expect(ok.length).toBe(1)
    expect(ok[0]!.headers['portico-delivery']).toBe(delivery)
    expect(JSON.parse(ok[0]!.body).data.payment.id).toBe(id)
  })
})

describe.each(ENGINES)('payments nobody reported, found through the history indexer (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      networks: devnetNetworks(devnet).map((n) => ({
        ...n,
        indexer: { enabled: true, pollIntervalMs: 30, batchBlocks: 50 },
      })),
      projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
      payments: { watchIntervalMs: 100 },
    })
  })
  afterAll(() => t?.close())

  it('a payment whose browser never reported its transaction is paid once the indexer has seen the transfer', async () => {
    const recipient = freshRecipient()
    const created = await call(`${t.url}/v1/payments?${q}`, {
      json: { network: `eip155:${devnet.chains[0]!.chainId}`, recipient, asset: 'USDC', amount: '3' },
      headers: auth,
    })
    // Mined in a later second than the payment was made: transfers from before it never count.
    await new Promise((r) => setTimeout(r, 1100))
    const hash = await wallet(kind === 'sqlite' ? 6 : 7).sendUsdc(recipient, '3')
    const paid = await until(async () => {
      const r = await call(`${t.url}/v1/payments/${created.body.id}?${q}`)
      return r.body.status === 'paid' ? r.body : undefined
    }, 30_000)
    expect(paid.transaction).toMatchObject({ hash, paid: '3' })
  })
})
