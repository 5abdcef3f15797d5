import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const SHARE = 'ef'.repeat(33)
const ADDRESS = '0x000000000000000000000000000000000000dEaD'
/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)
const REAUTH_MS = 3_600_000

describe.each(['sqlite', 'postgres'] as const)(
  'the auth share leaves by one path with one policy (issue 29) (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let signer: string
    let nextMail: ReturnType<typeof mailReader>
    let n = 0
    const fresh = () => `share${++n}-${kind}@example.com`
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-portico-project': 'local' })

    beforeAll(async () => {
      smtp = await startSmtpCatcher()
      nextMail = mailReader(smtp)
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
          perIpPerHour: 10_000,
          perEmailPerHour: 1000,
          resendCooldownMs: 0,
          shareReleasesPerDay: 3,
          exportsPerDay: 1,
          shareReauthMs: REAUTH_MS,
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    const login = async (email: string) => {
      expect(
        (await call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })).status,
      ).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'login code'))
      const r = await call(`${signer}/v1/auth/email/verify`, { json: { projectId: 'local', email, code } })
      expect(r.status).toBe(200)
      return r.body.token as string
    }
    const putShare = (token: string, json: Record<string, unknown>) =>
      call(`${signer}/v1/auth/share`, { method: 'PUT', headers: auth(token), json })
    const getShare = (token: string) => call(`${signer}/v1/auth/share`, { headers: auth(token) })
    const audit = (email: string) =>
      t.gateway.db.query<{ purpose: string | null; address: string; project_id: string }>(
        'SELECT purpose, address, project_id FROM auth_key_exports WHERE email = ? ORDER BY exported_at',
        [email],
      )

    it('an auth share is stored only with its recovery share: without one nothing is stored', async () => {
      const email = fresh()
      const token = await login(email)
      const bare = await putShare(token, { address: ADDRESS, share: SHARE })
      expect(bare.status).toBe(400)
      expect(await t.gateway.db.query('SELECT 1 AS x FROM auth_shares WHERE email = ?', [email])).toEqual([])
      expect((await getShare(token)).status).toBe(404)
      // Issue 29: nor without the recovery share's passphrase verifier.
      expect((await putShare(token, { address: ADDRESS, share: SHARE, recovery: RECOVERY })).status).toBe(400)
      expect(
        (
          await putShare(token, {
            address: ADDRESS,
            share: SHARE,
            recovery: RECOVERY,
            recoveryVerifier: VERIFIER,
          })
        ).status,
      ).toBe(201)
      const recovery = await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })
      expect(recovery.body).toEqual({
        exists: true,
        kdf: RECOVERY.split('.').slice(0, 3).join('.'),
        proof: true,
      })
    })

    it('every release for signing is written to the audit table (purpose, wallet, project), never the share', async () => {
      const email = fresh()
      const token = await login(email)
      expect(
        (
          await putShare(token, {
            address: ADDRESS,
            share: SHARE,
            recovery: RECOVERY,
            recoveryVerifier: VERIFIER,
          })
        ).status,
      ).toBe(201)
      expect((await getShare(token)).body).toEqual({ address: ADDRESS, share: SHARE })
      expect(await audit(email)).toEqual([{ purpose: 'sign', address: ADDRESS, project_id: 'local' }])
      const rows = await t.gateway.db.query<Record<string, unknown>>(
        'SELECT * FROM auth_key_exports WHERE email = ?',
        [email],
      )
      expect(JSON.stringify(rows)).not.toContain(SHARE)
    })

    it('releases for signing have a daily limit per account ("Rate Limited", 429), counted apart from exports', async () => {
      const email = fresh()
      const token = await login(email)
      expect(
        (
          await putShare(token, {
            address: ADDRESS,
            share: SHARE,
            recovery: RECOVERY,
            recoveryVerifier: VERIFIER,
          })
        ).status,
      ).toBe(201)
      for (let i = 0; i < 3; i++) expect((await getShare(token)).status).toBe(200)
      const fourth = await getShare(token)
      expect(fourth.status).toBe(429)
      expect(fourth.body).toMatchObject({ code: 'rate_limited', message: 'Rate Limited' })
      // A new session of the same account does not start the count again.
      const other = await login(email)
      expect((await getShare(other)).status).toBe(429)
      // The export budget is its own: one export still goes through.
      expect(
        (await call(`${signer}/v1/auth/export/otp`, { method: 'POST', headers: auth(token) })).status,
      ).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'export your private key'))
      const exported = await call(`${signer}/v1/auth/export`, { headers: auth(token), json: { code } })
      expect(exported.status).toBe(200)
      expect((await audit(email)).map((r) => r.purpose)).toEqual(['sign', 'sign', 'sign', 'export'])
    })

    it('a session logged in longer ago than shareReauthMs gets no share until a new login (SPEC "Session Expired")', async () => {
      const email = fresh()
      const token = await login(email)
      expect(
        (
          await putShare(token, {
            address: ADDRESS,
            share: SHARE,
            recovery: RECOVERY,
            recoveryVerifier: VERIFIER,
          })
        ).status,
      ).toBe(201)
      // The session's login moved back past the window (the database, not the clock).
      await t.gateway.db.query('UPDATE auth_sessions SET created_at = created_at - ? WHERE email = ?', [
        REAUTH_MS + 1000,
        email,
      ])
      const stale = await getShare(token)
      expect(stale.status).toBe(401)
      expect(stale.body).toMatchObject({ code: 'reauth_required', message: 'Session Expired' })
      expect(await audit(email)).toEqual([])
      const again = await login(email)
      expect((await getShare(again)).status).toBe(200)
    })
  },
)
