// `pnpm --filter @portico/server run bench`: loopback throughput of the
// gateway with autocannon, on the embedded store and on PostgreSQL:
// cached balance GETs, cached identity GETs and POST /e ingestion.
// The gateway runs in its own process (the real bin); autocannon here.
// `redis1` / `redis2`: one and two instances on the same PostgreSQL and one
// Redis (autocannon spreads its connections over both), in the same run; the
// two-instance / one-instance ratio is printed per scenario.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startEvmDevnet } from '@portico/devnet'
import autocannon from 'autocannon'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationTypedData } from '../src/signatures/typed-data.js'
import { startPostgresCluster } from '../src/test-helpers/postgres-cluster.js'
import { startRedis } from '../src/test-helpers/redis.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const BIN = fileURLToPath(new URL('../bin/portico-server.mjs', import.meta.url))

type Store = 'sqlite' | 'postgres' | 'redis1' | 'redis2'

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
}

async function run(title: string, opts: autocannon.Options): Promise<autocannon.Result> {
  // A short warm-up first, so JIT and connection set-up are not measured.
  await autocannon({ connections: CONNECTIONS, duration: 2, ...opts })
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts, title })
  return result
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? 'sqlite,postgres,redis1,redis2').split(',') as Store[]
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
  try {
    const holder = devnet.fixtures.accounts[1]!
    for (const store of stores) {
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
        for (const [scenario, opts] of scenarios) {
          const r = await run(`${store} ${scenario}`, opts)
          rows.push({
            store,
            scenario,
            rps: Math.round(r.requests.average),
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx + r.errors,
          })
        }
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
  console.log(`\n@portico/server on loopback, ${CONNECTIONS} connections, ${DURATION} s each`)
  console.log('store     scenario                 req/s    p50 ms  p99 ms  non-2xx')
  for (const r of rows) {
    console.log(
      `${r.store.padEnd(9)} ${r.scenario.padEnd(24)} ${String(r.rps).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${r.non2xx}`,
    )
  }
  const ratios = rows
    .filter((r) => r.store === 'redis2')
    .flatMap((two) => {
      const one = rows.find((r) => r.store === 'redis1' && r.scenario === two.scenario)
      return one ? [{ scenario: two.scenario, ratio: Math.round((two.rps / one.rps) * 100) / 100 }] : []
    })
  if (ratios.length > 0) {
    console.log('\ntwo instances / one instance (PostgreSQL + Redis), req/s')
    for (const r of ratios) console.log(`${r.scenario.padEnd(24)} ${r.ratio.toFixed(2)}×`)
  }
  console.log(JSON.stringify({ gatewayBench: rows, twoInstanceRatio: ratios }))
}

await main()
