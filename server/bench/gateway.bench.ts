// `pnpm --filter @portico/server run bench`: loopback throughput of the
// gateway with autocannon, on the embedded store and on PostgreSQL:
// cached balance GETs, cached identity GETs and POST /e ingestion.
// The gateway runs in its own process (the real bin); autocannon here.
// `redis1` / `redis2`: one and two instances on the same PostgreSQL and one
// Redis (autocannon spreads its connections over both), in the same run; the
// two-instance / one-instance ratio is printed per scenario.
// Every measured run is accounted per process from /proc (proc.ts): CPU seconds of
// each gateway instance, PostgreSQL (postmaster and backends), Redis, the load
// generator (this process: autocannon runs here) and the rest of the machine, per
// 1,000 requests, with each instance's own request count from its /metrics.
// `rss`: the RSS load test (rss.ts) — finalized blocks and large logs through the RPC
// proxy; exits 1 when the gateway's peak RSS is over its budget.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEvmDevnet } from '@portico/devnet'
import autocannon from 'autocannon'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationTypedData } from '../src/signatures/typed-data.js'
import { startPostgresCluster } from '../src/test-helpers/postgres-cluster.js'
import { startRedis } from '../src/test-helpers/redis.js'
import { cpuSeconds, machineBusySeconds, postmasterPid } from './proc.js'
import {
  IN_FLIGHT_ALLOWANCE,
  mib,
  prepareChain,
  RSS_CACHE_BYTES,
  type RssReport,
  rssConfig,
  runRssLoad,
} from './rss.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const BIN = fileURLToPath(new URL('../bin/portico-server.mjs', import.meta.url))

type Store = 'sqlite' | 'postgres' | 'redis1' | 'redis2' | 'rss'

function startServer(
  configFile: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, '--config', configFile], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error('gateway did not start in 120 s'))
      // Started from TypeScript sources (no build) on a busy machine, the bin takes long to start.
    }, 120_000)
    let buf = ''
    child.stdout!.on('data', (d) => {
      buf += d
      const m = buf.match(/"url":"(http:\/\/[^"]+)"/)
      if (m) {
        clearTimeout(timer)
        resolve({ child, url: m[1]! })
      }
    })
    child.once('exit', (code) => reject(new Error(`gateway exited (${code})`)))
  })
}

interface Row {
  store: string
  scenario: string
  rps: number
  p50: number
  p99: number
  non2xx: number
  /** Requests per second each instance answered (its /metrics), in instance order. */
  perInstance: number[]
  /** CPU seconds per 1,000 requests: each instance, PostgreSQL, Redis, the load generator, everything else. */
  cpu: { instances: number[]; postgres?: number; redis?: number; loadgen: number; other: number }
  /** Busy share of the machine's cores during the run (every process, other users' included). */
  busy: number
}

/** The processes a run is accounted over. */
interface Procs {
  gateways: { pid: number; url: string }[]
  postgresDir?: string
  redisPid?: number
}

async function requestsServed(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text()
  let sum = 0
  for (const m of text.matchAll(/^portico_http_requests_total\{[^}]*\} (\d+)$/gm)) sum += Number(m[1])
  return sum
}

function cpuNow(p: Procs) {
  return {
    instances: p.gateways.map((g) => cpuSeconds(g.pid)),
    ...(p.postgresDir ? { postgres: cpuSeconds(postmasterPid(p.postgresDir), true) } : {}),
    ...(p.redisPid ? { redis: cpuSeconds(p.redisPid) } : {}),
    loadgen: cpuSeconds('self'),
    machine: machineBusySeconds(),
  }
}

/** Warm-up, then the measured run with CPU accounting per process and per-instance request counts. */
async function measure(
  store: string,
  scenario: string,
  procs: Procs,
  opts: autocannon.Options,
): Promise<[autocannon.Result, Row]> {
  // A short warm-up first, so JIT and connection set-up are not measured (a run of a fixed
  // number of requests warms up with one request a connection).
  const connections = opts.connections ?? CONNECTIONS
  await autocannon({ connections, duration: 2, ...opts, ...(opts.amount ? { amount: connections } : {}) })
  const served0 = await Promise.all(procs.gateways.map((g) => requestsServed(g.url)))
  const c0 = cpuNow(procs)
  const r = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION,
    ...opts,
    title: `${store} ${scenario}`,
  })
  const c1 = cpuNow(procs)
  // Minus one: the /metrics read itself is counted by the instance it asked.
  const served = (await Promise.all(procs.gateways.map((g) => requestsServed(g.url)))).map(
    (n, i) => n - served0[i]! - 1,
  )
  // No request completed (a saturated machine, a slow scenario): no cost per request to report.
  const per1k = (s: number) => (r.requests.total > 0 ? (s * 1000) / r.requests.total : Number.NaN)
  const instances = c1.instances.map((v, i) => per1k(v - c0.instances[i]!))
  const postgres = c1.postgres !== undefined ? per1k(c1.postgres - c0.postgres!) : undefined
  const redis = c1.redis !== undefined ? per1k(c1.redis - c0.redis!) : undefined
  const loadgen = per1k(c1.loadgen - c0.loadgen)
  const busy = c1.machine.busy - c0.machine.busy
  const listed = instances.reduce((a, b) => a + b, 0) + (postgres ?? 0) + (redis ?? 0) + loadgen
  const elapsed = (c1.machine.total - c0.machine.total) / cpus().length
  return [
    r,
    {
      store,
      scenario,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx + r.errors,
      perInstance: served.map((n) => Math.round(n / (r.duration || DURATION))),
      cpu: {
        instances,
        ...(postgres !== undefined ? { postgres } : {}),
        ...(redis !== undefined ? { redis } : {}),
        loadgen,
        other: Math.max(0, per1k(busy) - listed),
      },
      busy: elapsed > 0 ? busy / (elapsed * cpus().length) : 0,
    },
  ]
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? 'rss,sqlite,postgres,redis1,redis2').split(',') as Store[]
  const devnet = await startEvmDevnet()
  const pg = await startPostgresCluster({ durable: true })
  const redis = stores.some((s) => s.startsWith('redis')) ? await startRedis() : undefined
  // An interrupted bench still stops the cluster and the nodes it started.
  const cleanup = () => {
    pg.stop()
    void redis?.stop()
    void devnet.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', cleanup)
  process.once('SIGTERM', cleanup)
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
  const rows: Row[] = []
  let rss: RssReport | undefined
  try {
    const holder = devnet.fixtures.accounts[1]!
    for (const store of stores) {
      if (store === 'rss') {
        const chain = { ...(await prepareChain(devnet)), chainId: devnet.chains[0]!.chainId }
        const { child, url } = await startServer(rssConfig(devnet, dir))
        try {
          const procs: Procs = { gateways: [{ pid: child.pid!, url }] }
          const out = await runRssLoad(url, child.pid!, chain, async (title, opts) => {
            const [r, row] = await measure('rss', title, procs, opts)
            rows.push(row)
            return r
          })
          rss = out.report
        } finally {
          child.kill('SIGTERM')
          await new Promise((r) => child.once('exit', r))
        }
        continue
      }
      const configFile = join(dir, `${store}.json`)
      writeFileSync(
        configFile,
        JSON.stringify({
          databaseUrl: store === 'sqlite' ? `sqlite:${join(dir, 'bench.sqlite')}` : pg.url,
          projects: [
            {
              id: 'bench',
              name: 'Bench',
              allowedOrigins: [],
              rateLimit: { max: 100_000_000, windowMs: 60_000 },
            },
          ],
          networks: devnet.chains.map((c) => ({
            caipNetworkId: `eip155:${c.chainId}`,
            rpcUrl: c.rpcUrl,
            multicall3: devnet.fixtures.multicall3,
            tokens: devnet.fixtures.tokens,
          })),
          cache: { balanceTtlMs: 3_600_000, identityTtlMs: 3_600_000 },
          ...(process.env.BENCH_SQLITE_SYNC ? { sqliteSynchronous: process.env.BENCH_SQLITE_SYNC } : {}),
        }),
      )
      const instances = store === 'redis2' ? 2 : 1
      const started = await Promise.all(
        Array.from({ length: instances }, () =>
          startServer(configFile, store.startsWith('redis') ? { REDIS_URL: redis!.url } : {}),
        ),
      )
      const urls = started.map((s) => s.url)
      const url = urls[0]!
      try {
        const q = 'projectId=bench&st=bench&sv=1'
        // Warm the caches: one real multicall, one registered name.
        const balanceUrl = `${url}/v1/account/${holder.address}/balance?${q}&currency=usd&chainId=eip155:31337`
        if ((await fetch(balanceUrl)).status !== 200) throw new Error('balance warm-up failed')
        const account = privateKeyToAccount(holder.privateKey)
        // Registrations are EIP-712 typed data covering every field (issue 22).
        const fields = {
          name: `bench-${store}.portico.id`,
          address: account.address,
          coin_type: 60,
          timestamp: Date.now(),
        }
        const message = JSON.stringify(fields)
        const reg = await fetch(`${url}/v1/profile/account?${q}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            coin_type: 60,
            address: account.address,
            message,
            signature: await account.signTypedData(registrationTypedData(fields)),
          }),
        })
        if (reg.status !== 200) throw new Error(`name registration failed: ${await reg.text()}`)
        const identityPath = `/v1/identity/${holder.address}?${q}`
        const balancePath = balanceUrl.slice(url.length)
        for (const u of urls) {
          if ((await fetch(`${u}${balancePath}`)).status !== 200) throw new Error('balance warm-up failed')
          if ((await fetch(`${u}${identityPath}`)).status !== 200) throw new Error('identity warm-up failed')
        }
        // Several URLs: autocannon spreads its connections over them, as a load balancer would.
        // (autocannon takes a list of URLs; its types say string only.)
        const target = (path: string) =>
          (urls.length === 1 ? `${url}${path}` : urls.map((u) => `${u}${path}`)) as unknown as string

        const scenarios: [string, autocannon.Options][] = [
          ['GET balance (cached)', { url: target(balancePath) }],
          ['GET identity (cached)', { url: target(identityPath) }],
          [
            'POST /e (committed)',
            {
              url: target(`/e?${q}`),
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              requests: [
                {
                  setupRequest: (req) => {
                    const id = `${store}-${process.hrtime.bigint()}-${Math.random().toString(36).slice(2)}`
                    return {
                      ...req,
                      body: JSON.stringify({
                        eventId: id,
                        url: 'http://localhost:5173/',
                        domain: 'localhost',
                        timestamp: Date.now(),
                        props: { event: 'MODAL_OPEN', connected: false },
                      }),
                    }
                  },
                },
              ],
            },
          ],
        ]
        const procs: Procs = {
          gateways: started.map((s, i) => ({ pid: s.child.pid!, url: urls[i]! })),
          ...(store === 'sqlite' ? {} : { postgresDir: pg.dataDir }),
          ...(store.startsWith('redis') ? { redisPid: redis!.pid } : {}),
        }
        for (const [scenario, opts] of scenarios) rows.push((await measure(store, scenario, procs, opts))[1])
      } finally {
        for (const { child } of started) {
          child.kill('SIGTERM')
          await new Promise((r) => child.once('exit', r))
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    pg.stop()
    await redis?.stop()
    await devnet.stop()
  }
  const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(2))
  console.log(
    `\n@portico/server on loopback, ${CONNECTIONS} connections, ${DURATION} s each; ${cpus().length} cores, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  )
  console.log(
    'store     scenario                             req/s   p50 ms  p99 ms  non-2xx  per instance req/s | CPU s per 1,000 req: gateway (each) · postgres · redis · load generator · rest of machine | machine busy',
  )
  for (const r of rows) {
    console.log(
      `${r.store.padEnd(9)} ${r.scenario.padEnd(36)} ${String(r.rps).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.non2xx).padStart(7)}  ${r.perInstance.join(' + ').padStart(18)} | ${r.cpu.instances.map(f).join(' + ')} · ${f(r.cpu.postgres)} · ${f(r.cpu.redis)} · ${f(r.cpu.loadgen)} · ${f(r.cpu.other)} | ${Math.round(r.busy * 100)}%`,
    )
  }
  if (rss) {
    console.log(
      `\nRSS load (finalized blocks + large logs through the RPC proxy): gateway peak RSS ${mib(rss.peak)} ${rss.ok ? '≤' : '>'} budget ${mib(rss.budget)} = idle ${mib(rss.idle)} + caches ${mib(rss.budget - rss.idle - IN_FLIGHT_ALLOWANCE)} (RPC ${mib(RSS_CACHE_BYTES)}, NFT metadata and images) + in flight ${mib(IN_FLIGHT_ALLOWANCE)}; RPC cache at the end ${mib(rss.cacheBytes)} in ${rss.cacheEntries} answers; eth_getLogs answers of ${rss.logsPerAnswer} logs completed ${rss.logsAnswers} of ${rss.logsAsked} — ${rss.ok ? 'met' : 'MISSED'}`,
    )
  }
  const ratios = rows
    .filter((r) => r.store === 'redis2')
    .flatMap((two) => {
      const one = rows.find((r) => r.store === 'redis1' && r.scenario === two.scenario)
      if (!one) return []
      const gw = (r: Row) => r.cpu.instances.reduce((a, b) => a + b, 0)
      return [
        {
          scenario: two.scenario,
          ratio: Math.round((two.rps / one.rps) * 100) / 100,
          gatewayCpuPer1k: { one: gw(one), two: gw(two) },
        },
      ]
    })
  if (ratios.length > 0) {
    console.log(
      '\ntwo instances / one instance (PostgreSQL + Redis), req/s; gateway CPU s per 1,000 req (one → two)',
    )
    for (const r of ratios)
      console.log(
        `${r.scenario.padEnd(24)} ${r.ratio.toFixed(2)}×   ${f(r.gatewayCpuPer1k.one)} → ${f(r.gatewayCpuPer1k.two)}`,
      )
  }
  console.log(JSON.stringify({ gatewayBench: rows, twoInstanceRatio: ratios, rss }))
  if (rss && !rss.ok) {
    console.error(
      rss.logsAnswers < rss.logsAsked
        ? 'not every large-logs answer completed: the RSS figure does not cover them'
        : 'the gateway went over its RSS budget under load',
    )
    process.exitCode = 1
  }
}

await main()
