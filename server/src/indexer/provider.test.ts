// The indexer against a misbehaving provider: a real HTTP JSON-RPC proxy in
// front of anvil that refuses large eth_getLogs ranges (as hosted providers do)
// or answers logs that disagree with the blocks.
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { createPublicClient, createWalletClient, erc20Abi, type Hex, http, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type RpcCall, type RpcProxy, startRpcProxy } from '../test-helpers/rpc-proxy.js'

const CHAIN = 'eip155:31337'
/** The proxy refuses eth_getLogs over more blocks than this. */
const PROVIDER_MAX_RANGE = 5
const BATCH_BLOCKS = 16

let devnet: EvmDevnet
let proxy: RpcProxy
beforeAll(async () => {
  devnet = await startEvmDevnet()
  proxy = await startRpcProxy(devnet.chains[0]!.rpcUrl)
}, 60_000)
afterAll(async () => {
  await proxy?.close()
  await devnet?.stop()
})

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

const publicClient = () => createPublicClient({ transport: http(rpcUrl()), pollingInterval: 20 })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Hex

async function sendUsdc(to: Hex) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(devnet.fixtures.accounts[2]!.privateKey),
    transport: http(rpcUrl()),
  })
  const usdc = devnet.fixtures.tokens.find((x) => x.symbol === 'USDC')!
  const hash = await wallet.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits('3', 6)],
    chain: null,
  })
  return publicClient().waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

async function startGateway(fromBlock: bigint): Promise<TestGateway> {
  return startTestGateway('sqlite', {
    networks: devnetNetworks(devnet, { 31337: proxy.url })
      .filter((n) => n.caipNetworkId === CHAIN)
      .map((n) => ({
        ...n,
        indexer: {
          enabled: true,
          pollIntervalMs: 30,
          batchBlocks: BATCH_BLOCKS,
          fromBlock: Number(fromBlock),
        },
      })),
  })
}

async function history(t: TestGateway, account: string): Promise<string[]> {
  const r = await call(`${t.url}/v1/account/${account}/history?projectId=local&st=t&sv=1&chainId=${CHAIN}`)
  expect(r.status).toBe(200)
  return r.body.data.map((d: { metadata: { hash: string } }) => d.metadata.hash)
}

/** Blocks spanned by an eth_getLogs call. */
const logsRange = (c: RpcCall) => {
  const f = (c.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string }
  return Number(BigInt(f.toBlock ?? '0x0') - BigInt(f.fromBlock ?? '0x0')) + 1
}

describe('indexer against a provider that refuses large ranges', () => {
  it('halves the block range and backs off while the provider refuses it, indexes everything, then grows back', async () => {
    const start = (await publicClient().getBlockNumber()) + 1n
    const u = fresh()
    await anvil('anvil_mine', ['0x14'])
    const transfer = await sendUsdc(u)
    await anvil('anvil_mine', ['0x14'])
    const head = await publicClient().getBlockNumber()
    proxy.reset()
    proxy.hooks = {
      refuse: (c) =>
        c.method === 'eth_getLogs' && logsRange(c) > PROVIDER_MAX_RANGE
          ? { code: -32005, message: 'query returned more than 10000 results' }
          : undefined,
    }
    const t = await startGateway(start)
    try {
      await t.gateway.indexer.waitFor(CHAIN, head, 20_000)
      const shrinks = t.logs.filter(
        (l) => l.msg === 'provider failed the block range; retrying with a smaller range',
      )
      // 16 → 8 → 4: two refusals, each followed by a longer wait.
      expect(shrinks.map((l) => l.rangeBlocks)).toEqual([8, 4])
      expect(shrinks.map((l) => l.retryInMs)).toEqual([250, 500])
      const served = proxy.calls.filter(
        (c) => c.method === 'eth_getLogs' && logsRange(c) <= PROVIDER_MAX_RANGE,
      )
      expect(served.length).toBeGreaterThan(0)
      // Nothing skipped: the transfer inside the refused stretch is in the history.
      expect(await history(t, u)).toEqual([transfer.transactionHash])

      // The provider takes large ranges again: after a run of good ranges the step tries the refused size, then doubles back to batchBlocks.
      proxy.hooks = {}
      proxy.reset()
      await anvil('anvil_mine', ['0xc8'])
      await t.gateway.indexer.waitFor(CHAIN, await publicClient().getBlockNumber(), 20_000)
      const ranges = proxy.calls.filter((c) => c.method === 'eth_getLogs').map(logsRange)
      expect(Math.max(...ranges)).toBe(BATCH_BLOCKS)
      // A step that polled while anvil was still mining the 200 blocks reads fewer blocks (clipped at the
      // head it saw, e.g. 1): those say nothing about the range size, so only full ranges count.
      expect(ranges.filter((r) => r >= 4).slice(0, 3)).toEqual([4, 4, 4])
    } finally {
      await t.close()
      proxy.hooks = {}
    }
  }, 60_000)

  it('logs that disagree with the blocks fail the step (logged, retried), never skipped; the range is indexed once they agree', async () => {
    const start = await publicClient().getBlockNumber()
    const t = await startGateway(start)
    try {
      await t.gateway.indexer.waitFor(CHAIN, start)
      const bogus = `0x${'ee'.repeat(32)}`
      // The provider answers logs under a block hash other than the block's own.
      proxy.hooks = {
        rewrite: (c, result) =>
          c.method === 'eth_getLogs' && Array.isArray(result)
            ? result.map((l: Record<string, unknown>) => ({ ...l, blockHash: bogus }))
            : result,
      }
      const v = fresh()
      const transfer = await sendUsdc(v)
      const n = Number(transfer.blockNumber)
      await expect
        .poll(() => t.logs.filter((l) => l.msg === 'indexer step failed; retrying' && l.block === n).length, {
          timeout: 10_000,
          interval: 50,
        })
        .toBeGreaterThanOrEqual(2)
      const failure = t.logs.find((l) => l.msg === 'indexer step failed; retrying' && l.block === n)!
      expect(JSON.stringify(failure.err)).toContain(`logs and blocks disagree at block ${n}`)
      // Not skipped: the cursor stays at the block, nothing of it is stored.
      expect(await t.gateway.indexer.cursor(CHAIN)).toBe(transfer.blockNumber)
      expect(await history(t, v)).toEqual([])

      proxy.hooks = {}
      await t.gateway.indexer.waitFor(CHAIN, transfer.blockNumber)
      expect(await history(t, v)).toEqual([transfer.transactionHash])
    } finally {
      await t.close()
      proxy.hooks = {}
    }
  })
})
