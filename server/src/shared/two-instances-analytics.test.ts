// Two gateway instances (the real bin, each in its own process) on one PostgreSQL
// and one Redis take an analytics burst spread over both; each is killed with
// SIGKILL mid-burst, one after the other. Every event either acknowledged (204)
// must be in the shared database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../storage/index.js'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { type ServerProcess, spawnServer } from '../test-helpers/process.js'
import { startRedis, type TestRedis } from '../test-helpers/redis.js'

/** Acknowledged events before the first kill, and in all before the second. */
const FIRST_KILL_AT = 300
const SECOND_KILL_AT = 600

let redis: TestRedis
let db: TestDatabase
let dir: string
const servers: ServerProcess[] = []

beforeAll(async () => {
  ;[redis, db] = await Promise.all([startRedis(), createTestDatabase('postgres')])
  dir = mkdtempSync(join(tmpdir(), 'portico-pair-analytics-'))
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      projects: [
        { id: 'burst', name: 'Burst', allowedOrigins: [], rateLimit: { max: 1_000_000, windowMs: 60_000 } },
      ],
    }),
  )
  const env = {
    PORTICO_CONFIG: join(dir, 'config.json'),
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    // Workspace packages from their TypeScript sources (no build needed), as under vitest.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`,
  }
  servers.push(...(await Promise.all([0, 1].map(() => spawnServer([], env, { startTimeoutMs: 120_000 })))))
}, 180_000)

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  await db?.drop()
  await redis?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('two gateway instances, each killed with SIGKILL during an analytics burst', () => {
  it('no acknowledged event is lost when either instance is killed mid-burst', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const alive = new Set([a, b])
    const acked: string[] = []
    const ackedBy = new Map<ServerProcess, number>([
      [a, 0],
      [b, 0],
    ])
    let sent = 0
    const kill = (s: ServerProcess) => {
      if (!alive.delete(s)) return
      s.child.kill('SIGKILL')
    }
    const worker = async (w: number) => {
      for (let i = 0; alive.size > 0; i++) {
        // The load balancer's spread: alternate between the instances still up.
        const targets = [...alive]
        const target = targets[(w + i) % targets.length]!
        const eventId = `w${w}-${i}`
        sent++
        try {
          const res = await fetch(`${target.url}/e?projectId=burst&st=t&sv=1`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              eventId,
              url: '',
              domain: '',
              timestamp: Date.now(),
              props: { event: 'BURST', i },
            }),
          })
          await res.arrayBuffer()
          if (res.status === 204) {
            acked.push(eventId)
            ackedBy.set(target, ackedBy.get(target)! + 1)
          }
        } catch {
          // That instance is gone; the next request goes to one still up.
        }
        if (acked.length >= FIRST_KILL_AT) kill(a)
        if (acked.length >= SECOND_KILL_AT) kill(b)
      }
    }
    const exits = [a, b].map((s) => new Promise((r) => s.child.once('exit', r)))
    await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)))
    await Promise.all(exits)
    expect(acked.length).toBeGreaterThanOrEqual(SECOND_KILL_AT)
    // Both instances took part before they died.
    expect(ackedBy.get(a)).toBeGreaterThan(50)
    expect(ackedBy.get(b)).toBeGreaterThan(50)

    const store = await openDatabase({ databaseUrl: db.url, dataDir: dir })
    try {
      const rows = await store.query<{ event_id: string }>(
        'SELECT event_id FROM analytics_events WHERE project_id = ?',
        ['burst'],
      )
      const stored = new Set(rows.map((r) => r.event_id))
      expect(acked.filter((id) => !stored.has(id))).toEqual([])
      // Requests in flight at a kill may or may not have landed; nothing else can appear.
      expect(stored.size).toBeLessThanOrEqual(sent)
    } finally {
      await store.close()
    }
  }, 120_000)
})
