import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'

describe('the visitor lists and revokes their own sessions (issue 29) (postgres)', () => {
  let t: TestGateway
  let smtp: SmtpCatcher
  let signer: string
  let nextMail: ReturnType<typeof mailReader>
  let n = 0
  const fresh = () => `sessions${++n}@example.com`
  /** Each token is used for the project that opened it (sessions are bound to it). */
  const projectOf = new Map<string, string>()
  const auth = (token: string) => ({
    authorization: `Bearer ${token}`,
    'x-portico-project': projectOf.get(token) ?? 'local',
  })

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
    nextMail = mailReader(smtp)
    t = await startTestGateway('postgres', {
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
    projectOf.set(r.body.token, projectId)
    return r.body.token as string
  }
  const list = (token: string) => call(`${signer}/v1/auth/sessions`, { headers: auth(token) })
  const revoke = (token: string, id: string) =>
    call(`${signer}/v1/auth/sessions/${id}/revoke`, { method: 'POST', headers: auth(token) })

  it('lists the account’s live sessions with their project, marks the current one, never shows a token', async () => {
    const email = fresh()
    const a = await login(email, 'local')
    const b = await login(email, 'other')
    const r = await list(a)
    expect(r.status).toBe(200)
    const sessions = r.body.sessions as { id: string; projectId: string; current: boolean }[]
    expect(sessions.map((s) => s.projectId).sort()).toEqual(['local', 'other'])
    expect(sessions.filter((s) => s.current)).toHaveLength(1)
    expect(JSON.stringify(r.body)).not.toContain(a)
    expect(JSON.stringify(r.body)).not.toContain(b)
    expect((await call(`${signer}/v1/auth/sessions`)).status).toBe(401)
  })

  it('revokes one of its own sessions ("Session Expired" after), but never another account’s', async () => {
    const email = fresh()
    const a = await login(email, 'local')
    const b = await login(email, 'other')
    const other = await login(fresh(), 'local')
    const bId = ((await list(b)).body.sessions as { id: string; current: boolean }[]).find((s) => s.current)
      ?.id as string
    const foreign = await revoke(other, bId)
    expect(foreign.status).toBe(404)
    expect((await call(`${signer}/v1/auth/session`, { headers: auth(b) })).status).toBe(200)
    expect((await revoke(a, bId)).status).toBe(200)
    const gone = await call(`${signer}/v1/auth/session`, { headers: auth(b) })
    expect(gone.status).toBe(401)
    expect(gone.body.message).toBe('Session Expired')
    expect(((await list(a)).body.sessions as unknown[]).length).toBe(1)
    expect((await revoke(a, 'zz')).status).toBe(400)
  })
})
