// Smart-session revocation: the EIP-712 SessionRevoke signature covers everything the session
// authorised, each signed revocation is accepted once, and it expires.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionRevokeTypedData, sessionTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { MAX_REVOKE_WINDOW_MS, MAX_SESSION_LIFETIME_MS, type SessionView } from './service.js'

const q = 'projectId=local&st=t&sv=1'

describe.each(ENGINES)('smart-session revocation signature (%s)', (kind) => {
  let t: TestGateway
  const owner = privateKeyToAccount(generatePrivateKey())
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        { id: 'local', name: 'Local', allowedOrigins: [] },
        { id: 'second', name: 'Second', allowedOrigins: [] },
      ],
    })
  })
  afterAll(() => t?.close())

  async function create(over: Record<string, unknown> = {}) {
    const fields = {
      pci: `pci-${crypto.randomUUID()}`,
      chainId: 'eip155:31337',
      expiry: Date.now() + 3_600_000,
      address: owner.address,
      permissions: { spend: { token: 'USDC', limit: '10' } },
      nonce: crypto.randomUUID(),
      ...over,
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project: 'local' }))
    return call(`${t.url}/v1/sessions?${q}`, { json: { ...fields, signature } })
  }
  const session = async () => {
    const r = await create()
    expect(r.status).toBe(201)
    return r.body as SessionView
  }
  /** Signs a revocation of `s`, with `signed` replacing fields of what is signed (not of what is sent). */
  async function revocation(
    s: SessionView,
    signed: Partial<SessionView & { nonce: string; deadline: number }> = {},
  ) {
    const body = { pci: s.pci, nonce: crypto.randomUUID(), deadline: Date.now() + 300_000 }
    const signature = await owner.signTypedData(sessionRevokeTypedData({ ...s, ...body, ...signed }))
    return { ...body, signature }
  }
  const revoke = (id: string, json: unknown) => call(`${t.url}/v1/sessions/${id}/revoke?${q}`, { json })
  const status = async (id: string) => (await call(`${t.url}/v1/sessions/${id}?${q}`)).body.status

  it('a replayed revocation (same signed request) → 409 replayed_signature', async () => {
    const s = await session()
    const body = await revocation(s)
    expect((await revoke(s.id, body)).status).toBe(200)
    expect(await status(s.id)).toBe('revoked')
    const replay = await revoke(s.id, body)
    expect([replay.status, replay.body.code]).toEqual([409, 'replayed_signature'])
  })

  it('every field is covered: a signature over a changed project, session, chain, permissions, expiry, owner or nonce → 401, still active', async () => {
    const s = await session()
    const stranger = privateKeyToAccount(generatePrivateKey())
    for (const changed of [
      { projectId: 'second' },
      { id: '00000000-0000-4000-8000-000000000000' },
      { chainId: 'eip155:1' as const },
      { permissions: { spend: { token: 'USDC', limit: '1000000' } } },
      { expiry: s.expiry + 1 },
      { address: stranger.address },
      { nonce: 'another-nonce' },
      { deadline: Date.now() + 200_000 },
    ]) {
      const r = await revoke(s.id, await revocation(s, changed))
      expect([Object.keys(changed)[0], r.status, r.body.code]).toEqual([
        Object.keys(changed)[0],
        401,
        'invalid_signature',
      ])
    }
    expect(await status(s.id)).toBe('active')
  })

  it('bound to the deployment: a revocation signed for another gateway identity is refused; the session answer names this one', async () => {
    const s = await session()
    expect(s.gateway).toMatch(/^0x[0-9a-f]{64}$/)
    const elsewhere = await revoke(s.id, await revocation(s, { gateway: `0x${'11'.repeat(32)}` }))
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'invalid_signature'])
    expect(await status(s.id)).toBe('active')
    // The signed domain names the deployment and the session's chain (EIP-712 salt and chainId).
    expect(sessionRevokeTypedData({ ...s, nonce: 'n', deadline: 1 }).domain).toEqual({
      name: 'Portico Sessions',
      version: '2',
      chainId: 31337,
      salt: s.gateway,
    })
  })

  it('one identity per deployment: a second instance on the same database answers the same one, another database another', async () => {
    const s = await session()
    const sibling = await startTestGateway(
      kind,
      { projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }] },
      { database: t.db },
    )
    const stranger = await startTestGateway(kind, {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: [] }],
    })
    try {
      expect((await call(`${sibling.url}/v1/sessions/${s.id}?${q}`)).body.gateway).toBe(s.gateway)
      const signer = privateKeyToAccount(generatePrivateKey())
      const fields = {
        pci: 'pci-stranger',
        chainId: 'eip155:31337',
        expiry: Date.now() + 3_600_000,
        address: signer.address,
        nonce: crypto.randomUUID(),
      }
      const sig = await signer.signTypedData(sessionTypedData({ ...fields, project: 'local' }))
      const other = await call(`${stranger.url}/v1/sessions?${q}`, { json: { ...fields, signature: sig } })
      expect(other.status).toBe(201)
      expect(other.body.gateway).toMatch(/^0x[0-9a-f]{64}$/)
      expect(other.body.gateway).not.toBe(s.gateway)
    } finally {
      await sibling.close({ keepDatabase: true })
      await stranger.close()
    }
  })

  it('wrong chain: a revocation signed for the same pci on another chain is refused', async () => {
    const s = await session()
    const r = await revoke(s.id, await revocation(s, { chainId: 'eip155:31338' }))
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
    expect(await status(s.id)).toBe('active')
  })

  it(`expired: a revocation past its deadline → 401 request_expired; more than ${MAX_REVOKE_WINDOW_MS} ms ahead → 400`, async () => {
    const s = await session()
    const past = Date.now() - 1
    const late = await revocation(s, { deadline: past })
    const r = await revoke(s.id, { ...late, deadline: past })
    expect([r.status, r.body.code]).toEqual([401, 'request_expired'])
    const far = Date.now() + MAX_REVOKE_WINDOW_MS + 60_000
    const early = await revocation(s, { deadline: far })
    const f = await revoke(s.id, { ...early, deadline: far })
    expect([f.status, f.body.code]).toEqual([400, 'deadline_too_far'])
    expect(await status(s.id)).toBe('active')
  })

  it('another project cannot revoke the session (404), even with the owner’s signature', async () => {
    const s = await session()
    const r = await call(`${t.url}/v1/sessions/${s.id}/revoke?projectId=second`, {
      json: await revocation(s, { projectId: 'second' }),
    })
    expect(r.status).toBe(404)
    expect(await status(s.id)).toBe('active')
  })

  it(`sessions last at most ${MAX_SESSION_LIFETIME_MS} ms (30 days): a longer expiry → 400 expiry_too_far`, async () => {
    const r = await create({ expiry: Date.now() + MAX_SESSION_LIFETIME_MS + 60_000 })
    expect([r.status, r.body.code]).toEqual([400, 'expiry_too_far'])
    expect((await create({ expiry: Date.now() + MAX_SESSION_LIFETIME_MS - 60_000 })).status).toBe(201)
  })
})
