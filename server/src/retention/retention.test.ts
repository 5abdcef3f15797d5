import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { registrationTypedData } from '../signatures/index.js'
import type { Statement } from '../storage/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { PRUNE_CHUNK } from './index.js'

const DAY = 86_400_000
const GRACE = 60_000

const event = (id: string, receivedAt: number): Statement => ({
  sql: `INSERT INTO analytics_events (project_id, event_id, event, url, domain, ts, received_at, props)
        VALUES ('local', ?, 'X', '', '', ?, ?, '{}')`,
  params: [id, receivedAt, receivedAt],
})
const signature = (digest: string, expiresAt: number | null): Statement => ({
  sql: 'INSERT INTO used_signatures (digest, used_at, expires_at) VALUES (?, ?, ?)',
  params: [digest, Date.now(), expiresAt],
})
const ids = async (t: TestGateway, sql: string) =>
  (await t.gateway.db.query<{ id: string }>(sql)).map((r) => r.id).sort()

describe.each(ENGINES)('retention of analytics events and used signatures (%s)', (kind) => {
  it('on its schedule, deletes events older than analyticsDays and signatures past expiry + grace; keeps the rest', async () => {
    const t = await startTestGateway(
      kind,
      { retention: { analyticsDays: 30, usedSignaturesGraceMs: GRACE, intervalMs: 100 } },
      { indexer: false },
    )
    try {
      const now = Date.now()
      await t.gateway.db.batch([
        event('old', now - 31 * DAY),
        event('older', now - 400 * DAY),
        event('recent', now - 29 * DAY),
        signature('expired', now - GRACE - 60_000),
        signature('in-grace', now - 10_000),
        signature('valid', now + DAY),
        // Stored before expiries were recorded: its message might still be acceptable.
        signature('unknown', null),
      ])
      await expect
        .poll(() => ids(t, 'SELECT event_id AS id FROM analytics_events'), { timeout: 5_000, interval: 50 })
        .toEqual(['recent'])
      await expect
        .poll(() => ids(t, 'SELECT digest AS id FROM used_signatures'), { timeout: 5_000, interval: 50 })
        .toEqual(['in-grace', 'unknown', 'valid'])
    } finally {
      await t.close()
    }
  })

  it('a backlog larger than one chunk is deleted completely, in chunks; analyticsDays 0 keeps events forever', async () => {
    const t = await startTestGateway(
      kind,
      { retention: { analyticsDays: 7, usedSignaturesGraceMs: 0, intervalMs: 0 } },
      { indexer: false },
    )
    try {
      const now = Date.now()
      const rows = Array.from({ length: PRUNE_CHUNK + 7 }, (_, i) => event(`e${i}`, now - 8 * DAY - i))
      await t.gateway.db.batch([...rows, event('fresh', now)])
      expect(await t.gateway.retention.prune(now)).toEqual({
        analyticsEvents: PRUNE_CHUNK + 7,
        usedSignatures: 0,
      })
      expect(await ids(t, 'SELECT event_id AS id FROM analytics_events')).toEqual(['fresh'])
    } finally {
      await t.close()
    }
    const keep = await startTestGateway(
      kind,
      { retention: { analyticsDays: 0, usedSignaturesGraceMs: 0, intervalMs: 0 } },
      { indexer: false },
    )
    try {
      await keep.gateway.db.batch([event('ancient', Date.now() - 3650 * DAY)])
      expect((await keep.gateway.retention.prune()).analyticsEvents).toBe(0)
      expect(await ids(keep, 'SELECT event_id AS id FROM analytics_events')).toEqual(['ancient'])
    } finally {
      await keep.close()
    }
  })

  it('a name registration keeps its replay guard until the message is stale (timestamp + maxMessageAgeMs), then it may go', async () => {
    const maxMessageAgeMs = 60_000
    const t = await startTestGateway(
      kind,
      { names: { maxMessageAgeMs }, retention: { usedSignaturesGraceMs: GRACE, intervalMs: 0 } },
      { indexer: false },
    )
    try {
      const owner = privateKeyToAccount(generatePrivateKey())
      const fields = {
        name: 'keeper.portico.id',
        address: owner.address,
        coin_type: 60,
        timestamp: Date.now(),
      }
      const json = {
        coin_type: 60,
        address: owner.address,
        message: JSON.stringify(fields),
        signature: await owner.signTypedData(registrationTypedData(fields)),
      }
      expect((await call(`${t.url}/v1/profile/account?projectId=local`, { json })).status).toBe(200)
      const [row] = await t.gateway.db.query<{ expires_at: number | string }>(
        'SELECT expires_at FROM used_signatures',
      )
      expect(Number(row!.expires_at)).toBe(fields.timestamp + maxMessageAgeMs)
      // While the message could still be accepted, the guard stays and a replay is refused.
      expect(
        (await t.gateway.retention.prune(fields.timestamp + maxMessageAgeMs + GRACE)).usedSignatures,
      ).toBe(0)
      const replay = await call(`${t.url}/v1/profile/account?projectId=local`, { json })
      expect(replay.status).toBe(409)
      expect(
        (await t.gateway.retention.prune(fields.timestamp + maxMessageAgeMs + GRACE + 1)).usedSignatures,
      ).toBe(1)
    } finally {
      await t.close()
    }
  })
})
