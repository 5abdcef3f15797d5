import { type Connector, MAX_WALLET_NAME_LENGTH } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { createDevWallet, createWindowStub, DEV_WALLET_ICON } from '../dev-wallet/index.js'
import { anvil31337 } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { ANNOUNCE_EVENT, REQUEST_EVENT } from './discovery.js'
import { sanitizeAnnouncement } from './metadata.js'

// Discovery never touches an RPC: the wallets' network URL is never dialled here.
const networks = [anvil31337]
const wallet = (info: { name: string; rdns: string; icon?: string }) => createDevWallet({ networks, info })
const summary = (list: readonly Connector[]) => list.map((c) => [c.id, c.type, c.name])

function announceRaw(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail }))
}

describe('EIP-6963 discovery', () => {
  it('finds two announced wallets, dedupes by rdns, and updates the list live', () => {
    const win = createWindowStub()
    const dev = createDevWallet({ networks })
    const other = wallet({ name: 'Other Wallet', rdns: 'com.example.other' })
    dev.announce(win) // announced before the adapter listens: found through the request event
    const { ctx, connectorUpdates } = createTestContext({ isBrowser: true })
    const adapter = evmAdapter({ networks, window: win })
    adapter.setup(ctx)
    expect(summary(adapter.getConnectors())).toEqual([
      ['dev.portico.wallet', 'ANNOUNCED', 'Portico Dev Wallet'],
    ])
    expect(adapter.getConnectors()[0]).toMatchObject({
      imageUrl: DEV_WALLET_ICON,
      info: { rdns: 'dev.portico.wallet' },
    })

    other.announce(win) // a later announcement: the list grows live through ctx.setConnectors
    expect(summary(connectorUpdates.at(-1)!)).toEqual([
      ['dev.portico.wallet', 'ANNOUNCED', 'Portico Dev Wallet'],
      ['com.example.other', 'ANNOUNCED', 'Other Wallet'],
    ])

    // Same rdns again (a re-announce, then an imposter with the same rdns): still two entries,
    // and the first provider keeps the id (issue 22: a page script cannot take a wallet over).
    win.dispatchEvent(new Event(REQUEST_EVENT))
    wallet({ name: 'Other Wallet v2', rdns: 'com.example.other' }).announce(win)
    expect(summary(adapter.getConnectors())).toEqual([
      ['dev.portico.wallet', 'ANNOUNCED', 'Portico Dev Wallet'],
      ['com.example.other', 'ANNOUNCED', 'Other Wallet'],
    ])
    expect(adapter.getConnectors()[1]?.provider).toBe(other.provider)
    expect(adapter.getConnectors()[1]?.conflict).toMatch(/Another provider announced com\.example\.other/)
    adapter.destroy?.()
    wallet({ name: 'Late', rdns: 'com.example.late' }).announce(win)
    expect(adapter.getConnectors()).toHaveLength(2)
  })

  it("a later wallet announcing a connected wallet's rdns never swaps its provider: the conflict is logged and flagged (issue 22)", async () => {
    const win = createWindowStub()
    const real = wallet({ name: 'Real Wallet', rdns: 'com.example.real' })
    const { ctx, warnings } = createTestContext({ isBrowser: true })
    const adapter = evmAdapter({ networks, window: win })
    adapter.setup(ctx)
    real.announce(win)
    await adapter.connect({ connectorId: 'com.example.real' })
    const imposter = wallet({ name: 'Real Wallet', rdns: 'com.example.real' })
    imposter.announce(win)
    const [connector] = adapter.getConnectors()
    expect(connector?.provider).toBe(real.provider)
    expect(connector?.conflict).toBeDefined()
    expect(warnings.map((w) => w.message)).toContain(
      'Portico: ignored a second wallet announcing com.example.real (kept the first one)',
    )
    // Requests of the connection still reach the first wallet.
    const { accounts } = await adapter.getAccounts({ connectorId: 'com.example.real' })
    const [realAddress] = (await real.provider.request({ method: 'eth_accounts' })) as string[]
    expect(realAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(accounts[0]?.address).toBe(realAddress)
    adapter.destroy?.()
  })

  it('offers window.ethereum only when no announced wallet is that same provider', () => {
    const dev = createDevWallet({ networks })
    const legacyOnly = createDevWallet({ networks })
    const win1 = createWindowStub({ ethereum: dev.provider })
    dev.announce(win1)
    const a1 = evmAdapter({ networks, window: win1 })
    a1.setup(createTestContext({ isBrowser: true }).ctx)
    expect(summary(a1.getConnectors())).toEqual([['dev.portico.wallet', 'ANNOUNCED', 'Portico Dev Wallet']])

    const win2 = createWindowStub({ ethereum: legacyOnly.provider })
    dev.announce(win2)
    const a2 = evmAdapter({ networks, window: win2 })
    a2.setup(createTestContext({ isBrowser: true }).ctx)
    expect(summary(a2.getConnectors())).toEqual([
      ['dev.portico.wallet', 'ANNOUNCED', 'Portico Dev Wallet'],
      ['injected', 'INJECTED', 'Browser Wallet'],
    ])
    expect(a2.getConnectors()[1]!.provider).toBe(legacyOnly.provider)
  })

  it('integrator-configured connectors come first and win over a discovered one with the same id', () => {
    const win = createWindowStub()
    const dev = createDevWallet({ networks })
    dev.announce(win)
    const mine = createDevWallet({ networks })
    const adapter = evmAdapter({
      networks,
      window: win,
      connectors: [{ id: 'dev.portico.wallet', name: 'My configured wallet', provider: mine.provider }],
    })
    adapter.setup(createTestContext({ isBrowser: true }).ctx)
    expect(summary(adapter.getConnectors())).toEqual([
      ['dev.portico.wallet', 'EXTERNAL', 'My configured wallet'],
    ])
    expect(adapter.getConnectors()[0]!.provider).toBe(mine.provider)
  })

  it('does not discover on the global window outside a browser (ctx.isBrowser false), nor listen at all', () => {
    const win = createWindowStub()
    let requests = 0
    win.addEventListener(REQUEST_EVENT, () => requests++)
    createDevWallet({ networks }).announce(win)
    const g = globalThis as { window?: unknown }
    const before = g.window
    g.window = win
    try {
      const adapter = evmAdapter({ networks })
      adapter.setup(createTestContext({ isBrowser: false }).ctx)
      expect(adapter.getConnectors()).toEqual([])
      expect(requests).toBe(0)
    } finally {
      g.window = before
    }
  })

  it('an explicit window harness is discovered on anywhere (the conformance kit runs in node)', () => {
    const win = createWindowStub()
    createDevWallet({ networks }).announce(win)
    const adapter = evmAdapter({ networks, window: win })
    adapter.setup(createTestContext({ isBrowser: false }).ctx)
    expect(adapter.getConnectors().map((c) => c.id)).toEqual(['dev.portico.wallet'])
  })
})

describe('untrusted wallet metadata', () => {
  const provider = { request: async () => null }
  const info = {
    uuid: '350670db-19fa-4704-a166-e52e178b59d2',
    name: 'Good',
    icon: DEV_WALLET_ICON,
    rdns: 'com.good',
  }

  it('names are plain, length-limited text; bad rdns, uuid or provider drop the announcement', () => {
    const long = sanitizeAnnouncement({
      info: { ...info, name: `<img src=x onerror=alert(1)>${'W'.repeat(500)}` },
      provider,
    })
    expect(long?.info.name).toHaveLength(MAX_WALLET_NAME_LENGTH)
    expect(long?.info.name.startsWith('<img src=x')).toBe(true) // kept as text: rendered as text, never as HTML
    expect(
      sanitizeAnnouncement({ info: { ...info, name: 'Bi\u202edi\u0000 wallet' }, provider })?.info.name,
    ).toBe('Bidi wallet')
    expect(sanitizeAnnouncement({ info: { ...info, rdns: 'not a domain' }, provider })).toBeUndefined()
    expect(sanitizeAnnouncement({ info: { ...info, name: '   ' }, provider })).toBeUndefined()
    expect(sanitizeAnnouncement({ info: { ...info, uuid: 7 }, provider })).toBeUndefined()
    expect(sanitizeAnnouncement({ info, provider: { request: 'nope' } })).toBeUndefined()
    expect(sanitizeAnnouncement(null)).toBeUndefined()
    expect(sanitizeAnnouncement('x')).toBeUndefined()
  })

  it('hostile announcements on the wire are dropped or cleaned, and never crash discovery', () => {
    const win = createWindowStub()
    const { ctx } = createTestContext({ isBrowser: true })
    const adapter = evmAdapter({ networks, window: win })
    adapter.setup(ctx)
    announceRaw(win, undefined)
    announceRaw(win, { info: null, provider })
    announceRaw(win, { info: { ...info, rdns: '<script>' }, provider })
    announceRaw(win, {
      info: { ...info, icon: 'data:image/svg+xml,<svg><script>x</script></svg>' },
      provider,
    })
    win.dispatchEvent(new Event(ANNOUNCE_EVENT)) // not even a CustomEvent
    expect(adapter.getConnectors()).toEqual([
      {
        id: 'com.good',
        type: 'ANNOUNCED',
        name: 'Good',
        chain: 'eip155',
        provider,
        info: { rdns: 'com.good' },
        installed: true,
      },
    ])
  })
})
