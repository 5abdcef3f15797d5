import { WalletDirectoryClient } from '@portico/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { loadSeedWallets } from './directory.js'

describe.each(ENGINES)('wallet directory and project endpoints (%s)', (kind) => {
  let t: TestGateway
  let client: WalletDirectoryClient
  const seed = loadSeedWallets()
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        {
          id: 'local',
          name: 'Local demo',
          allowedOrigins: ['http://localhost:*'],
          features: { analytics: true, swaps: false },
        },
        { id: 'quiet', name: 'Quiet', allowedOrigins: ['https://quiet.example'] },
      ],
    })
    client = new WalletDirectoryClient({ baseUrl: t.url, projectId: 'local' })
  })
  afterAll(() => t.close())

  it('lists the seed wallets 40 per page (SPEC §9) with count before paging', async () => {
    const r = await client.getWallets({ page: 1, entries: 40 })
    expect(r.count).toBe(seed.length)
    expect(r.data.map((w) => w.id)).toEqual(seed.map((w) => w.id).slice(0, 40))
    expect(r.data[0]).toEqual({
      id: 'metamask',
      name: 'MetaMask',
      image_id: 'metamask',
      image_url: `${t.url}/v1/images/wallet/metamask`,
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
      rdns: 'io.metamask',
      chains: ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161'],
    })
    const p2 = await client.getWallets({ page: 2, entries: 5 })
    expect(p2.count).toBe(seed.length)
    expect(p2.data.map((w) => w.id)).toEqual(seed.slice(5, 10).map((w) => w.id))
  })

  it('filters by include, exclude, chains, search and badge_type', async () => {
    const inc = await client.getWallets({ page: 1, entries: 40, include: ['rainbow', 'phantom'] })
    expect(inc.data.map((w) => w.id).sort()).toEqual(['phantom', 'rainbow'])
    const exc = await client.getWallets({ page: 1, entries: 40, exclude: ['metamask'] })
    expect(exc.count).toBe(seed.length - 1)
    const sol = await client.getWallets({
      page: 1,
      entries: 40,
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    })
    expect(sol.data.map((w) => w.id)).toContain('phantom')
    expect(sol.data.map((w) => w.id)).not.toContain('metamask')
    // Any EVM wallet can add the devnet chain.
    const dev = await client.getWallets({ page: 1, entries: 40, chains: ['eip155:31337'] })
    expect(dev.data.map((w) => w.id)).toEqual(expect.arrayContaining(['metamask', 'portico-dev-wallet']))
    expect(dev.data.map((w) => w.id)).not.toContain('keplr')
    const search = await client.getWallets({ page: 1, entries: 40, search: 'rain' })
    expect(search.data.map((w) => w.id)).toEqual(['rainbow'])
    const certified = await client.getWallets({ page: 1, entries: 40, badge_type: 'certified' })
    expect(certified.data.length).toBeGreaterThan(0)
    expect(certified.count).toBe(seed.filter((w) => w.certified).length)
  })

  it('rejects malformed list parameters with 400', async () => {
    const base = `${t.url}/v1/wallets?projectId=local`
    for (const bad of [
      'page=0',
      'page=x',
      'entries=101',
      'include=Bad%20Id',
      'chains=eip155',
      'badge_type=gold',
      `search=${'x'.repeat(101)}`,
    ]) {
      expect((await call(`${base}&${bad}`)).status, bad).toBe(400)
    }
  })

  it('project config, allowed origins and analytics config come from the project', async () => {
    expect(await client.getProjectConfig()).toEqual({
      id: 'local',
      name: 'Local demo',
      features: { analytics: true, swaps: false },
    })
    expect(await client.getAllowedOrigins()).toEqual({ allowedOrigins: ['http://localhost:*'] })
    expect(await client.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    const quiet = new WalletDirectoryClient({ baseUrl: t.url, projectId: 'quiet' })
    expect(await quiet.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })

  it('serves every image kind locally as SVG; unknown wallets → 404', async () => {
    const res = await fetch(client.getImageUrl('wallet', 'metamask'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    const svg = await res.text()
    expect(svg).toMatch(/^<svg /)
    expect(svg).toContain('<title>MetaMask</title>')
    for (const kind of ['network', 'connector', 'token', 'currency'] as const) {
      expect((await fetch(client.getImageUrl(kind, 'eip155-1'))).status, kind).toBe(200)
    }
    expect((await fetch(client.getImageUrl('wallet', 'nope'))).status).toBe(404)
    expect((await fetch(`${t.url}/v1/images/sticker/x`)).status).toBe(400)
    expect((await fetch(`${t.url}/v1/images/token/%3Cscript%3E`)).status).toBe(400)
  })
})
