// Payments on Polkadot (chopsticks running the Rococo Asset Hub runtime) and Cosmos (the devnet's
// Cosmos simulator: a JS auth + bank state machine behind CometBFT RPC and REST — no Cosmos SDK
// node runs here), over real HTTP: the gateway reads every transaction from the chain's own node;
// the browser only names a transaction id. One engine (SQLite): the store is tested on both
// engines in payments.test.ts; what is new here is reading these two chains.
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { mnemonicGenerate } from '@polkadot/util-crypto'
import {
  COSMOS_DEV_MNEMONIC,
  type CosmosDevnet,
  type PolkadotServiceInfo,
  spawnPolkadotDevnet,
  startCosmosDevnet,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetStateNetworks } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const SECRET = 'shop-secret-0123456789'
const q = 'projectId=shop'
const auth = { authorization: `Bearer ${SECRET}` }
const HUB = 'cosmos:portico-hub-1'
const fee = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' }

let dot: PolkadotServiceInfo
let sim: CosmosDevnet
let t: TestGateway
let node: ApiPromise
let cosmos: SigningStargateClient
beforeAll(async () => {
  ;[dot, sim] = await Promise.all([spawnPolkadotDevnet({ port: 0, detached: false }), startCosmosDevnet()])
  t = await startTestGateway('sqlite', {
    networks: devnetStateNetworks({ services: { polkadot: dot, cosmos: { chains: sim.chains } } }),
    projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
    // The watcher is driven by hand (gateway.payments.watch()).
    payments: { watchIntervalMs: 3_600_000 },
  })
  node = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl), noInitWarn: true })
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, {
    prefix: 'cosmos',
    hdPaths: [0, 1, 2].map(makeCosmoshubPath),
  })
  cosmos = await SigningStargateClient.connectWithSigner(sim.chains[0]!.rpcUrl, wallet, {
    broadcastPollIntervalMs: 50,
  })
}, 180_000)
afterAll(async () => {
  cosmos?.disconnect()
  await node?.disconnect()
  await t?.close()
  await sim?.stop()
  for (const pid of dot?.pids ?? []) process.kill(pid, 'SIGTERM')
})

const create = (body: Record<string, unknown>) =>
  call(`${t.url}/v1/payments?${q}`, { json: body, headers: auth })
const report = (id: string, txHash: string) =>
  call(`${t.url}/v1/payments/${id}/transactions?${q}`, {
    json: { txHash },
    headers: { origin: 'https://shop.example' },
  })
const read = (id: string) => call(`${t.url}/v1/payments/${id}?${q}`)

// ——— Polkadot ———

const dotAccount = (name: string) => dot.fixtures.devAccounts.find((a) => a.name === name)!
/** A fresh account nobody paid yet (so each test's recipient sees only its own transfers). */
const freshDot = () =>
  new Keyring({ type: 'sr25519', ss58Format: dot.ss58Prefix }).addFromMnemonic(mnemonicGenerate()).address

type Extrinsic = ReturnType<ApiPromise['tx']['balances']['transferKeepAlive']>
/** Signs and submits as `//name`, then waits for the block chopsticks builds for it (instant mode). */
async function submitDot(name: string, tx: Extrinsic): Promise<string> {
  const signer = new Keyring({ type: 'sr25519', ss58Format: dot.ss58Prefix }).addFromUri(`//${name}`)
  const before = (await node.rpc.chain.getHeader()).number.toNumber()
  const hash = (await tx.signAndSend(signer)).toHex()
  while ((await node.rpc.chain.getHeader()).number.toNumber() <= before)
    await new Promise((r) => setTimeout(r, 100))
  return hash
}
const ROC = 1_000_000_000_000n
/**
 * `balances.transfer` (allow death): the 2021 runtime's name for today's `transferAllowDeath`, so
 * it is not in @polkadot/api's generated types.
 */
const transfer = (to: string, amount: bigint) =>
  (node.tx.balances as unknown as { transfer(to: string, value: bigint): Extrinsic }).transfer(to, amount)

// Each transfer waits for the block chopsticks builds for it (seconds on a loaded machine).
describe('payments on Polkadot, verified from chopsticks’ blocks (Balances.Transfer / Assets.Transferred events)', {
  timeout: 120_000,
}, () => {
  const terms = (amount: string, asset = 'native') => ({
    network: dot.caipNetworkId,
    recipient: freshDot(),
    asset,
    amount,
  })

  it('paid in full: the reported extrinsic hash pays it in ROC, with its payer, block and finalized confirmations', async () => {
    const body = terms('2')
    const created = await create({ ...body, reference: 'dot-order-1' })
    expect([created.status, created.body.status, created.body.asset]).toEqual([
      201,
      'pending',
      { id: 'native', symbol: 'ROC', decimals: 12 },
    ])
    // transferAllowDeath: a fresh account is created by the transfer (2 ROC is above the existential deposit).
    const hash = await submitDot('Bob', transfer(body.recipient, 2n * ROC))
    const paid = await report(created.body.id, hash)
    expect(paid.status).toBe(200)
    const head = (await node.rpc.chain.getHeader()).number.toNumber()
    expect(paid.body).toMatchObject({
      status: 'paid',
      recipient: body.recipient,
      transaction: { hash, from: dotAccount('Bob').address, paid: '2', paidBaseUnits: String(2n * ROC) },
    })
    expect(paid.body.transaction.blockNumber).toBeLessThanOrEqual(head)
    expect(paid.body.transaction.confirmations).toBeGreaterThanOrEqual(1)
    // The same hash again answers the payment as it stands.
    expect((await report(created.body.id, hash)).body.status).toBe('paid')
  })

  it('an Assets-pallet token (PDUSD): paid in full by assets.transfer; the same amount in ROC is the wrong asset', async () => {
    const asset = dot.fixtures.asset
    const body = terms('1.5', 'PDUSD')
    const created = await create(body)
    expect(created.body.asset).toEqual({ id: String(asset.id), symbol: 'PDUSD', decimals: 6 })
    // A fresh account cannot hold PDUSD without ROC for its existential deposit: fund it first.
    await submitDot('Bob', transfer(body.recipient, ROC))
    const roc = await submitDot('Alice', node.tx.balances.transferKeepAlive(body.recipient, 1_500_000n))
    const wrong = await report(created.body.id, roc)
    expect([wrong.status, wrong.body.code]).toEqual([422, 'wrong_asset'])
    const hash = await submitDot(
      'Alice',
      node.tx.assets.transfer(asset.id, body.recipient, 1_500_000n) as unknown as Extrinsic,
    )
    const paid = await report(created.body.id, hash)
    expect(paid.body).toMatchObject({
      status: 'paid',
      transaction: { hash, from: dotAccount('Alice').address, paid: '1.5', paidBaseUnits: '1500000' },
    })
  })

  it('underpaid: refused with the shortfall in ROC, nothing recorded', async () => {
    const body = terms('3')
    const created = await create(body)
    const hash = await submitDot('Bob', transfer(body.recipient, 2n * ROC))
    const refused = await report(created.body.id, hash)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 2 ROC of the 3 ROC asked (1 ROC short)',
    )
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('paid twice: one extrinsic never pays two payments, a paid payment takes no other, the second transfer pays the open one', async () => {
    const body = terms('1.25')
    const a = await create({ ...body, reference: 'dot-twice-a' })
    const b = await create({ ...body, reference: 'dot-twice-b' })
    const first = await submitDot('Bob', transfer(body.recipient, 1_250_000_000_000n))
    expect((await report(a.body.id, first)).body.status).toBe('paid')
    const reused = await report(b.body.id, first)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    const second = await submitDot(
      'Bob',
      node.tx.balances.transferKeepAlive(body.recipient, 1_250_000_000_000n),
    )
    const again = await report(a.body.id, second)
    expect([again.status, again.body.code]).toEqual([409, 'already_paid'])
    // The second transfer is not lost: it pays payment b (same recipient and terms), found in the blocks.
    expect((await read(b.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash: second } })
  })

  it('paid on the wrong network: a Cosmos transaction reported for a Polkadot payment names its network', async () => {
    const created = await create(terms('1'))
    const sent = await cosmos.sendTokens(
      sim.fixtures.accounts[0]!.addresses['portico-hub-1']!,
      sim.fixtures.accounts[1]!.addresses['portico-hub-1']!,
      [{ denom: 'uatom', amount: '1000' }],
      fee,
    )
    const wrong = await report(created.body.id, sent.transactionHash)
    expect([wrong.status, wrong.body.code]).toEqual([409, 'wrong_network'])
    expect(wrong.body.message).toBe(`The transaction is on ${HUB}; the payment asks for ${dot.caipNetworkId}`)
  })

  it('a transaction that failed on chain, one to someone else and an unknown hash are typed refusals', async () => {
    const body = terms('1')
    const created = await create(body)
    // Bob pays the fee, then the batch asks him to send far more than he holds: ExtrinsicFailed.
    const tooMuch = node.tx.utility.batchAll([transfer(body.recipient, 10n ** 12n * ROC)])
    const failed = await submitDot('Bob', tooMuch as unknown as Extrinsic)
    const f = await report(created.body.id, failed)
    expect([f.status, f.body.code]).toEqual([422, 'transaction_failed'])
    const elsewhere = await submitDot('Bob', transfer(freshDot(), ROC))
    expect((await report(created.body.id, elsewhere)).body.code).toBe('wrong_recipient')
    const none = await report(created.body.id, `0x${'ab'.repeat(32)}`)
    expect([none.status, none.body.code]).toEqual([404, 'transaction_not_found'])
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('declined: no transaction, so the payment stays pending through a watcher pass', async () => {
    const created = await create(terms('1'))
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('a payment nobody reported is found by the watcher in the blocks since it was made', async () => {
    const body = terms('1.75')
    const created = await create(body)
    const hash = await submitDot('Bob', transfer(body.recipient, 1_750_000_000_000n))
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash } })
  })

  it('refuses an address of another SS58 network (Polkadot relay prefix 0) and an asset the network does not know', async () => {
    const relay = new Keyring({ type: 'sr25519', ss58Format: 0 }).addFromUri('//Alice').address
    const bad = await create({ ...terms('1'), recipient: relay })
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_recipient'])
    const token = await create(terms('1', 'USDT'))
    expect([token.status, token.body.code]).toEqual([400, 'unknown_asset'])
  })
})

// ——— Cosmos (the simulator) ———

const cosmosAddress = (i: number) => sim.fixtures.accounts[i]!.addresses['portico-hub-1']!
/** A fresh hub address nobody paid yet. */
const freshCosmos = async () => {
  const w = await DirectSecp256k1HdWallet.generate(12, { prefix: 'cosmos' })
  return (await w.getAccounts())[0]!.address
}

describe('payments on Cosmos, verified from the Cosmos simulator’s REST GetTx (transfer events)', () => {
  const terms = async (amount: string, asset = 'native') => ({
    network: HUB,
    recipient: await freshCosmos(),
    asset,
    amount,
  })
  const send = (to: string, coins: { denom: string; amount: string }[], from = 0) =>
    cosmos.sendTokens(cosmosAddress(from), to, coins, fee).then((r) => r.transactionHash)

  it('paid in full: the reported hash pays it in ATOM, with its payer, height and confirmations', async () => {
    const body = await terms('1.5')
    const created = await create({ ...body, reference: 'atom-order-1' })
    expect([created.status, created.body.asset]).toEqual([201, { id: 'native', symbol: 'ATOM', decimals: 6 }])
    const hash = await send(body.recipient, [{ denom: 'uatom', amount: '1500000' }])
    const paid = await report(created.body.id, hash)
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({
      status: 'paid',
      transaction: { hash, from: cosmosAddress(0), paid: '1.5', paidBaseUnits: '1500000', confirmations: 1 },
    })
    // Lower-case hex names the same transaction.
    expect((await report(created.body.id, hash.toLowerCase())).body.status).toBe('paid')
  })

  it('another coin (USDC by symbol): paid by a MsgSend of uusdc; ATOM alone is the wrong asset', async () => {
    const body = await terms('2.5', 'USDC')
    const created = await create(body)
    expect(created.body.asset).toEqual({ id: 'uusdc', symbol: 'USDC', decimals: 6 })
    const atom = await send(body.recipient, [{ denom: 'uatom', amount: '2500000' }])
    const wrong = await report(created.body.id, atom)
    expect([wrong.status, wrong.body.code]).toEqual([422, 'wrong_asset'])
    const hash = await send(body.recipient, [{ denom: 'uusdc', amount: '2500000' }])
    expect((await report(created.body.id, hash)).body).toMatchObject({
      status: 'paid',
      transaction: { hash, paid: '2.5' },
    })
  })

  it('underpaid: refused with the shortfall in ATOM, nothing recorded', async () => {
    const body = await terms('1')
    const created = await create(body)
    const hash = await send(body.recipient, [{ denom: 'uatom', amount: '250000' }])
    const refused = await report(created.body.id, hash)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 0.25 ATOM of the 1 ATOM asked (0.75 ATOM short)',
    )
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('paid twice: one hash never pays two payments, a paid payment takes no other, the second transfer pays the open one', async () => {
    const body = await terms('0.1')
    const a = await create({ ...body, reference: 'atom-twice-a' })
    const b = await create({ ...body, reference: 'atom-twice-b' })
    const first = await send(body.recipient, [{ denom: 'uatom', amount: '100000' }])
    expect((await report(a.body.id, first)).body.status).toBe('paid')
    const reused = await report(b.body.id, first)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    const second = await send(body.recipient, [{ denom: 'uatom', amount: '100000' }], 1)
    const again = await report(a.body.id, second)
    expect([again.status, again.body.code]).toEqual([409, 'already_paid'])
    // The second transfer is not lost: it pays payment b, found with transfer.recipient='…'.
    expect((await read(b.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash: second } })
  })

  it('paid on the wrong network: a Polkadot extrinsic reported for a Cosmos payment names its network', async () => {
    const created = await create(await terms('0.1'))
    const hash = await submitDot('Bob', transfer(freshDot(), ROC))
    const wrong = await report(created.body.id, hash)
    expect([wrong.status, wrong.body.code]).toEqual([409, 'wrong_network'])
    expect(wrong.body.message).toBe(`The transaction is on ${dot.caipNetworkId}; the payment asks for ${HUB}`)
  })

  it('a transaction to someone else and an unknown hash are typed refusals; a payment nobody reported is found by the watcher', async () => {
    const body = await terms('0.3')
    const created = await create(body)
    const elsewhere = await send(await freshCosmos(), [{ denom: 'uatom', amount: '300000' }])
    expect((await report(created.body.id, elsewhere)).body.code).toBe('wrong_recipient')
    const none = await report(created.body.id, 'AB'.repeat(32))
    expect([none.status, none.body.code]).toEqual([404, 'transaction_not_found'])
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
    const hash = await send(body.recipient, [{ denom: 'uatom', amount: '300000' }])
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash } })
  })

  it('refuses an address of another bech32 prefix and an upper-case one', async () => {
    const w = await DirectSecp256k1HdWallet.generate(12, { prefix: 'osmo' })
    const osmo = (await w.getAccounts())[0]!.address
    const wrongPrefix = await create({ ...(await terms('1')), recipient: osmo })
    expect([wrongPrefix.status, wrongPrefix.body.code]).toEqual([400, 'invalid_recipient'])
    const upper = await create({ ...(await terms('1')), recipient: cosmosAddress(2).toUpperCase() })
    expect([upper.status, upper.body.code]).toEqual([400, 'invalid_recipient'])
  })
})
