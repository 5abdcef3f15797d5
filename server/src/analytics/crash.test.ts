import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../storage/index.js'
import { createTestDatabase, ENGINES } from '../test-helpers/databases.js'
import { spawnServer } from '../test-helpers/process.js'

const dir = mkdtempSync(join(tmpdir(), 'portico-crash-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(ENGINES)('kill -9 during an analytics burst (%s)', (kind) => {
  it('every acknowledged event is in the database after the crash', async () => {
    const tdb = await createTestDatabase(kind)
    const configFile = join(dir, `${kind}.json`)
    writeFileSync(
      configFile,
      JSON.stringify({
        databaseUrl: tdb.url,
        projects: [
          { id: 'burst', name: 'Burst', allowedOrigins: [], rateLimit: { max: 1_000_000, windowMs: 60_000 } },
        ],
      }),
    )
    const server = await spawnServer(['--config', configFile])
    const acked: string[] = []
    let sent = 0
    let killed = false
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const eventId = `w${w}-${i}`
        sent++
        try {
          const res = await fetch(`${server.url}/e?projectId=burst&st=t&sv=1`, {
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
          if (res.status === 204) acked.push(eventId)
          await res.arrayBuffer()
        } catch {
          return // the server is gone
        }
        if (acked.length >= 400 && !killed) {
          killed = true
          server.child.kill('SIGKILL')
        }
      }
    }
    const exited = new Promise((r) => server.child.once('exit', r))
    await Promise.all(Array.from({ length: 24 }, (_, w) => worker(w)))
    await exited
    expect(acked.length).toBeGreaterThanOrEqual(400)

    const db = await openDatabase({ databaseUrl: tdb.url, dataDir: dir })
    try {
      const rows = await db.query<{ event_id: string }>(
        'SELECT event_id FROM analytics_events WHERE project_id = ?',
        ['burst'],
      )
      const stored = new Set(rows.map((r) => r.event_id))
      const lost = acked.filter((id) => !stored.has(id))
      expect(lost).toEqual([])
      // Requests in flight at the kill may or may not have landed; nothing else can appear.
      expect(stored.size).toBeLessThanOrEqual(sent)
    } finally {
      await db.close()
      await tdb.drop()
    }
  }, 120_000)
})
