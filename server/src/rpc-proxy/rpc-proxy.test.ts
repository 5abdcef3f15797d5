import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type EvmDevnet, type SolanaDevnet, startEvmDevnet, startSolanaDevnet } from '@portico/devnet'
import { createSolanaRpc } from '@solana/kit'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { type RpcProxy, startRpcProxy } from '../test-helpers/rpc-proxy.js'

// Real anvil and the local SVM behind a real gateway, reached by viem and @solana/kit over HTTP.
let evm: EvmDevnet
let svm: SolanaDevnet
let keyed: RpcProxy
let t: TestGateway
let dead: Server
let deadHits = 0
const KEY = 'sk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const HEADER_KEY = 'hdr_0123456789abcdef0123456789abcdef'

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

beforeAll(async () => {
  ;[evm, svm] = await Promise.all([startEvmDevnet(), startSolanaDevnet()])
  // An upstream whose URL and header carry keys; it echoes its own URL in an error, as some providers do.
  keyed = await startRpcProxy(evm.chains[1]!.rpcUrl, {
    refuse: (c) =>
      c.method === 'eth_getLogs' ? { code: -32000, message: `rate exceeded for ${keyedUrl()}` } : undefined,
  })
  // A broken upstream: answers every call with HTTP 503.
  dead = createServer((_req, res) => {
    deadHits++
    res.writeHead(503).end('down')
  })
  const deadUrl = await listen(dead)
  t = await startTestGateway('sqlite', {
    networks: evm.chains.map((c) => ({
      caipNetworkId: `eip155:${c.chainId}`,
      rpcUrl: c.rpcUrl,
      multicall3: evm.fixtures.multicall3,
    })),
    rpc: {
      rankIntervalMs: 0,
      maxBodyBytes: 256 * 1024,
      upstreams: [
        // Chain 31337: a refused port first, then anvil (fallback).
        { chainId: 'eip155:31337', url: 'http://127.0.0.1:9/' },
        { chainId: 'eip155:31337', url: evm.chains[0]!.rpcUrl },
        // Chain 31338: a 503 upstream first, then the keyed one (ranking).
        { chainId: 'eip155:31338', url: deadUrl },
        { chainId: 'eip155:31338', url: keyedUrl(), headers: { 'x-api-key': HEADER_KEY } },
        { chainId: svm.caipNetworkId, url: svm.rpcUrl },
      ],
    },
  })
}, 120_000)

function keyedUrl() {
  return `${keyed.url}/v3/${KEY}`
}

afterAll(async () => {
  await t?.close()
  await keyed?.close()
  await new Promise((r) => dead?.close(r))
  await Promise.all([evm?.stop(), svm?.stop()])
})

const rpcUrl = (chainId: string) => `${t.url}/v1?chainId=${encodeURIComponent(chainId)}&projectId=local`

describe('RPC proxy (SPEC §7 RPC)', () => {
  it('a viem client reads anvil through the proxy, falling back past a dead first upstream', async () => {
    const client = createPublicClient({ transport: http(rpcUrl('eip155:31337')) })
    expect(await client.getChainId()).toBe(31337)
    const block = await client.getBlockNumber()
    expect(block).toBeGreaterThanOrEqual(0n)
    const balance = await client.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(balance).toBeGreaterThan(0n)
    // The refused port is ranked below anvil after the failures it caused.
    const pool = t.gateway.rpc!.pool('eip155:31337')!
    expect(pool.order()[0]).toBe(1)
  })

  it('a @solana/kit client reads the local SVM through the proxy', async () => {
    const rpc = createSolanaRpc(rpcUrl(svm.caipNetworkId))
    expect(await rpc.getGenesisHash().send()).toBe(svm.genesisHash)
    const { value } = await rpc.getBalance(svm.fixtures.devKeypairs[0]!.address).send()
    expect(value).toBeGreaterThan(0n)
  })

  it('ranking prefers the healthy upstream: after a ranking round the 503 one gets no calls', async () => {
    const pool = t.gateway.rpc!.pool('eip155:31338')!
    await pool.rank()
    expect(pool.order()).toEqual([1, 0])
    const before = deadHits
    const r = await call(rpcUrl('eip155:31338'), { json: { jsonrpc: '2.0', id: 7, method: 'eth_chainId' } })
    expect(r.body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a6a' })
    expect(deadHits).toBe(before)
    // 0.7 stability + 0.3 latency: the healthy upstream scores higher.
    const [bad, good] = pool.scores()
    expect(good!).toBeGreaterThan(bad!)
  })

  it('a disallowed method is refused with a JSON-RPC error, ids kept in a batch', async () => {
    const r = await call(rpcUrl('eip155:31337'), {
      json: [
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'b', method: 'anvil_setBalance', params: ['0x00', '0x1'] },
        { jsonrpc: '2.0', id: 3, method: 'eth_sign', params: [] },
        { jsonrpc: '2.0', id: 4, method: 'debug_traceTransaction', params: [] },
        { jsonrpc: '1.0', id: 5, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 6, method: 'eth_getBalance', params: 'x' },
      ],
    })
    expect(r.status).toBe(200)
    expect(r.body.map((a: { id: unknown }) => a.id)).toEqual(['a', 'b', 3, 4, 5, 6])
    expect(r.body[0].result).toBe('0x7a69')
    for (const i of [1, 2, 3]) {
      expect(r.body[i].error.code).toBe(-32601)
      expect(r.body[i].error.message).toBe('Requested RPC call is not allowed')
    }
    expect(r.body[4].error.code).toBe(-32600)
    expect(r.body[5].error.code).toBe(-32602)
    const single = await call(rpcUrl('eip155:31337'), {
      json: { jsonrpc: '2.0', id: 1, method: 'personal_unlockAccount', params: [] },
    })
    expect(single.body).toMatchObject({ id: 1, error: { code: -32601 } })
  })

  it('a batch of 1000 is served; a batch of 1001 is refused (SPEC §9 batch size 1000)', async () => {
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_blockNumber' }))
    const ok = await call(rpcUrl('eip155:31337'), { json: batch(1000) })
    expect(ok.status).toBe(200)
    expect(ok.body).toHaveLength(1000)
    expect(ok.body[999].id).toBe(999)
    const refused = await call(rpcUrl('eip155:31337'), { json: batch(1001) })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    expect(refused.body.error.message).toContain('1000')
  })

  it('an oversize body gets HTTP 413 with a JSON-RPC error', async () => {
    const r = await call(rpcUrl('eip155:31337'), {
      json: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: `0x${'00'.repeat(200_000)}` }] },
    })
    expect(r.status).toBe(413)
    expect(r.body).toMatchObject({ id: null, error: { code: -32600 } })
  })

  it('refuses unknown chains, bad JSON and unknown projects as JSON-RPC errors', async () => {
    const chain = await call(rpcUrl('eip155:1'), { json: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } })
    expect(chain.body).toMatchObject({ id: null, error: { code: -32602, message: 'Unsupported chain' } })
    const bad = await call(rpcUrl('eip155:31337'), {
      method: 'POST',
      body: '{"jsonrpc":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe(-32700)
    const project = await call(`${t.url}/v1?chainId=eip155:31337&projectId=nope`, {
      json: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
    })
    expect(project.status).toBe(401)
    expect(project.body.error.message).toBe('Unauthorized: invalid key')
  })

  it('caches answers named by block hash; a tag read is forwarded each time', async () => {
    const client = createPublicClient({ transport: http(rpcUrl('eip155:31338')) })
    const block = await client.getBlock()
    keyed.reset()
    await client.getBlock({ blockHash: block.hash })
    await client.getBlock({ blockHash: block.hash })
    expect(keyed.counts.get('eth_getBlockByHash') ?? 0).toBe(1)
    await client.getBlock()
    await client.getBlock()
    expect(keyed.counts.get('eth_getBlockByNumber')).toBe(2)
    // /metrics (loopback peer, no token configured) counts the cache in bytes against its 64 MiB default budget.
    const metrics = (await call(`${t.url}/metrics`)).body as string
    const gauge = (name: string) => Number(new RegExp(`^${name} ([0-9]+)$`, 'm').exec(metrics)?.[1])
    expect(gauge('portico_rpc_cache_entries')).toBeGreaterThanOrEqual(1)
    expect(gauge('portico_rpc_cache_bytes')).toBeGreaterThan(0)
    expect(gauge('portico_rpc_cache_budget_bytes')).toBe(64 * 1024 * 1024)
  })

  it('the upstream key never appears in any answer, even when the upstream echoes its URL', async () => {
    const r = await call(rpcUrl('eip155:31338'), {
      json: [
        { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{}] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      ],
    })
    expect(Array.isArray(r.body), JSON.stringify([r.status, r.body])).toBe(true)
    expect(r.body[0].error.code).toBe(-32000)
    expect(r.body[0].error.message).toContain('rate exceeded')
    const text = JSON.stringify(r.body) + JSON.stringify([...r.headers])
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(HEADER_KEY)
    // The header key did reach the upstream (it is the server's to send).
    expect(keyed.calls.length).toBeGreaterThan(0)
    expect(JSON.stringify(t.logs)).not.toContain(KEY)
  })
})
