import { stringToPath } from '@cosmjs/crypto'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COSMOS_DEV_MNEMONIC, COSMOS_LOCAL_HUB } from './fixtures.js'
import { type CosmosDevnet, startCosmosDevnet } from './server.js'

const HUB = COSMOS_LOCAL_HUB.chainId
let sim: CosmosDevnet
let client: SigningStargateClient
let rest: string
const fee = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' }
const addr = (i: number) => sim.fixtures.accounts[i]!.addresses[HUB]!

beforeAll(async () => {
  sim = await startCosmosDevnet()
  rest = sim.chains[0]!.restUrl
  const hdPaths = [0, 1, 2].map((i) => stringToPath(`m/44'/118'/0'/0/${i}`))
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, {
    prefix: 'cosmos',
    hdPaths,
  })
  client = await SigningStargateClient.connectWithSigner(sim.chains[0]!.rpcUrl, wallet, {
    broadcastPollIntervalMs: 50,
  })
})
afterAll(async () => {
  client?.disconnect()
  await sim?.stop()
})

const txs = async (params: Record<string, string>) => {
  const res = await fetch(`${rest}/cosmos/tx/v1beta1/txs?${new URLSearchParams(params)}`)
  return { status: res.status, body: await res.json() }
}

describe('Cosmos simulator REST GetTxsEvent (GET /cosmos/tx/v1beta1/txs, SDK 0.50 shape)', () => {
  it('finds transfers by transfer.sender / transfer.recipient with the decoded MsgSend, fee and block time, newest first', async () => {
    const a = await client.sendTokens(addr(0), addr(2), [{ denom: 'uatom', amount: '11' }], fee, 'one')
    const b = await client.sendTokens(addr(1), addr(2), [{ denom: 'uusdc', amount: '22' }], fee, 'two')
    const received = await txs({
      query: `transfer.recipient='${addr(2)}'`,
      order_by: 'ORDER_BY_DESC',
      limit: '10',
    })
    expect(received.status).toBe(200)
    expect(received.body.total).toBe('2')
    expect(received.body.tx_responses.map((r: { txhash: string }) => r.txhash)).toEqual([
      b.transactionHash,
      a.transactionHash,
    ])
    const [newest] = received.body.tx_responses
    expect(newest.tx['@type']).toBe('/cosmos.tx.v1beta1.Tx')
    expect(newest.tx.body.messages).toEqual([
      {
        '@type': '/cosmos.bank.v1beta1.MsgSend',
        from_address: addr(1),
        to_address: addr(2),
        amount: [{ denom: 'uusdc', amount: '22' }],
      },
    ])
    expect(newest.tx.auth_info.fee.amount).toEqual([{ denom: 'uatom', amount: '5000' }])
    expect(received.body.txs[0].body.memo).toBe('two')
    expect(Date.parse(newest.timestamp)).toBeGreaterThan(Date.now() - 60_000)
    const sent = await txs({ query: `transfer.sender='${addr(0)}'` })
    expect(sent.body.tx_responses.map((r: { txhash: string }) => r.txhash)).toContain(a.transactionHash)
  })

  it('pages with page/limit and bounds heights with tx.height<N (the range operators of the CometBFT query language)', async () => {
    const query = `transfer.recipient='${addr(2)}'`
    const first = await txs({ query, order_by: 'ORDER_BY_DESC', limit: '1' })
    const second = await txs({ query, order_by: 'ORDER_BY_DESC', limit: '1', page: '2' })
    expect(first.body.tx_responses).toHaveLength(1)
    expect(second.body.tx_responses[0].txhash).not.toBe(first.body.tx_responses[0].txhash)
    const below = await txs({
      query: `${query} AND tx.height<${first.body.tx_responses[0].height}`,
      order_by: 'ORDER_BY_DESC',
    })
    expect(below.body.tx_responses.map((r: { txhash: string }) => r.txhash)).toEqual([
      second.body.tx_responses[0].txhash,
    ])
  })

  it('refuses a missing query, a bad order_by or a malformed term with a gRPC InvalidArgument (code 3) error', async () => {
    expect(await txs({})).toMatchObject({ status: 400, body: { code: 3, message: 'query cannot be empty' } })
    expect((await txs({ query: `tx.height=1`, order_by: 'SIDEWAYS' })).status).toBe(400)
    expect((await txs({ query: 'nonsense' })).body.code).toBe(3)
  })
})
