import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

describe.each(['sqlite', 'postgres'] as const)(
  'sessions are bound to the project that opened them (issue 29) (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let signer: string
    let nextMail: ReturnType<typeof mailReader>
    let n = 0
    const fresh = () => `bound-${kind}-${++n}@example.com`
    const as = (token: string, project?: string) => ({
      authorization: `Bearer ${token}`,
      ...(project === undefined ? {} : { 'x-portico-project': project }),
    })

    beforeAll(async () => {
      smtp = await startSmtpCatcher()
      nextMail = mailReader(smtp)
      t = await startTestGateway(kind, {
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] },
          { id: 'other', name: 'Other', allowedOrigins: ['http://localhost:*'] },
        ],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
          perIpPerHour: 10_000,
          perEmailPerHour: 1000,
          resendCooldownMs: 0,
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    const login = async (email: string, projectId: string) => {
      expect((await call(`${signer}/v1/auth/email/otp`, { json: { projectId, email } })).status).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'login code'))
      const r = await call(`${signer}/v1/auth/email/verify`, { json: { projectId, email, code } })
      expect(r.status).toBe(200)
      return r.body.token as string
    }

    it('a session opened on one project is refused on another (403 session_wrong_project), on every session route', async () => {
      const email = fresh()
      const token = await login(email, 'local')
      const put = await call(`${signer}/v1/auth/share`, {
        method: 'PUT',
        json: {
          address: '0x000000000000000000000000000000000000dEaD',
          share: 'ab'.repeat(33),
          recovery: RECOVERY,
          recoveryVerifier: VERIFIER,
        },
        headers: as(token, 'local'),
      })
      expect(put.status).toBe(201)
      expect((await call(`${signer}/v1/auth/session`, { headers: as(token, 'local') })).body.email).toBe(
        email,
      )
      for (const [method, path] of [
        ['GET', '/v1/auth/session'],
        ['GET', '/v1/auth/share'],
        ['GET', '/v1/auth/recovery'],
        ['GET', '/v1/auth/sessions'],
        ['POST', '/v1/auth/export/otp'],
        ['POST', '/v1/auth/logout'],
      ] as const) {
        const r = await call(`${signer}${path}`, { method, headers: as(token, 'other') })
        expect(r.status, `${method} ${path}`).toBe(403)
        expect(r.body).toMatchObject({
          code: 'session_wrong_project',
          message: 'This session belongs to another project: sign in again on this site',
        })
      }
      // The refused logout did not log the session out: it still works on its own project.
      expect((await call(`${signer}/v1/auth/session`, { headers: as(token, 'local') })).status).toBe(200)
      // And the other way round: a session of "other" is refused on "local".
      const theirs = await login(fresh(), 'other')
      expect((await call(`${signer}/v1/auth/session`, { headers: as(theirs, 'local') })).status).toBe(403)
      expect((await call(`${signer}/v1/auth/session`, { headers: as(theirs, 'other') })).status).toBe(200)
    })

    it('a session used without naming its project is a 400 project_required; an unknown project a 401', async () => {
      const token = await login(fresh(), 'local')
      const bare = await call(`${signer}/v1/auth/share`, { headers: as(token) })
      expect(bare.status).toBe(400)
      expect(bare.body).toMatchObject({
        code: 'project_required',
        message: 'Name the project this session is used for in the X-Portico-Project header',
      })
      const unknown = await call(`${signer}/v1/auth/session`, { headers: as(token, 'nope') })
      expect(unknown.status).toBe(401)
      expect(unknown.body.code).toBe('invalid_key')
    })

    it('an unknown or revoked token is still "Session Expired" (401) with the right project', async () => {
      const token = await login(fresh(), 'local')
      expect(
        (await call(`${signer}/v1/auth/logout`, { method: 'POST', headers: as(token, 'local') })).status,
      ).toBe(200)
      const gone = await call(`${signer}/v1/auth/session`, { headers: as(token, 'local') })
      expect(gone.status).toBe(401)
      expect(gone.body.message).toBe('Session Expired')
      const made = await call(`${signer}/v1/auth/session`, { headers: as('x'.repeat(43), 'local') })
      expect(made.status).toBe(401)
      expect(made.body.message).toBe('Session Expired')
    })
  },
)
