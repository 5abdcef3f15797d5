// Re-orgs and confirmations on a real anvil: a snapshot taken before a transfer
// and reverted to after it was indexed orphans that block; new blocks mined on
// top are the canonical chain. The gateway's history must follow them.
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, ENGINES } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const CHAIN = 'eip155:31337'
const REORG_LOG = 'chain re-organised: orphaned blocks rolled back, re-indexing'

let devnet: EvmDevnet
beforeAll(async () => {
  devnet = await startEvmDevnet()
}, 60_000)
afterAll(() => devnet?.stop())

const rpcUrl = () => devnet.chains[0]!.rpcUrl
async function anvil<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

function chainClients(sender: number) {
  const publicClient = createPublicClient({ transport: http(rpcUrl()), pollingInterval: 20 })
  const wallet = createWalletClient({
    account: privateKeyToAccount(devnet.fixtures.accounts[sender]!.privateKey),
    transport: http(rpcUrl()),
  })
  const send = async (to: Hex, value: bigint) => {
    const hash = await wallet.sendTransaction({ to, value, chain: null })
    return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  return { publicClient, send }
}

const fresh = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Hex

const config = (indexer: Record<string, unknown>) => ({
  networks: devnetNetworks(devnet)
    .filter((n) => n.caipNetworkId === CHAIN)
    .map((n) => ({ ...n, indexer: { enabled: true, pollIntervalMs: 30, batchBlocks: 4, ...indexer } })),
})

async function history(t: TestGateway, account: string): Promise<string[]> {
  const r = await call(`${t.url}/v1/account/${account}/history?projectId=local&st=t&sv=1&chainId=${CHAIN}`)
  expect(r.status).toBe(200)
  return r.body.data.map((d: { metadata: { hash: string } }) => d.metadata.hash)
}

async function rowsOf(t: TestGateway, hash: string) {
  const q = async (table: string) =>
    Number(
      (
        await t.gateway.db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE tx_hash = ?`, [
          hash,
        ])
      )[0]!.n,
    )
  return { txs: await q('txs'), transfers: await q('transfers'), account_txs: await q('account_txs') }
}

describe.each(ENGINES)('indexer re-orgs on anvil (%s)', (kind) => {
  const sender = kind === 'sqlite' ? 3 : 4

  it('a transfer re-organised away leaves the history; the transfer of the new chain at that height replaces it', async () => {
    const { publicClient, send } = chainClients(sender)
    const start = await publicClient.getBlockNumber()
    const t = await startTestGateway(kind, config({ fromBlock: Number(start) }))
    try {
      const [x, y] = [fresh(), fresh()]
      const snapshot = await anvil<string>('evm_snapshot')
      const orphan = await send(x, parseEther('1'))
      await t.gateway.indexer.waitFor(CHAIN, orphan.blockNumber)
      expect(await history(t, x)).toEqual([orphan.transactionHash])

      // The block holding the transfer to X is orphaned; the new chain has a transfer to Y at that height.
      expect(await anvil<boolean>('evm_revert', [snapshot])).toBe(true)
      const canonical = await send(y, parseEther('2'))
      expect(canonical.blockNumber).toBe(orphan.blockNumber)
      expect(canonical.blockHash).not.toBe(orphan.blockHash)

      await expect
        .poll(() => history(t, y), { timeout: 10_000, interval: 50 })
        .toEqual([canonical.transactionHash])
      expect(await history(t, x)).toEqual([])
      expect(await rowsOf(t, orphan.transactionHash)).toEqual({ txs: 0, transfers: 0, account_txs: 0 })
      const [stored] = await t.gateway.db.query<{ hash: string }>(
        'SELECT hash FROM indexer_blocks WHERE chain = ? AND number = ?',
        [CHAIN, Number(canonical.blockNumber)],
      )
      expect(stored?.hash).toBe(canonical.blockHash)
      const reorg = t.logs.find((l) => l.msg === REORG_LOG)
      expect(reorg).toMatchObject({ chain: CHAIN, fromBlock: Number(orphan.blockNumber), depth: 1 })
    } finally {
      await t.close()
    }
  })

  it('a longer fork, re-organised while the gateway was down, is found through the parent hash: every orphaned block is rolled back', async () => {
    const { publicClient, send } = chainClients(sender)
    const start = await publicClient.getBlockNumber()
    const db = await createTestDatabase(kind)
    let t = await startTestGateway(kind, config({ fromBlock: Number(start) }), { database: db })
    const [z, w] = [fresh(), fresh()]
    const kept = await send(w, 5000n)
    const snapshot = await anvil<string>('evm_snapshot')
    const orphans = [await send(z, 1000n), await send(z, 2000n)]
    await t.gateway.indexer.waitFor(CHAIN, orphans[1]!.blockNumber)
    expect(await history(t, z)).toEqual(orphans.map((r) => r.transactionHash).reverse())
    await t.close({ keepDatabase: true })

    // While no gateway runs, the new branch replaces both blocks and grows past them:
    // the stored tip itself is still a block number the node has, so only the parent hash tells.
    await anvil('evm_revert', [snapshot])
    await anvil('evm_mine')
    await anvil('evm_mine')
    const replacement = await send(z, 3000n)
    expect(replacement.blockNumber).toBe(orphans[1]!.blockNumber + 1n)

    t = await startTestGateway(kind, config({ fromBlock: Number(start) }), { database: db })
    try {
      await t.gateway.indexer.waitFor(CHAIN, replacement.blockNumber)
      expect(await history(t, z)).toEqual([replacement.transactionHash])
      // The block below the fork stays as it was.
      expect(await history(t, w)).toEqual([kept.transactionHash])
      for (const o of orphans)
        expect(await rowsOf(t, o.transactionHash)).toEqual({ txs: 0, transfers: 0, account_txs: 0 })
      expect(t.logs.find((l) => l.msg === REORG_LOG)).toMatchObject({
        chain: CHAIN,
        fromBlock: Number(orphans[0]!.blockNumber),
        depth: 2,
      })
    } finally {
      await t.close()
    }
  })

  it('indexes only to head − confirmations: a transfer appears once it has that many blocks on top', async () => {
    const { publicClient, send } = chainClients(sender)
    const start = await publicClient.getBlockNumber()
    const t = await startTestGateway(kind, config({ fromBlock: Number(start), confirmations: 3 }))
    try {
      const v = fresh()
      const r = await send(v, 7000n)
      await anvil('evm_mine')
      await anvil('evm_mine')
      // Two blocks on top: everything below the transfer's block is indexed, the block itself is not.
      await t.gateway.indexer.waitFor(CHAIN, r.blockNumber - 1n)
      await new Promise((done) => setTimeout(done, 300))
      expect(await t.gateway.indexer.cursor(CHAIN)).toBe(r.blockNumber)
      expect(await history(t, v)).toEqual([])
      await anvil('evm_mine')
      await t.gateway.indexer.waitFor(CHAIN, r.blockNumber)
      expect(await history(t, v)).toEqual([r.transactionHash])
      expect(await t.gateway.indexer.cursor(CHAIN)).toBe(r.blockNumber + 1n)
    } finally {
      await t.close()
    }
  })
})
