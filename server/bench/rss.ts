// The RSS load test (issue 33): a client hammering the RPC proxy with finalized blocks (the
// immutable-answer cache fills to its byte budget and evicts) and with large eth_getLogs
// answers (1,000 logs, ~0.5 MB each, never cached), while the gateway's resident memory is
// sampled from /proc. The gateway passes when its peak RSS stays under its idle RSS plus the
// configured cache budgets plus a stated allowance for answers in flight, and every one of
// the fixed number of logs answers completed (a run whose logs requests all timed out would
// measure nothing of them).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EvmDevnet } from '@portico/devnet'
import type autocannon from 'autocannon'
import { encodeFunctionData, erc20Abi } from 'viem'
import { MiB, memory } from './proc.js'

/** Byte budget of the RPC proxy's answer cache in this run (the default is 64 MiB; 256 KiB here, so 1,000 blocks fill it and it evicts). */
export const RSS_CACHE_BYTES = MiB / 4
/** NFT metadata and image caches, as configured in this run (not filled by this load; counted in the budget). */
const NFT_CACHE_BYTES = { metadata: 4 * MiB, image: 8 * MiB }
/**
 * What requests in flight may hold on top of the caches: each of the connections may have
 * one ~0.5 MB logs answer as upstream text, parsed value and serialized reply at once
 * (3 × 0.5 MB × 8 connections ≈ 12 MiB; 32 block connections add little), plus V8's young
 * generation and GC headroom.
 */
export const IN_FLIGHT_ALLOWANCE = 128 * MiB
const BLOCKS = 1_000
/** Token transfers mined for the logs, LOGS_PER_BLOCK to a block (one log each). */
const TRANSFERS = 4_000
const LOGS_PER_BLOCK = 200
/**
 * Blocks one eth_getLogs asks for: 5 × 200 = 1,000 logs (~0.5 MB). Sized so the anvil answers
 * in well under the request time-out on a loaded 2-core machine: a 4,000-log range (~2 MB)
 * completed no answer at all in a 6 s window there.
 */
const LOGS_WINDOW = 5
export const LOGS_PER_ANSWER = LOGS_WINDOW * LOGS_PER_BLOCK
/** The logs scenario runs until this many answers completed (a count, not a duration). */
export const LOGS_ANSWERS = 96
const LOGS_CONNECTIONS = 8
/** Seconds one logs request may take before autocannon counts it a time-out (a failed run). */
const LOGS_TIMEOUT_S = 60

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Fills chain 0 of the devnet: TRANSFERS token transfers (one log each), LOGS_PER_BLOCK to a block, then BLOCKS empty blocks. */
export async function prepareChain(devnet: EvmDevnet): Promise<{ logsFrom: number; logsTo: number }> {
  const node = devnet.chains[0]!.rpcUrl
  const from = devnet.fixtures.accounts[1]!.address
  const token = devnet.fixtures.tokens[0]!.address
  const first = BigInt(await rpc<string>(node, 'eth_blockNumber')) + 1n
  // Nonces given here: the node would hand the same pending nonce to calls of one batch.
  const nonce = Number(BigInt(await rpc<string>(node, 'eth_getTransactionCount', [from, 'pending'])))
  await rpc(node, 'evm_setAutomine', [false])
  try {
    // Batches of LOGS_PER_BLOCK calls: one HTTP request each, then one block for the batch.
    for (let i = 0; i < TRANSFERS; i += LOGS_PER_BLOCK) {
      const batch = Array.from({ length: Math.min(LOGS_PER_BLOCK, TRANSFERS - i) }, (_, j) => ({
        jsonrpc: '2.0',
        id: i + j,
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to: token,
            nonce: `0x${(nonce + i + j).toString(16)}`,
            gas: '0x186a0',
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [`0x${(i + j + 1).toString(16).padStart(40, '0')}`, 1n],
            }),
          },
        ],
      }))
      const res = await fetch(node, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batch),
      })
      const answers = (await res.json()) as { error?: { message: string } }[]
      const failed = answers.find((a) => a.error)
      if (failed) throw new Error(`eth_sendTransaction: ${failed.error!.message}`)
      await rpc(node, 'evm_mine')
      const pool = await rpc<{ pending: string }>(node, 'txpool_status')
      if (BigInt(pool.pending) !== 0n) throw new Error(`a block did not take its ${LOGS_PER_BLOCK} transfers`)
    }
  } finally {
    await rpc(node, 'evm_setAutomine', [true])
  }
  const last = BigInt(await rpc<string>(node, 'eth_blockNumber'))
  // In steps: a loaded machine mines ~10 blocks a second, and one long call would time out.
  for (let i = 0; i < BLOCKS; i += 100) await rpc(node, 'anvil_mine', ['0x64'])
  if (last - first + 1n !== BigInt(TRANSFERS / LOGS_PER_BLOCK))
    throw new Error(`transfers mined in ${last - first + 1n} blocks`)
  return { logsFrom: Number(first), logsTo: Number(last) }
}

/** The gateway configuration of the RSS run: chain 0 of the devnet, the RPC proxy with a small cache budget. */
export function rssConfig(devnet: EvmDevnet, dir: string): string {
  const file = join(dir, 'rss.json')
  const c = devnet.chains[0]!
  writeFileSync(
    file,
    JSON.stringify({
      databaseUrl: `sqlite:${join(dir, 'rss.sqlite')}`,
      projects: [
        { id: 'bench', name: 'Bench', allowedOrigins: [], rateLimit: { max: 100_000_000, windowMs: 60_000 } },
      ],
      networks: [
        {
          caipNetworkId: `eip155:${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3: devnet.fixtures.multicall3,
          devnet: true,
        },
      ],
      rpc: {
        cacheBytes: RSS_CACHE_BYTES,
        cacheEntries: 1_000_000,
        rankIntervalMs: 0,
        callLimit: { max: 100_000_000, windowMs: 60_000 },
      },
      nfts: { metadataCacheBytes: NFT_CACHE_BYTES.metadata, imageCacheBytes: NFT_CACHE_BYTES.image },
    }),
  )
  return file
}

export interface RssReport {
  /** Logs answers of the measured run that completed with the whole window (0 when any did not), of `logsAsked`. */
  logsAnswers: number
  logsAsked: number
  logsPerAnswer: number
  idle: number
  peak: number
  budget: number
  cacheBytes: number
  cacheEntries: number
  ok: boolean
}

async function gauge(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text()
  return Number(text.match(new RegExp(`^${name}(?:\\{\\})? (\\d+)`, 'm'))?.[1] ?? Number.NaN)
}

/**
 * Runs the two RSS scenarios against a started gateway (`pid` its process) and returns
 * their autocannon results and the memory report.
 */
export async function runRssLoad(
  url: string,
  pid: number,
  chain: { logsFrom: number; logsTo: number; chainId: number },
  run: (title: string, opts: autocannon.Options) => Promise<autocannon.Result>,
): Promise<{ results: [string, autocannon.Result][]; report: RssReport }> {
  const target = `${url}/v1?chainId=eip155:${chain.chainId}&projectId=bench`
  const post = (body: () => unknown): autocannon.Options => ({
    url: target,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
  })
  const finalized = await rpcVia(target, 'eth_getBlockByNumber', ['finalized', false])
  const top = Number(BigInt((finalized as { number: string }).number))
  if (top < BLOCKS / 2) throw new Error(`only ${top} finalized blocks: the chain was not prepared`)
  // Windows of LOGS_WINDOW blocks over the transfer blocks, taken in turn (no two answers alike).
  const starts = chain.logsTo - chain.logsFrom + 2 - LOGS_WINDOW
  let window = 0
  const logsRange = () => {
    const from = chain.logsFrom + (window++ % starts)
    return { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${(from + LOGS_WINDOW - 1).toString(16)}` }
  }
  const sample = (await rpcVia(target, 'eth_getLogs', [logsRange()])) as unknown[]
  if (sample.length !== LOGS_PER_ANSWER)
    throw new Error(`eth_getLogs answered ${sample.length} logs, not ${LOGS_PER_ANSWER}`)
  const idle = memory(pid).rss
  // "5" resets the process's RSS high-water mark (VmHWM): the peak read at the end is this load's.
  const hwmReset = resetPeak(pid)
  let sampled = idle
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, memory(pid).rss)
    } catch {}
  }, 100)
  const results: [string, autocannon.Result][] = []
  let logsAnswers = 0
  try {
    let id = 0
    const blocks = 'POST /v1 finalized blocks (cached)'
    results.push([
      blocks,
      await run(
        blocks,
        post(() => ({
          jsonrpc: '2.0',
          id: id++,
          method: 'eth_getBlockByNumber',
          params: [`0x${(1 + Math.floor(Math.random() * top)).toString(16)}`, false],
        })),
      ),
    ])
    const big = `POST /v1 eth_getLogs (${LOGS_PER_ANSWER} logs, ${LOGS_ANSWERS} answers)`
    let partial = 0
    const logsRun = await run(big, {
      url: target,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'eth_getLogs', params: [logsRange()] }),
          }),
          // An HTTP 200 may carry a JSON-RPC error: each answer must hold the whole window (warm-up included).
          onResponse: (status, body) => {
            if (
              status === 200 &&
              (JSON.parse(body) as { result?: unknown[] }).result?.length !== LOGS_PER_ANSWER
            )
              partial++
          },
        },
      ],
      connections: LOGS_CONNECTIONS,
      amount: LOGS_ANSWERS,
      timeout: LOGS_TIMEOUT_S,
    })
    logsAnswers = partial === 0 ? logsRun['2xx'] : 0
    results.push([big, logsRun])
  } finally {
    clearInterval(timer)
  }
  const peak = hwmReset ? Math.max(sampled, memory(pid).peak) : sampled
  const budget =
    idle + RSS_CACHE_BYTES + NFT_CACHE_BYTES.metadata + NFT_CACHE_BYTES.image + IN_FLIGHT_ALLOWANCE
  return {
    results,
    report: {
      logsAnswers,
      logsAsked: LOGS_ANSWERS,
      logsPerAnswer: LOGS_PER_ANSWER,
      idle,
      peak,
      budget,
      cacheBytes: await gauge(url, 'portico_rpc_cache_bytes'),
      cacheEntries: await gauge(url, 'portico_rpc_cache_entries'),
      ok: peak <= budget && logsAnswers === LOGS_ANSWERS,
    },
  }
}

function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false // not allowed here: the 100 ms samples give the peak
  }
}

async function rpcVia(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method} through the gateway: ${body.error.message}`)
  return body.result
}

export const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`
