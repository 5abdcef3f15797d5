import { HttpBlockchainApi } from '@portico/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionRevokeTypedData, sessionTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import type { SessionView } from './service.js'

const q = 'projectId=local&st=t&sv=1'

describe.each(ENGINES)('smart sessions (%s)', (kind) => {
  let t: TestGateway
  let api: HttpBlockchainApi
  const owner = privateKeyToAccount(generatePrivateKey())
  const other = privateKeyToAccount(generatePrivateKey())
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        { id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] },
        { id: 'second', name: 'Second', allowedOrigins: [] },
      ],
    })
    api = new HttpBlockchainApi({ baseUrl: t.url, projectId: 'local' })
  })
  afterAll(() => t.close())

  async function create(pci = `0x${'ab'.repeat(16)}`) {
    const fields = {
      pci,
      chainId: 'eip155:31337',
      expiry: Date.now() + 3_600_000,
      address: owner.address,
      permissions: { spend: '1' },
      nonce: crypto.randomUUID(),
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project: 'local' }))
    const r = await call(`${t.url}/v1/sessions?${q}`, { json: { ...fields, signature } })
    expect(r.status).toBe(201)
    return r.body as SessionView
  }

  /** A revocation signed by `signer` over the session's typed data (fresh nonce, 5-minute deadline). */
  async function revocation(s: SessionView, signer = owner, over: Partial<SessionView> = {}) {
    const nonce = crypto.randomUUID()
    const deadline = Date.now() + 300_000
    const signature = await signer.signTypedData(sessionRevokeTypedData({ ...s, ...over, nonce, deadline }))
    return { pci: s.pci, signature, nonce, deadline }
  }

  it('GET /v1/sessions/{id} reads a created session (core getSession)', async () => {
    const s = await create()
    expect(await api.getSession(s.id)).toMatchObject({
      id: s.id,
      address: owner.address.toLowerCase(),
      pci: s.pci,
      status: 'active',
      permissions: { spend: '1' },
    })
    // Another project cannot see it.
    expect((await call(`${t.url}/v1/sessions/${s.id}?projectId=second`)).status).toBe(404)
  })

  it('revoke needs the owner’s EIP-712 signature over the session; forged ones fail and change nothing', async () => {
    const s = await create()
    const forged = await revocation(s, other)
    expect(await api.revokeSession(s.id, forged)).toEqual({ success: false })
    const r = await call(`${t.url}/v1/sessions/${s.id}/revoke?${q}`, { json: forged })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
    expect((await call(`${t.url}/v1/sessions/${s.id}?${q}`)).body.status).toBe('active')

    expect(await api.revokeSession(s.id, await revocation(s))).toEqual({ success: true })
    const after = await call(`${t.url}/v1/sessions/${s.id}?${q}`)
    expect(after.body.status).toBe('revoked')
    expect(typeof after.body.revokedAt).toBe('number')
  })

  it('bad ids, pci and signatures → 4xx', async () => {
    expect((await call(`${t.url}/v1/sessions/not-a-uuid?${q}`)).status).toBe(400)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await call(`${t.url}/v1/sessions/${missing}?${q}`)).status).toBe(404)
    const s = await create()
    const otherPci = { ...(await revocation(s, owner, { pci: 'other' })), pci: 'other' }
    expect((await call(`${t.url}/v1/sessions/${s.id}/revoke?${q}`, { json: otherPci })).body.code).toBe(
      'pci_mismatch',
    )
    const good = await revocation(s)
    for (const json of [
      { ...good, signature: 5 },
      { ...good, nonce: undefined },
      { ...good, deadline: 'soon' },
      { ...good, extra: 1 },
    ])
      expect((await call(`${t.url}/v1/sessions/${s.id}/revoke?${q}`, { json })).status).toBe(400)
    const badCreate = await call(`${t.url}/v1/sessions?${q}`, {
      json: {
        address: owner.address,
        pci: 'x',
        chainId: 'eip155:1',
        expiry: Date.now() + 1000,
        nonce: 'n-0123456789',
        signature: `0x${'1'.repeat(128)}1b`,
      },
    })
    expect(badCreate.status).toBe(401)
  })
})
