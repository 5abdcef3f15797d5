// Payments on Solana (the litesvm-backed RPC) and Bitcoin (bcoin behind the devnet's Esplora
// facade), over real HTTP: the gateway reads every transaction from the chain's own node; the
// browser only names a transaction id. One engine (SQLite): the store is tested on both engines in
// payments.test.ts; what is new here is reading the chains.
import { type BitcoinDevnet, type SolanaDevnet, startBitcoinDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const SECRET = 'shop-secret-0123456789'
const q = 'projectId=shop'
const auth = { authorization: `Bearer ${SECRET}` }

let svm: SolanaDevnet
let btc: BitcoinDevnet
let t: TestGateway
beforeAll(async () => {
  ;[svm, btc] = await Promise.all([startSolanaDevnet(), startBitcoinDevnet()])
  t = await startTestGateway('sqlite', {
    networks: [
      { caipNetworkId: svm.caipNetworkId, name: 'Local SVM', rpcUrl: svm.rpcUrl },
      { caipNetworkId: btc.caipNetworkId, name: 'Bitcoin Regtest', esploraUrl: btc.esploraUrl },
    ],
    projects: [{ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], secret: SECRET }],
    // The watcher is driven by hand (gateway.payments.watch()).
    payments: { watchIntervalMs: 3_600_000 },
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await Promise.all([svm?.stop(), btc?.stop()])
})

const create = (body: Record<string, unknown>) =>
  call(`${t.url}/v1/payments?${q}`, { json: body, headers: auth })
const report = (id: string, txHash: string) =>
  call(`${t.url}/v1/payments/${id}/transactions?${q}`, {
    json: { txHash },
    headers: { origin: 'https://shop.example' },
  })
const read = (id: string) => call(`${t.url}/v1/payments/${id}?${q}`)

/** A System program transfer signed by dev account `from`, sent for real (`skipPreflight` lands a failing one). */
async function sendSol(from: number, to: string, lamports: bigint, skipPreflight = false): Promise<string> {
  const rpc = createSolanaRpc(svm.rpcUrl)
  const signer = await createKeyPairSignerFromBytes(svm.fixtures.devKeypairs[from]!.secretKey)
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const lifetime = (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: address('11111111111111111111111111111111'),
          accounts: [
            { address: signer.address, role: AccountRole.WRITABLE_SIGNER, signer },
            { address: address(to), role: AccountRole.WRITABLE },
          ],
          data,
        },
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', skipPreflight })
    .send()
}

const freshSolana = async () => (await generateKeyPairSigner()).address as string

/** Sends `sats` from the devnet miner to `to` (bcoin signs it); mined into a block unless `mine` is false. */
async function sendBtc(to: string, sats: number, mine = true): Promise<string> {
  const { bcoin, node, miner, outputScript } = btc.node
  const mtx = new bcoin.MTX()
  mtx.addOutput(bcoin.Script.fromRaw(outputScript(to)), sats)
  const tip = btc.node.height()
  const coins = (await node.getCoinsByAddress([miner.keyring.getAddress()])).filter(
    (c: { height: number }) => c.height >= 0 && tip - c.height >= 100,
  )
  // Each payment spends a coin no earlier one spent (the mempool refuses a double spend).
  await mtx.fund(coins, { changeAddress: miner.keyring.getAddress(), rate: 2000 })
  mtx.sign(miner.keyring)
  await node.mempool.addTX(mtx.toTX())
  if (mine) await btc.mine(1)
  return mtx.txid()
}

/** A fresh regtest p2wpkh address (a random key's program, printed by the devnet's bitcoinjs-lib). */
const freshBitcoin = () => {
  const key = btc.node.bcoin.KeyRing.generate()
  key.witness = true
  return btc.node.addressOf(key.getProgram().toRaw())!
}

describe('payments on Solana, verified from the litesvm-backed RPC (getTransaction balances)', () => {
  const terms = async (amount = '0.5') => ({
    network: svm.caipNetworkId,
    recipient: await freshSolana(),
    asset: 'native',
    amount,
  })

  it('paid in full: the reported signature pays it, with its payer, slot and confirmations', async () => {
    const body = await terms('0.5')
    const created = await create({ ...body, reference: 'sol-order-1' })
    expect([created.status, created.body.status, created.body.asset]).toEqual([
      201,
      'pending',
      { id: 'native', symbol: 'SOL', decimals: 9 },
    ])
    const sig = await sendSol(1, body.recipient, 500_000_000n)
    const paid = await report(created.body.id, sig)
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({
      status: 'paid',
      recipient: body.recipient,
      transaction: {
        hash: sig,
        from: svm.fixtures.devKeypairs[1]!.address,
        paid: '0.5',
        paidBaseUnits: '500000000',
      },
    })
    expect(paid.body.transaction.confirmations).toBeGreaterThanOrEqual(1)
    // The same signature again answers the payment as it stands.
    expect((await report(created.body.id, sig)).body.status).toBe('paid')
  })

  it('underpaid: refused with the shortfall in SOL, nothing recorded', async () => {
    const body = await terms('0.5')
    const created = await create(body)
    const sig = await sendSol(1, body.recipient, 400_000_000n)
    const refused = await report(created.body.id, sig)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 0.4 SOL of the 0.5 SOL asked (0.1 SOL short)',
    )
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('paid twice: one signature never pays two payments, a paid payment takes no other, the second transfer pays the open one', async () => {
    const body = await terms('0.01')
    const a = await create({ ...body, reference: 'sol-twice-a' })
    const b = await create({ ...body, reference: 'sol-twice-b' })
    const sig = await sendSol(1, body.recipient, 10_000_000n)
    expect((await report(a.body.id, sig)).body.status).toBe('paid')
    const reused = await report(b.body.id, sig)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    const second = await sendSol(1, body.recipient, 10_000_000n)
    const again = await report(a.body.id, second)
    expect([again.status, again.body.code]).toEqual([409, 'already_paid'])
    // The second transfer is not lost: it pays payment b (same recipient and terms), found on the chain.
    expect((await read(b.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash: second } })
  })

  it('paid on the wrong network: a Bitcoin transaction reported for a Solana payment names its network', async () => {
    const created = await create(await terms('0.01'))
    const txid = await sendBtc(freshBitcoin(), 10_000)
    const wrong = await report(created.body.id, txid)
    expect([wrong.status, wrong.body.code]).toEqual([409, 'wrong_network'])
    expect(wrong.body.message).toBe(
      `The transaction is on ${btc.caipNetworkId}; the payment asks for ${svm.caipNetworkId}`,
    )
  })

  it('a transaction that failed on chain, one to someone else and an unknown signature are typed refusals', async () => {
    const body = await terms('0.01')
    const created = await create(body)
    // Dev 2 holds 10 SOL: asking 50 fails in the program, lands (skipPreflight) and pays nothing.
    const failed = await sendSol(2, body.recipient, 50_000_000_000n, true)
    const f = await report(created.body.id, failed)
    expect([f.status, f.body.code]).toEqual([422, 'transaction_failed'])
    const elsewhere = await sendSol(1, await freshSolana(), 10_000_000n)
    expect((await report(created.body.id, elsewhere)).body.code).toBe('wrong_recipient')
    const unknown = '5'.repeat(88)
    const none = await report(created.body.id, unknown)
    expect([none.status, none.body.code]).toEqual([404, 'transaction_not_found'])
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('declined: no transaction, so the payment stays pending through a watcher pass', async () => {
    const created = await create(await terms('0.02'))
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('a payment nobody reported is found by the watcher in getSignaturesForAddress', async () => {
    const body = await terms('0.03')
    const created = await create(body)
    const sig = await sendSol(1, body.recipient, 30_000_000n)
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash: sig } })
  })

  it('refuses a recipient that is not a Solana address, and an asset the network does not know', async () => {
    const bad = await create({ ...(await terms()), recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_recipient'])
    const token = await create({ ...(await terms()), asset: 'USDC' })
    expect([token.status, token.body.code]).toEqual([400, 'unknown_asset'])
  })
})

describe('payments on Bitcoin, verified from the Esplora API over bcoin (outputs to the recipient script)', () => {
  const terms = (amount: string) => ({
    network: btc.caipNetworkId,
    recipient: freshBitcoin(),
    asset: 'native',
    amount,
  })

  it('paid in full: in the mempool it is pending; mined it pays, with the block height and payer', async () => {
    const body = terms('0.001')
    const created = await create({ ...body, reference: 'btc-order-1' })
    expect(created.body.asset).toEqual({ id: 'native', symbol: 'BTC', decimals: 8 })
    const txid = await sendBtc(body.recipient, 100_000, false)
    const early = await report(created.body.id, txid)
    expect([early.status, early.body.code]).toEqual([409, 'transaction_pending'])
    await btc.mine(1)
    const paid = await report(created.body.id, txid)
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({
      status: 'paid',
      transaction: {
        hash: txid,
        paid: '0.001',
        paidBaseUnits: '100000',
        blockNumber: btc.node.height(),
        confirmations: 1,
      },
    })
    expect(paid.body.transaction.from).toBe(btc.fixtures.minerAddress)
  })

  it('underpaid: refused with the shortfall in BTC, nothing recorded', async () => {
    const body = terms('0.001')
    const created = await create(body)
    const txid = await sendBtc(body.recipient, 60_000)
    const refused = await report(created.body.id, txid)
    expect([refused.status, refused.body.code]).toEqual([422, 'underpaid'])
    expect(refused.body.message).toBe(
      'Underpaid: the transaction pays 0.0006 BTC of the 0.001 BTC asked (0.0004 BTC short)',
    )
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
  })

  it('paid twice: one txid never pays two payments, a paid payment takes no other, the second transfer pays the open one', async () => {
    const body = terms('0.0002')
    const a = await create({ ...body, reference: 'btc-twice-a' })
    const b = await create({ ...body, reference: 'btc-twice-b' })
    const txid = await sendBtc(body.recipient, 20_000)
    expect((await report(a.body.id, txid)).body.status).toBe('paid')
    const reused = await report(b.body.id, txid)
    expect([reused.status, reused.body.code]).toEqual([409, 'transaction_already_used'])
    const second = await sendBtc(body.recipient, 20_000)
    const again = await report(a.body.id, second)
    expect([again.status, again.body.code]).toEqual([409, 'already_paid'])
    // The second transfer is not lost: it pays payment b (same recipient and terms), found on the chain.
    expect((await read(b.body.id)).body).toMatchObject({ status: 'paid', transaction: { hash: second } })
  })

  it('paid on the wrong network: a Solana signature reported for a Bitcoin payment names its network', async () => {
    const created = await create(terms('0.0001'))
    const sig = await sendSol(1, await freshSolana(), 1_000_000n)
    const wrong = await report(created.body.id, sig)
    expect([wrong.status, wrong.body.code]).toEqual([409, 'wrong_network'])
    expect(wrong.body.message).toBe(
      `The transaction is on ${svm.caipNetworkId}; the payment asks for ${btc.caipNetworkId}`,
    )
  })

  it('declined: no transaction, pending through a watcher pass; a made-up txid is not found', async () => {
    const created = await create(terms('0.0003'))
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({ status: 'pending', transaction: null })
    const none = await report(created.body.id, 'ab'.repeat(32))
    expect([none.status, none.body.code]).toEqual([404, 'transaction_not_found'])
  })

  it('3 confirmations asked: confirming at 1, found by the watcher unreported, paid at 3', async () => {
    const body = terms('0.0004')
    const created = await create({ ...body, confirmations: 3 })
    const txid = await sendBtc(body.recipient, 40_000)
    await t.gateway.payments.watch()
    expect((await read(created.body.id)).body).toMatchObject({
      status: 'confirming',
      transaction: { hash: txid, confirmations: 1 },
    })
    await btc.mine(2)
    expect((await read(created.body.id)).body).toMatchObject({
      status: 'paid',
      transaction: { hash: txid, confirmations: 3 },
    })
  })

  it('refuses an address of another Bitcoin network (mainnet on regtest)', async () => {
    const bad = await create({ ...terms('0.1'), recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_recipient'])
  })
})
