import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { frameModules } from '@portico/signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

const SECRET = 'test-secret-test-secret-test-secret-0123'

describe.each(['sqlite', 'postgres'] as const)(
  'email login over HTTP with a real SMTP receiver (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let nextMail: ReturnType<typeof mailReader>
    let signer: string
    let n = 0
    const fresh = () => `visitor${++n}-${kind}@example.com`

    beforeAll(async () => {
      smtp = await startSmtpCatcher()
      nextMail = mailReader(smtp)
      nextMail = mailReader(smtp)
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
          perIpPerHour: 1000,
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    const otp = (email: string) =>
      call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })
    const verify = (email: string, code: string) =>
      call(`${signer}/v1/auth/email/verify`, { json: { projectId: 'local', email, code } })
    const login = async (email: string) => {
      expect((await otp(email)).status).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'login code'))
      const r = await verify(email, code as string)
      expect(r.status).toBe(200)
      return r.body.token as string
    }
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-portico-project': 'local' })

    it('the signer listens on its own origin (not the gateway port) and the API port has no auth routes', async () => {
      expect(new URL(signer).port).not.toBe(new URL(t.url).port)
      expect(
        (await call(`${t.url}/v1/auth/email/otp`, { json: { projectId: 'local', email: 'a@b.co' } })).status,
      ).toBe(404)
    })

    it('a 6-digit code is mailed over SMTP and stored only as a hash', async () => {
      const email = fresh()
      const r = await otp(email)
      expect(r.status).toBe(200)
      expect(r.body.expiresAt - Date.now()).toBeGreaterThan(590_000) // 10-minute expiry
      const mail = await nextMail(email, 'login code')
      const code = loginCodeOf(mail)
      expect(code).toMatch(/^[0-9]{6}$/)
      expect(mail.subject).toContain(code)
      const rows = await t.gateway.db.query<{ code_hash: string }>(
        'SELECT code_hash FROM auth_email_codes WHERE email = ?',
        [email],
      )
      expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(rows[0]?.code_hash).not.toContain(code)
    })

    it('a second code within 30 s is refused with "Please try again after N seconds" (SPEC §8)', async () => {
      const email = fresh()
      expect((await otp(email)).status).toBe(200)
      const again = await otp(email)
      expect(again.status).toBe(429)
      expect(again.body.code).toBe('email_cooldown')
      expect(again.body.message).toMatch(/^Please try again after (29|30) seconds$/)
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(29)
    })

    it('an invalid email is a 400 with a clear message, and nothing is mailed', async () => {
      const before = smtp.mails().length
      const r = await otp('not-an-email')
      expect(r.status).toBe(400)
      expect(r.body.message).toBe('A valid email is required')
      const unknown = await call(`${signer}/v1/auth/email/otp`, {
        json: { projectId: 'nope', email: fresh() },
      })
      expect(unknown.status).toBe(401)
      expect(smtp.mails().length).toBe(before)
    })

    it('OTP brute force is cut off: after 5 wrong codes even the right code is refused', async () => {
      const email = fresh()
      await otp(email)
      const code = loginCodeOf(await nextMail(email, 'login code')) as string
      const wrong = code === '000000' ? '111111' : '000000'
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await verify(email, wrong)).status)
      expect(statuses).toEqual([401, 401, 401, 401, 429])
      const right = await verify(email, code)
      expect(right.status).toBe(429)
      expect(right.body.code).toBe('code_attempts_exceeded')
    })

    it('an expired code is refused; a used code works once', async () => {
      const email = fresh()
      await otp(email)
      const code = loginCodeOf(await nextMail(email, 'login code')) as string
      await t.gateway.db.query('UPDATE auth_email_codes SET expires_at = ? WHERE email = ?', [
        Date.now() - 1,
        email,
      ])
      expect((await verify(email, code)).body.code).toBe('code_expired')

      const other = fresh()
      const token = await login(other)
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const last = smtp.lastMailTo(other)
      expect((await verify(other, loginCodeOf(last as never) as string)).status).toBe(400)
    })

    it('the auth share is never released without a live session, and is sealed at rest', async () => {
      const email = fresh()
      const token = await login(email)
      const share = 'ab'.repeat(33)
      const address = '0x000000000000000000000000000000000000dEaD'
      expect((await call(`${signer}/v1/auth/share`)).status).toBe(401)
      expect((await call(`${signer}/v1/auth/share`, { headers: auth('x'.repeat(43)) })).status).toBe(401)
      expect((await call(`${signer}/v1/auth/share`, { headers: auth(token) })).status).toBe(404)
      expect(
        (
          await call(`${signer}/v1/auth/share`, {
            method: 'PUT',
            json: { address, share, recovery: RECOVERY, recoveryVerifier: VERIFIER },
          })
        ).status,
      ).toBe(401)
      expect(
        (
          await call(`${signer}/v1/auth/share`, {
            method: 'PUT',
            json: { address, share, recovery: RECOVERY, recoveryVerifier: VERIFIER },
            headers: auth(token),
          })
        ).status,
      ).toBe(201)
      // A key is never replaced silently.
      expect(
        (
          await call(`${signer}/v1/auth/share`, {
            method: 'PUT',
            json: { address, share, recovery: RECOVERY, recoveryVerifier: VERIFIER },
            headers: auth(token),
          })
        ).status,
      ).toBe(409)
      const got = await call(`${signer}/v1/auth/share`, { headers: auth(token) })
      expect(got.body).toEqual({ address, share })
      const [row] = await t.gateway.db.query<{ share_ciphertext: string }>(
        'SELECT share_ciphertext FROM auth_shares WHERE email = ?',
        [email],
      )
      expect(row?.share_ciphertext.startsWith('v1.')).toBe(true)
      expect(row?.share_ciphertext).not.toContain(share)
    })

    it('a revoked session cannot fetch the auth share (so cannot sign)', async () => {
      const token = await login(fresh())
      expect((await call(`${signer}/v1/auth/session`, { headers: auth(token) })).status).toBe(200)
      expect((await call(`${signer}/v1/auth/logout`, { method: 'POST', headers: auth(token) })).status).toBe(
        200,
      )
      expect((await call(`${signer}/v1/auth/session`, { headers: auth(token) })).status).toBe(401)
      expect((await call(`${signer}/v1/auth/share`, { headers: auth(token) })).status).toBe(401)
    })

    it('the frame is refused to an origin outside the allowlist and pinned by frame-ancestors', async () => {
      const bad = await call(
        `${signer}/frame?projectId=local&origin=${encodeURIComponent('https://evil.example')}`,
      )
      expect(bad.status).toBe(403)
      const good = await call(
        `${signer}/frame?projectId=local&origin=${encodeURIComponent('http://localhost:5173')}`,
      )
      expect(good.status).toBe(200)
      expect(good.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:*')
      expect(good.headers.get('content-security-policy')).toContain("script-src 'self'")
      const js = await fetch(`${signer}/frame.js`)
      expect(js.status).toBe(200)
      expect(js.headers.get('content-type')).toContain('javascript')
      expect((await js.text()).length).toBeGreaterThan(1000)
      // The Bitcoin, Cosmos and Polkadot keys: scripts of their own, imported by the frame on first use.
      for (const name of ['bitcoin', 'cosmos', 'polkadot']) {
        const chain = await fetch(`${signer}/chains/${name}.js`)
        expect(chain.status).toBe(200)
        expect(chain.headers.get('content-type')).toContain('javascript')
        expect(await chain.text()).toContain(`${name}Keys`)
      }
      expect((await fetch(`${signer}/chains/solana.js`)).status).toBe(404)
      expect((await fetch(`${signer}/chains/..%2Fframe.js`)).status).toBe(404)
      // Issue 29: the EVM and Solana signers and the Farcaster card are chunks the frame imports on first
      // use; every file of the first load and of each module is served from this origin, nothing else.
      const graph = await frameModules()
      expect(graph.initial[0]).toBe('/frame.js')
      expect(Object.keys(graph.modules)).toEqual(
        expect.arrayContaining(['evm', 'solana-session', 'farcaster-card']),
      )
      for (const path of new Set([...graph.initial.slice(1), ...Object.values(graph.modules).flat()])) {
        expect(path).toMatch(/^\/chunks\/[A-Za-z0-9_-]+\.js$/)
        const chunk = await fetch(`${signer}${path}`)
        expect(chunk.status, path).toBe(200)
        expect(chunk.headers.get('content-type')).toContain('javascript')
      }
      expect((await fetch(`${signer}/chunks/nope.js`)).status).toBe(404)
      expect((await fetch(`${signer}/chunks/..%2Fframe.js`)).status).toBe(404)
    })
  },
)

describe('email login rate limits', () => {
  it('per-IP requests are limited ("Rate Limited", 429)', async () => {
    const smtp = await startSmtpCatcher()
    const t = await startTestGateway('sqlite', {
      projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
      embeddedWallet: {
        secret: SECRET,
        signerPort: 0,
        smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        perIpPerHour: 3,
      },
    })
    try {
      const signer = t.gateway.signerUrl() as string
      const statuses: number[] = []
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await call(`${signer}/v1/auth/email/otp`, {
              json: { projectId: 'local', email: `ip${i}@example.com` },
            })
          ).status,
        )
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await t.close()
      await smtp.close()
    }
  })
})
