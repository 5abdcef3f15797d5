import { parseSignature, serializeSignature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionTypedData } from '../signatures/index.js'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

describe.each(ENGINES)('session creation signature and limits (%s)', (kind) => {
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

  const sessions = async () =>
    Number((await t.gateway.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))[0]!.n)

  const body = async (over: Record<string, unknown> = {}, project = 'local') => {
    const fields = {
      address: owner.address,
      pci: 'pci-1',
      chainId: 'eip155:1',
      expiry: Date.now() + 60_000,
      permissions: { spend: { token: 'USDC', limit: '10' } },
      nonce: crypto.randomUUID(),
      ...over,
    }
    const signature = await owner.signTypedData(sessionTypedData({ ...fields, project } as never))
    return { ...fields, signature }
  }
  const post = (json: unknown, project = 'local') =>
    call(`${t.url}/v1/sessions?projectId=${project}`, { json })

  it('the signature covers the permissions: changed permissions → 401, nothing stored', async () => {
    const before = await sessions()
    const b = await body()
    const r = await post({ ...b, permissions: { spend: { token: 'USDC', limit: '1000000' } } })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
    expect(await sessions()).toBe(before)
  })

  it('the signature covers the project: a body signed for one project is refused by another', async () => {
    const b = await body({}, 'second')
    expect((await post(b, 'local')).status).toBe(401)
    expect((await post(b, 'second')).status).toBe(201)
  })

  it('a nonce makes each signed request single-use: a replay (in any signature encoding) → 409', async () => {
    const b = await body()
    expect((await post(b)).status).toBe(201)
    const again = await post(b)
    expect([again.status, again.body.code]).toEqual([409, 'replayed_signature'])
    const { r, s, yParity } = parseSignature(b.signature as `0x${string}`)
    const v01 = `${serializeSignature({ r, s, yParity: yParity! }).slice(0, 130)}0${yParity}`
    expect((await post({ ...b, signature: v01 })).body.code).toBe('replayed_signature')
    const high = serializeSignature({
      r,
      s: `0x${(N - BigInt(s)).toString(16).padStart(64, '0')}`,
      yParity: yParity === 0 ? 1 : 0,
    })
    expect((await post({ ...b, signature: high })).body.code).toBe('non_canonical_signature')
    expect((await post({ ...b, nonce: undefined })).status).toBe(400)
  })

  it('huge numbers are a 400, never a 500: expiry 1e300, 2^63, non-integers', async () => {
    const before = await sessions()
    // JSON number texts as a client sends them: beyond a Date, beyond BIGINT, beyond 2^53, fractional.
    for (const expiry of ['1e300', '9223372036854775808', '9007199254740993', '1.5', '-1']) {
      const r = await call(`${t.url}/v1/sessions?projectId=local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...(await body()), expiry: 0 }).replace('"expiry":0', `"expiry":${expiry}`),
      })
      expect(r.status, expiry).toBe(400)
    }
    expect(await sessions()).toBe(before)
  })

  it('permissions are bounded in size and depth (400 permissions_too_large)', async () => {
    let deep: Record<string, unknown> = { leaf: true }
    for (let i = 0; i < 10; i++) deep = { d: deep }
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'x'.repeat(200)]))
    for (const permissions of [deep, wide]) {
      const r = await post(await body({ permissions }))
      expect([r.status, r.body.code]).toEqual([400, 'permissions_too_large'])
    }
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 1]))
    expect((await post(await body({ permissions: many }))).status).toBe(400)
  })
})
