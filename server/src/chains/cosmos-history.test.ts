import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from '@cosmjs/proto-signing'
import { SigningStargateClient } from '@cosmjs/stargate'
import { HttpBlockchainApi } from '@portico/core'
import { COSMOS_DEV_MNEMONIC, type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetStateNetworks } from '../config/index.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { cosmosHistory } from './cosmos-history.js'

// The Cosmos simulator (devnet/src/cosmos) serves the SDK 0.50 REST GetTxsEvent; no Cosmos SDK node runs here.
// History is read from the node on demand, not stored: one engine is enough.
let sim: CosmosDevnet
let t: TestGateway
let api: HttpBlockchainApi
let client: SigningStargateClient
const HUB = 'cosmos:portico-hub-1'
const q = 'st=t&sv=1&projectId=local'
const fee = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' }

beforeAll(async () => {
  sim = await startCosmosDevnet()
  t = await startTestGateway('sqlite', {
    networks: devnetStateNetworks({ services: { cosmos: { chains: sim.chains } } }),
  })
  api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  const hdPaths = [0, 1, 2].map(makeCosmoshubPath)
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(COSMOS_DEV_MNEMONIC, {
    prefix: 'cosmos',
    hdPaths,
  })
  client = await SigningStargateClient.connectWithSigner(sim.chains[0]!.rpcUrl, wallet, {
    broadcastPollIntervalMs: 50,
  })
}, 60_000)

afterAll(async () => {
  client?.disconnect()
  await t?.close()
  await sim?.stop()
})

const address = (i: number) => sim.fixtures.accounts[i]!.addresses['portico-hub-1']!

describe('Cosmos history from the gateway (REST GetTxsEvent on the Cosmos simulator)', () => {
  it('SPEC §3 items: a MsgSend shows as send for the sender (with the fee it paid) and receive for the recipient, every denom in display units', async () => {
    const [a, b] = [address(0), address(1)]
    const atom = await client.sendTokens(a, b, [{ denom: 'uatom', amount: '1500000' }], fee, 'history')
    const usdc = await client.sendTokens(
      a,
      b,
      [
        { denom: 'uatom', amount: '1' },
        { denom: 'uusdc', amount: '2500000' },
      ],
      fee,
    )
    const sent = await api.getTransactionHistory({ account: a, chainId: HUB })
    expect(sent.data.map((i) => i.metadata.hash)).toEqual([usdc.transactionHash, atom.transactionHash])
    const first = sent.data[1]!
    expect(first).toEqual({
      id: `${HUB}:${atom.transactionHash}`,
      metadata: {
        minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        chain: HUB,
        hash: atom.transactionHash,
        sentFrom: a,
        sentTo: b,
        status: 'confirmed',
        operationType: 'send',
        fee: { numeric: '0.005', symbol: 'ATOM' },
      },
      transfers: [
        { direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { name: 'ATOM', symbol: 'ATOM' } },
      ],
    })
    expect(Math.abs(Date.parse(first.metadata.minedAt) - Date.now())).toBeLessThan(5 * 60_000)
    expect(
      sent.data[0]!.transfers.map((x) => [x.direction, x.quantity.numeric, x.fungible_info?.symbol]),
    ).toEqual([
      ['out', '0.000001', 'ATOM'],
      ['out', '2.5', 'USDC'],
    ])
    const received = await api.getTransactionHistory({ account: `${HUB}:${b}` })
    const item = received.data.find((i) => i.metadata.hash === atom.transactionHash)!
    expect(item.metadata).toMatchObject({ operationType: 'receive', sentFrom: a, sentTo: b })
    // The recipient paid no fee.
    expect(item.metadata.fee).toBeUndefined()
    expect(item.transfers).toEqual([
      { direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { name: 'ATOM', symbol: 'ATOM' } },
    ])
  })

  it('pages newest first with a height cursor: every transaction once, none lost between pages', async () => {
    const [c, d] = [address(2), address(1)]
    const hashes: string[] = []
    for (let i = 1; i <= 5; i++) {
      hashes.push(
        (await client.sendTokens(address(0), c, [{ denom: 'uatom', amount: String(i) }], fee))
          .transactionHash,
      )
    }
    const back = await client.sendTokens(c, d, [{ denom: 'uatom', amount: '7' }], fee)
    hashes.push(back.transactionHash)
    const seen: string[] = []
    let cursor: string | undefined
    for (let n = 0; n < 10; n++) {
      const page = await call(
        `${t.url}/v1/account/${c}/history?${q}&chainId=${HUB}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.status).toBe(200)
      const body = page.body as { data: { metadata: { hash: string } }[]; next: string | null }
      expect(body.data.length).toBeLessThanOrEqual(2)
      seen.push(...body.data.map((i) => i.metadata.hash))
      if (!body.next) break
      cursor = body.next
    }
    expect(seen).toEqual([...hashes].reverse())
  })

  it('a failed transaction is listed as failed with its fee and no transfer', async () => {
    const [a, b] = [address(2), address(0)]
    // More uusdc than the account holds: CheckTx (fee only) passes, the message fails in the block, the fee stays spent.
    const result = await client.signAndBroadcast(
      a,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: a, toAddress: b, amount: [{ denom: 'uusdc', amount: '999999999999999' }] },
        },
      ],
      fee,
    )
    expect(result.code).toBe(5)
    const page = await api.getTransactionHistory({ account: a, chainId: HUB })
    expect(page.data[0]).toMatchObject({
      metadata: { hash: result.transactionHash, status: 'failed', fee: { numeric: '0.005', symbol: 'ATOM' } },
      transfers: [],
    })
  })

  it('errors: unknown network 400 unsupported_chain, foreign prefix 400 invalid_address, bad cursor 400 invalid_cursor', async () => {
    const a = address(0)
    expect(await call(`${t.url}/v1/account/${a}/history?${q}&chainId=cosmos:nope-1`)).toMatchObject({
      status: 400,
      body: { code: 'unsupported_chain' },
    })
    const osmo = sim.fixtures.accounts[0]!.addresses['portico-osmo-1']!
    expect(await call(`${t.url}/v1/account/${osmo}/history?${q}&chainId=${HUB}`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_address' },
    })
    expect(await call(`${t.url}/v1/account/${a}/history?${q}&chainId=${HUB}&cursor=abc`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_cursor' },
    })
  })
})

describe('Cosmos history when the node fails (SPEC: an error the Activity tab retries, never an empty list)', () => {
  /** A REST server answering `body` to every request. */
  async function fakeNode(body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(body))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    }
  }

  it('an unreachable node and a malformed answer are 502 chain_unavailable', async () => {
    const bad = await fakeNode({ tx_responses: [{ height: '1', txhash: 'nothex', code: 0 }] })
    const gw = await startTestGateway('sqlite', {
      networks: [
        {
          caipNetworkId: 'cosmos:down-1',
          restUrl: 'http://127.0.0.1:9/rest',
          bech32Prefix: 'cosmos',
          currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
        },
        {
          caipNetworkId: 'cosmos:bad-1',
          restUrl: bad.url,
          bech32Prefix: 'cosmos',
          currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
        },
      ],
    })
    try {
      for (const chain of ['cosmos:down-1', 'cosmos:bad-1']) {
        expect(await call(`${gw.url}/v1/account/${address(0)}/history?${q}&chainId=${chain}`)).toMatchObject({
          status: 502,
          body: { code: 'chain_unavailable' },
        })
      }
    } finally {
      await gw.close()
      await bad.close()
    }
  })
})

describe('Cosmos history pages end at a block boundary (the cursor is a height)', () => {
  it('two transactions of one block are never split between pages, and none is listed twice', async () => {
    const me = address(0)
    const other = address(1)
    // Heights 9, 8, 8, 7: with limit 2, the first page would end in the middle of block 8.
    const txs = [9, 8, 8, 7].map((height, i) => ({
      height: String(height),
      txhash: String(i).repeat(64),
      code: 0,
      timestamp: '2026-01-01T00:00:00Z',
      tx: {
        body: {
          messages: [
            {
              '@type': '/cosmos.bank.v1beta1.MsgSend',
              from_address: me,
              to_address: other,
              amount: [{ denom: 'uatom', amount: String(i + 1) }],
            },
          ],
        },
        auth_info: { fee: { amount: [] } },
      },
    }))
    // A stand-in for the node's GetTxsEvent: `transfer.sender` and `tx.height<N` honoured, newest first.
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      const query = url.searchParams.get('query') ?? ''
      const below = /tx\.height<(\d+)/.exec(query)
      const found = query.startsWith('transfer.sender')
        ? txs.filter((t) => !below || Number(t.height) < Number(below[1]))
        : []
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ tx_responses: found.slice(0, Number(url.searchParams.get('limit'))) }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const network = {
      caipNetworkId: 'cosmos:stand-in-1',
      restUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      bech32Prefix: 'cosmos',
      currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }],
    }
    try {
      const first = await cosmosHistory(network, me, undefined, 2)
      expect(first.data.map((i) => i.metadata.hash)).toEqual(['0'.repeat(64)])
      expect(first.next).toBe('9')
      const second = await cosmosHistory(network, me, first.next!, 2)
      expect(second.data.map((i) => i.metadata.hash)).toEqual(['1'.repeat(64), '2'.repeat(64)])
      const third = await cosmosHistory(network, me, second.next!, 2)
      expect(third).toMatchObject({ data: [{ metadata: { hash: '3'.repeat(64) } }], next: null })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
