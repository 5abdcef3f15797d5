import { generateKeyPairSync, sign } from 'node:crypto'
import { formatSiwxMessage } from '@portico/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { SIWX_MAX_SESSION_MS, SIWX_NONCE_TTL_MS } from './service.js'

const q = 'projectId=local&st=t&sv=1'
const DOMAIN = 'app.example:5173'
const ORIGIN = `http://${DOMAIN}`
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

describe.each(ENGINES)('sign-in sessions over HTTP (%s)', (kind) => {
  let t: TestGateway
  const owner = privateKeyToAccount(generatePrivateKey())
  const other = privateKeyToAccount(generatePrivateKey())
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      projects: [
        { id: 'local', name: 'Local', allowedOrigins: [ORIGIN, 'http://evil.example'] },
        { id: 'second', name: 'Second', allowedOrigins: [] },
      ],
    })
  })
  afterAll(() => t?.close())

  const nonce = async (domain = DOMAIN, project = 'local') => {
    const r = await call(`${t.url}/v1/siwx/nonce?projectId=${project}&st=t&sv=1&domain=${domain}`)
    expect(r.status).toBe(200)
    return r.body as { nonce: string; expiresAt: number }
  }
  const siwe = async (over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({
      domain: DOMAIN,
      address: owner.address,
      statement: 'Sign in to Portico.',
      uri: ORIGIN,
      version: '1',
      chainId: 1,
      nonce: (await nonce()).nonce,
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 3_600_000),
      ...over,
    })
  const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}, project = 'local') =>
    call(`${t.url}/v1/siwx/verify?projectId=${project}&st=t&sv=1`, { json: body, headers })
  const me = (token: string) =>
    call(`${t.url}/v1/siwx/me?${q}`, { headers: { authorization: `Bearer ${token}` } })

  it('GET nonce → sign the SIWE message → POST verify gives a token; GET me reads the session', async () => {
    const { expiresAt } = await nonce()
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(SIWX_NONCE_TTL_MS)
    const message = await siwe()
    const signature = await owner.signMessage({ message })
    const r = await verify({ message, signature, caipNetworkId: 'eip155:1' }, { origin: ORIGIN })
    expect(r.status).toBe(200)
    expect(r.body.session).toMatchObject({
      namespace: 'eip155',
      address: owner.address,
      caipNetworkId: 'eip155:1',
      domain: DOMAIN,
    })
    const read = await me(r.body.token)
    expect([read.status, read.body.id]).toEqual([200, r.body.session.id])
    // Only a hash of the token is kept.
    const rows = await t.gateway.db.query<{ token_hash: string }>('SELECT token_hash FROM siwx_sessions')
    expect(rows.map((x) => x.token_hash)).not.toContain(r.body.token)
  })

  it('a replayed nonce is refused (401 nonce_used) and stores nothing more', async () => {
    const message = await siwe()
    const signature = await owner.signMessage({ message })
    expect((await verify({ message, signature, caipNetworkId: 'eip155:1' })).status).toBe(200)
    const again = await verify({ message, signature, caipNetworkId: 'eip155:1' })
    expect([again.status, again.body.code]).toEqual([401, 'nonce_used'])
  })

  it('an expired message, a wrong domain, a wrong chain, a forged signature → refused', async () => {
    const expired = await siwe({
      expirationTime: new Date(Date.now() - 1000),
      issuedAt: new Date(Date.now() - 60_000),
    })
    let r = await verify({
      message: expired,
      signature: await owner.signMessage({ message: expired }),
      caipNetworkId: 'eip155:1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'message_expired'])

    // The page asking is not the domain in the message.
    const m1 = await siwe()
    r = await verify(
      { message: m1, signature: await owner.signMessage({ message: m1 }), caipNetworkId: 'eip155:1' },
      { origin: 'http://evil.example' },
    )
    expect([r.status, r.body.code]).toEqual([401, 'wrong_domain'])
    // A nonce issued for another domain.
    const m2 = await siwe({ domain: 'evil.example', nonce: (await nonce()).nonce })
    r = await verify({
      message: m2,
      signature: await owner.signMessage({ message: m2 }),
      caipNetworkId: 'eip155:1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'wrong_domain'])
    // Nonce requested from a page of another domain.
    const n = await call(`${t.url}/v1/siwx/nonce?${q}&domain=${DOMAIN}`, {
      headers: { origin: 'http://evil.example' },
    })
    expect([n.status, n.body.code]).toEqual([401, 'wrong_domain'])

    const m3 = await siwe({ chainId: 10 })
    r = await verify({
      message: m3,
      signature: await owner.signMessage({ message: m3 }),
      caipNetworkId: 'eip155:1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'wrong_chain'])

    const m4 = await siwe()
    r = await verify({
      message: m4,
      signature: await other.signMessage({ message: m4 }),
      caipNetworkId: 'eip155:1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'invalid_signature'])
    // A nonce belongs to the project that issued it.
    const m5 = await siwe()
    r = await verify(
      { message: m5, signature: await owner.signMessage({ message: m5 }), caipNetworkId: 'eip155:1' },
      {},
      'second',
    )
    expect([r.status, r.body.code]).toEqual([401, 'invalid_nonce'])
  })

  it('a nonce older than 5 minutes is refused (nonce_expired)', async () => {
    const { nonce: value } = await t.gateway.siwx.nonce('local', DOMAIN, Date.now() - SIWX_NONCE_TTL_MS - 1)
    const message = await siwe({ nonce: value })
    const r = await verify({
      message,
      signature: await owner.signMessage({ message }),
      caipNetworkId: 'eip155:1',
    })
    expect([r.status, r.body.code]).toEqual([401, 'nonce_expired'])
  })

  it('sessions last at most 7 days whatever the message says', async () => {
    const message = await siwe({ expirationTime: new Date(Date.now() + 30 * 86_400_000) })
    const r = await verify({
      message,
      signature: await owner.signMessage({ message }),
      caipNetworkId: 'eip155:1',
    })
    expect(r.body.session.expiresAt - Date.now()).toBeLessThanOrEqual(SIWX_MAX_SESSION_MS)
  })

  it('sign-out and server-side revoke: the token is refused from then on (401 session_revoked)', async () => {
    const sign = async () => {
      const message = await siwe()
      return (
        await verify({ message, signature: await owner.signMessage({ message }), caipNetworkId: 'eip155:1' })
      ).body
    }
    const a = await sign()
    const out = await call(`${t.url}/v1/siwx/signout?${q}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
    })
    expect(out.status).toBe(200)
    expect((await me(a.token)).body.code).toBe('session_revoked')
    const b = await sign()
    expect(await t.gateway.siwx.revoke(b.session.id)).toBe(true)
    expect([(await me(b.token)).status, (await me(b.token)).body.code]).toEqual([401, 'session_revoked'])
    expect((await me('x'.repeat(43))).body.code).toBe('session_invalid')
    expect((await call(`${t.url}/v1/siwx/me?${q}`)).status).toBe(401)
  })

  it('Solana: a CAIP-122 message signed with the account key (Ed25519, base58) signs in', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
    const address = base58(raw)
    const message = formatSiwxMessage(
      {
        domain: DOMAIN,
        address,
        statement: 'Sign in to Portico.',
        uri: ORIGIN,
        version: '1',
        caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        nonce: (await nonce()).nonce,
        issuedAt: new Date().toISOString(),
        expirationTime: new Date(Date.now() + 60_000).toISOString(),
      },
      'Solana',
    )
    const signature = base58(sign(null, Buffer.from(message), privateKey))
    const bad = await verify({
      message,
      signature: base58(new Uint8Array(64).fill(7)),
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    expect(bad.body.code).toBe('invalid_signature')
    // The failed attempt did not spend the nonce.
    const r = await verify({ message, signature, caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })
    expect(r.status).toBe(200)
    expect(r.body.session).toMatchObject({ namespace: 'solana', address })
  })

  it('bad input is a 400 with a code: not CAIP-122, unknown namespace, extra fields, bad domain', async () => {
    let r = await verify({ message: 'hello', signature: '0x00', caipNetworkId: 'eip155:1' })
    expect([r.status, r.body.code]).toEqual([400, 'invalid_message'])
    const m = formatSiwxMessage(
      {
        domain: DOMAIN,
        address: 'abc',
        uri: ORIGIN,
        version: '1',
        caipNetworkId: 'tron:1',
        nonce: (await nonce()).nonce,
        issuedAt: new Date().toISOString(),
      },
      'Tron',
    )
    r = await verify({ message: m, signature: 'abc', caipNetworkId: 'tron:1' })
    expect([r.status, r.body.code]).toEqual([400, 'unsupported_namespace'])
    r = await verify({ message: m, signature: 'abc', caipNetworkId: 'tron:1', extra: 1 })
    expect(r.status).toBe(400)
    r = await call(`${t.url}/v1/siwx/nonce?${q}&domain=a%20b`)
    expect(r.status).toBe(400)
  })
})

describe('sign-in sessions survive a gateway restart', () => {
  it.each(ENGINES)('%s: a token issued before the restart is still good after it', async (kind) => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const projects = [{ id: 'local', name: 'Local', allowedOrigins: [] }]
    const first = await startTestGateway(kind, { projects })
    const n = await call(`${first.url}/v1/siwx/nonce?${q}&domain=${DOMAIN}`)
    const message = createSiweMessage({
      domain: DOMAIN,
      address: owner.address,
      uri: ORIGIN,
      version: '1',
      chainId: 1,
      nonce: n.body.nonce,
    })
    const v = await call(`${first.url}/v1/siwx/verify?${q}`, {
      json: { message, signature: await owner.signMessage({ message }), caipNetworkId: 'eip155:1' },
    })
    expect(v.status).toBe(200)
    await first.close({ keepDatabase: true })
    const second = await startTestGateway(kind, { projects }, { database: first.db })
    try {
      const read = await call(`${second.url}/v1/siwx/me?${q}`, {
        headers: { authorization: `Bearer ${v.body.token}` },
      })
      expect([read.status, read.body.id]).toEqual([200, v.body.session.id])
    } finally {
      await second.close()
    }
  })
})

describe('two gateway instances on one PostgreSQL', () => {
  it('a session made on A is read on B; revoked on B, A refuses it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const projects = [{ id: 'local', name: 'Local', allowedOrigins: [] }]
    const a = await startTestGateway('postgres', { projects })
    const b = await startTestGateway('postgres', { projects }, { database: a.db })
    try {
      const n = await call(`${a.url}/v1/siwx/nonce?${q}&domain=${DOMAIN}`)
      const message = createSiweMessage({
        domain: DOMAIN,
        address: owner.address,
        uri: ORIGIN,
        version: '1',
        chainId: 1,
        nonce: n.body.nonce,
      })
      const signature = await owner.signMessage({ message })
      // The nonce A issued is spent on B, and then neither takes it again.
      const v = await call(`${b.url}/v1/siwx/verify?${q}`, {
        json: { message, signature, caipNetworkId: 'eip155:1' },
      })
      expect(v.status).toBe(200)
      const replay = await call(`${a.url}/v1/siwx/verify?${q}`, {
        json: { message, signature, caipNetworkId: 'eip155:1' },
      })
      expect(replay.body.code).toBe('nonce_used')
      const auth = { headers: { authorization: `Bearer ${v.body.token}` } }
      expect((await call(`${a.url}/v1/siwx/me?${q}`, auth)).status).toBe(200)
      expect((await call(`${b.url}/v1/siwx/signout?${q}`, { method: 'POST', ...auth })).status).toBe(200)
      const after = await call(`${a.url}/v1/siwx/me?${q}`, auth)
      expect([after.status, after.body.code]).toEqual([401, 'session_revoked'])
    } finally {
      await b.close({ keepDatabase: true })
      await a.close()
    }
  })
})
