import { HttpBlockchainApi } from '@portico/core'
import { type SolanaDevnet, startSolanaDevnet } from '@portico/devnet'
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { solanaItem } from './solana-history.js'

let svm: SolanaDevnet
let t: TestGateway
let net: `solana:${string}`
const q = 'st=t&sv=1&projectId=local'

beforeAll(async () => {
  svm = await startSolanaDevnet()
  net = svm.caipNetworkId
  t = await startTestGateway('sqlite', {
    networks: [{ caipNetworkId: net, name: 'Local SVM', rpcUrl: svm.rpcUrl }],
  })
}, 60_000)

afterAll(async () => {
  await t?.close()
  await svm?.stop()
})

/** A System program transfer (instruction 2, u64 lamports LE) signed by dev account `from`, sent for real. */
async function transferSol(from: number, to: string, lamports: bigint): Promise<string> {
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
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

describe('Solana history from the gateway (getSignaturesForAddress + getTransaction on the local SVM)', () => {
  it('lists SOL sends and receipts newest first, amounts without the fee, direction and counterparty; pages by signature', async () => {
    const [a, b] = [svm.fixtures.devKeypairs[1]!.address, svm.fixtures.devKeypairs[2]!.address]
    const first = await transferSol(1, b, 1_500_000_000n)
    const second = await transferSol(2, a, 250_000n)
    const api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
    const page = await api.getTransactionHistory({ account: b, chainId: net })
    expect(page.data.map((i) => i.metadata.hash)).toEqual([second, first])
    const [sent, received] = page.data
    expect(sent!.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: '0.00025' },
        fungible_info: { name: 'Solana', symbol: 'SOL' },
      },
    ])
    expect(sent!.metadata).toMatchObject({
      chain: net,
      status: 'confirmed',
      operationType: 'send',
      sentFrom: b,
      sentTo: a,
    })
    expect(received!.transfers).toEqual([
      { direction: 'in', quantity: { numeric: '1.5' }, fungible_info: { name: 'Solana', symbol: 'SOL' } },
    ])
    expect(received!.metadata).toMatchObject({ operationType: 'receive', sentFrom: a, sentTo: b })
    expect(Date.parse(received!.metadata.minedAt)).toBeGreaterThan(Date.parse('2020-01-01'))

    // CAIP-10 account, one item per page: the cursor is the last signature and walks on.
    const one = await call(`${t.url}/v1/account/${net}:${b}/history?${q}&limit=1`)
    expect(one.status).toBe(200)
    expect(one.body.data.map((i: { metadata: { hash: string } }) => i.metadata.hash)).toEqual([second])
    expect(one.body.next).toBe(second)
    const p1 = await call(`${t.url}/v1/account/${b}/history?${q}&chainId=${net}&cursor=${second}`)
    expect(p1.body.data.map((i: { metadata: { hash: string } }) => i.metadata.hash)).toEqual([first])
  })

  it('refuses a malformed address, cursor or an unknown Solana network with 400; a node that is down is a 502', async () => {
    const b = svm.fixtures.devKeypairs[2]!.address
    const bad = await call(`${t.url}/v1/account/${'2'.repeat(32)}/history?${q}&chainId=${net}`)
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_address')
    const cursor = await call(`${t.url}/v1/account/${b}/history?${q}&chainId=${net}&cursor=nope`)
    expect(cursor.body.code).toBe('invalid_cursor')
    const other = await call(
      `${t.url}/v1/account/${b}/history?${q}&chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`,
    )
    expect(other.body.code).toBe('unsupported_chain')
    const down = await startTestGateway('sqlite', {
      networks: [{ caipNetworkId: net, rpcUrl: 'http://127.0.0.1:9' }],
    })
    try {
      const r = await call(`${down.url}/v1/account/${b}/history?${q}&chainId=${net}`)
      expect(r.status).toBe(502)
      expect(r.body.code).toBe('chain_unavailable')
    } finally {
      await down.close()
    }
  })

  // The local SVM records no token balances in getTransaction; this is the shape a Solana node answers with.
  it('SPL movements come from the token balances of the accounts the address owns (post − pre per mint)', () => {
    const owner = svm.fixtures.devKeypairs[0]!.address
    const other = svm.fixtures.devKeypairs[1]!.address
    const m = svm.fixtures.splMint
    const item = solanaItem(
      {
        caipNetworkId: net,
        rpcUrl: svm.rpcUrl,
        tokens: [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }],
      },
      owner,
      { signature: '5'.repeat(88), err: null, blockTime: 1_700_000_000 },
      {
        blockTime: 1_700_000_000,
        transaction: { message: { accountKeys: [owner, 'TokenAcc1111111111111111111111111', other] } },
        meta: {
          err: null,
          fee: 5000,
          preBalances: [10_000_000, 2_039_280, 5_000_000],
          postBalances: [9_995_000, 2_039_280, 5_000_000],
          preTokenBalances: [
            { accountIndex: 1, mint: m.mint, owner, uiTokenAmount: { amount: '1234500000', decimals: 6 } },
          ],
          postTokenBalances: [
            { accountIndex: 1, mint: m.mint, owner, uiTokenAmount: { amount: '1222000000', decimals: 6 } },
          ],
        },
      },
    )
    // Only the fee left the SOL balance: no SOL transfer, one SPL send of 12.5.
    expect(item.transfers).toEqual([
      { direction: 'out', quantity: { numeric: '12.5' }, fungible_info: { name: m.name, symbol: m.symbol } },
    ])
    expect(item.metadata.operationType).toBe('send')
    expect(item.metadata.minedAt).toBe('2023-11-14T22:13:20.000Z')
  })

  it('an SPL send that opens the receiver’s token account leads with the token, to the receiver (not its token account); the SOL rent follows', () => {
    const owner = svm.fixtures.devKeypairs[0]!.address
    const other = svm.fixtures.devKeypairs[1]!.address
    const m = svm.fixtures.splMint
    const newAta = 'NewAta11111111111111111111111111'
    const item = solanaItem(
      {
        caipNetworkId: net,
        rpcUrl: svm.rpcUrl,
        tokens: [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }],
      },
      owner,
      { signature: '6'.repeat(88), err: null, blockTime: 1_700_000_000 },
      {
        blockTime: 1_700_000_000,
        transaction: {
          message: { accountKeys: [owner, newAta, 'TokenAcc1111111111111111111111111', other] },
        },
        meta: {
          err: null,
          fee: 5000,
          preBalances: [10_000_000_000, 0, 2_039_280, 5_000_000],
          postBalances: [10_000_000_000 - 5000 - 2_039_280, 2_039_280, 2_039_280, 5_000_000],
          preTokenBalances: [
            { accountIndex: 2, mint: m.mint, owner, uiTokenAmount: { amount: '1234500000', decimals: 6 } },
          ],
          postTokenBalances: [
            {
              accountIndex: 1,
              mint: m.mint,
              owner: other,
              uiTokenAmount: { amount: '12500000', decimals: 6 },
            },
            { accountIndex: 2, mint: m.mint, owner, uiTokenAmount: { amount: '1222000000', decimals: 6 } },
          ],
        },
      },
    )
    expect(item.transfers).toEqual([
      { direction: 'out', quantity: { numeric: '12.5' }, fungible_info: { name: m.name, symbol: m.symbol } },
      {
        direction: 'out',
        quantity: { numeric: '0.00203928' },
        fungible_info: { name: 'Solana', symbol: 'SOL' },
      },
    ])
    expect(item.metadata.sentTo).toBe(other)
    expect(item.metadata.operationType).toBe('send')
  })
})
