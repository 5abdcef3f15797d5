import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPgPlaceholders } from '../storage/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { historySql } from './history.js'

const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const H = `0x${'ab'.repeat(32)}`
/** Every statement shape a history page runs, with sample parameters. */
const QUERIES: [string, string, (string | number)[]][] = [
  ['account page', historySql.accountPage({ chain: false, after: false }), [A, 21]],
  ['account page on one chain', historySql.accountPage({ chain: true, after: false }), [A, 'eip155:1', 21]],
  ['next page on one chain', historySql.accountPage({ chain: true, after: true }), [A, 'eip155:1', '1', 21]],
  ['next page', historySql.accountPage({ chain: false, after: true }), [A, '1', 21]],
  ['transactions by hash', historySql.txs(2), [H, H]],
  ['transfers by hash', historySql.transfers(2), [H, H]],
  ['NFT movements by hash', historySql.nftTransfers(2), [H, H]],
]

describe.each(ENGINES)('history queries use indexes, never a whole-table scan (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind)
  })
  afterAll(() => t?.close())

  it.each(QUERIES)('%s', async (_name, sql, params) => {
    if (kind === 'sqlite') {
      const plan = await t.gateway.db.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)
      const details = plan.map((p) => p.detail)
      expect(details.length).toBeGreaterThan(0)
      // SQLite says SCAN for a full table walk and SEARCH … USING INDEX for an index lookup.
      expect(
        details.filter((d) => /^SCAN /.test(d)),
        details.join('\n'),
      ).toEqual([])
    } else {
      // Tables here are tiny, so PostgreSQL would choose a sequential scan anyway: forbid it, then see
      // whether a plan without one exists (with no usable index it still scans, at a huge cost).
      const client = new pg.Client({ connectionString: t.db.url })
      await client.connect()
      try {
        await client.query('SET enable_seqscan = off')
        const r = await client.query(`EXPLAIN (FORMAT JSON) ${toPgPlaceholders(sql)}`, params)
        const nodes: string[] = []
        const walk = (node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }) => {
          nodes.push(`${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`)
          for (const child of node.Plans ?? []) walk(child as typeof node)
        }
        walk(r.rows[0]['QUERY PLAN'][0].Plan)
        expect(
          nodes.filter((n) => n.startsWith('Seq Scan')),
          nodes.join('\n'),
        ).toEqual([])
      } finally {
        await client.end()
      }
    }
  })
})
