import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionRevokeTypedData, sessionTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import type { SessionView } from './service.js'

const q = 'projectId=local&st=t&sv=1'

describe.each(ENGINES)('GET /v1/sessions lists an address’s active sessions (%s)', (kind) => {
  let t: TestGateway
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        { id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] },
        { id: 'second', name: 'Second', allowedOrigins: [] },
      ],
    })
  })
  afterAll(() => t.close())

  async function create(over: { chainId?: string; expiry?: number; project?: string; pci?: string } = {}) {
    const project = over.project ?? 'local'
    const fields = {
      pci: over.pci ?? `pci-${crypto.randomUUID()}`,
      chainId: over.chainId ?? 'eip155:31337',
      expiry: over.expiry ?? Date.now() + 3_600_000,
      address: owner.address,
      permissions: { spend: '1' },
      nonce: crypto.randomUUID(),
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project }))
    const r = await call(`${t.url}/v1/sessions?projectId=${project}`, { json: { ...fields, signature } })
    expect(r.status).toBe(201)
    return r.body as SessionView
  }

  const list = (params: string, project = 'local') =>
    call(`${t.url}/v1/sessions?projectId=${project}&st=t&sv=1&${params}`)

  it('answers only active sessions of that address in the calling project: not revoked, not expired, soonest expiry first', async () => {
    const later = await create({ expiry: Date.now() + 7_200_000 })
    const sooner = await create({ expiry: Date.now() + 3_600_000 })
    const revoked = await create()
    const shortLived = await create({ expiry: Date.now() + 1_500 })
    await create({ project: 'second' })

    const nonce = crypto.randomUUID()
    const deadline = Date.now() + 300_000
    const signature = await owner.signTypedData(sessionRevokeTypedData({ ...revoked, nonce, deadline }))
    const rv = await call(`${t.url}/v1/sessions/${revoked.id}/revoke?${q}`, {
      json: { pci: revoked.pci, signature, nonce, deadline },
    })
    expect(rv.status).toBe(200)

    // Wait until the short-lived session has expired.
    await new Promise((r) => setTimeout(r, Math.max(0, shortLived.expiry - Date.now() + 50)))
    // Any spelling of the address finds them (stored lower-case).
    const r = await list(`address=${owner.address.toUpperCase().replace('0X', '0x')}`)
    expect(r.status).toBe(200)
    expect(r.body.truncated).toBe(false)
    expect(r.body.sessions.map((s: SessionView) => s.id)).toEqual([sooner.id, later.id])
    expect(r.body.sessions[0]).toMatchObject({
      status: 'active',
      pci: sooner.pci,
      permissions: { spend: '1' },
    })

    // Another project sees only its own; a stranger's address has none.
    expect((await list(`address=${owner.address}`, 'second')).body.sessions).toHaveLength(1)
    expect((await list(`address=${stranger.address}`)).body).toEqual({ sessions: [], truncated: false })
  })

  it('chainId filters by chain; limit caps the answer and says it was cut', async () => {
    const onOne = await create({ chainId: 'eip155:1' })
    const r = await list(`address=${owner.address}&chainId=eip155:1`)
    expect(r.body.sessions.map((s: SessionView) => s.id)).toEqual([onOne.id])
    const capped = await list(`address=${owner.address}&limit=1`)
    expect(capped.body.sessions).toHaveLength(1)
    expect(capped.body.truncated).toBe(true)
  })

  it('bad address, chain or limit → 400; an unknown project → refused', async () => {
    for (const params of [
      '',
      'address=0x1234',
      `address=${owner.address}&chainId=not a chain`,
      `address=${owner.address}&limit=0`,
      `address=${owner.address}&limit=101`,
      `address=${owner.address}&limit=ten`,
    ])
      expect((await list(params)).status, params).toBe(400)
    expect((await list(`address=${owner.address}`, 'nope')).status).toBeGreaterThanOrEqual(400)
  })
})
