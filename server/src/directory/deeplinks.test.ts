import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { loadSeedWallets } from './directory.js'
import { isDeepLink, isHttpsLink } from './validate.js'

const wallet = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Wallet ${id}`,
  rdns: null,
  homepage: null,
  mobile_link: null,
  desktop_link: null,
  webapp_link: null,
  chains: ['eip155:1'],
  certified: false,
  color: '#123456',
  ...over,
})

describe('wallet deep-link rules', () => {
  it('native schemes [a-z][a-z0-9+.-]*:// pass, minus javascript/data/vbscript/file/blob; universal links https only', () => {
    for (const ok of [
      'metamask://',
      'okex://main',
      'argent://app/',
      'a+b.c-d://x',
      'https://link.wallet.example/wc',
    ])
      expect(isDeepLink(ok), ok).toBe(true)
    for (const bad of [
      'javascript://%0Aalert(1)',
      'JavaScript://%0Aalert(1)',
      ' javascript://x',
      'java\tscript://x',
      'data://text/html,<script>',
      'vbscript://x',
      'file:///etc/passwd',
      'blob://x',
      'http://wallet.example',
      'javascript:alert(1)',
      '1wallet://',
      'wallet:x',
      'wallet://\u0000',
    ])
      expect(isDeepLink(bad), JSON.stringify(bad)).toBe(false)
    expect(isHttpsLink('https://app.safe.global')).toBe(true)
    expect(isHttpsLink('http://app.safe.global')).toBe(false)
    expect(isHttpsLink('https://user:pw@app.example')).toBe(false)
  })

  it('the shipped seed passes the rules entirely', () => {
    const dropped: string[] = []
    const seed = loadSeedWallets(undefined, (id) => dropped.push(id))
    expect(dropped).toEqual([])
    expect(seed.length).toBeGreaterThan(20)
  })
})

describe('a wallet directory with bad entries (sqlite)', () => {
  let t: TestGateway
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-wallets-'))
    const file = join(dir, 'wallets.json')
    writeFileSync(
      file,
      JSON.stringify({
        wallets: [
          wallet('good', { mobile_link: 'good://', webapp_link: 'https://good.example' }),
          wallet('evil-js', { mobile_link: 'javascript://%0Aalert(1)' }),
          wallet('evil-data', { desktop_link: 'data://text/html;base64,PHNjcmlwdD4=' }),
          wallet('evil-web', { webapp_link: 'http://phish.example' }),
          wallet('evil-home', { homepage: 'javascript:alert(1)' }),
          wallet('universal', { mobile_link: 'https://link.universal.example/wc' }),
        ],
      }),
    )
    t = await startTestGateway('sqlite', { walletsFile: file })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('drops each bad entry with a warning log line and serves the rest', async () => {
    const r = await call(`${t.url}/v1/wallets?projectId=local`)
    expect(r.body.data.map((w: { id: string }) => w.id)).toEqual(['good', 'universal'])
    const warnings = t.logs.filter((l) => l.msg === 'wallet directory entry dropped').map((l) => l.wallet)
    expect(warnings).toEqual(['evil-js', 'evil-data', 'evil-web', 'evil-home'])
  })
})
