import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'

describe.each(['sqlite', 'postgres'] as const)(
  'a new code does not reset the per-account failure count (issue 29) (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let signer: string
    let nextMail: ReturnType<typeof mailReader>
    let n = 0
    const fresh = () => `fail${++n}-${kind}@example.com`

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
          maxAttempts: 5,
          accountFailureCap: 7,
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    const newCode = async (email: string) => {
      expect(
        (await call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })).status,
      ).toBe(200)
      return loginCodeOf(await nextMail(email, 'login code')) as string
    }
    const verify = (email: string, code: string) =>
      call(`${signer}/v1/auth/email/verify`, { json: { projectId: 'local', email, code } })
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

    it('7 wrong codes across several codes lock the account; the right code of a new code is refused too', async () => {
      const email = fresh()
      const first = await newCode(email)
      for (let i = 0; i < 4; i++) expect((await verify(email, wrong(first))).body.code).toBe('invalid_code')
      // A new code: its own 5 tries, but the account has used 4 of its 7.
      const second = await newCode(email)
      expect((await verify(email, wrong(second))).body.code).toBe('invalid_code')
      expect((await verify(email, wrong(second))).body.code).toBe('invalid_code')
      const capped = await verify(email, wrong(second))
      expect(capped.status).toBe(429)
      expect(capped.body.code).toBe('account_code_attempts_exceeded')
      expect(capped.body.message).toMatch(/^Too many wrong codes\. Please try again after \d+ seconds$/)
      const third = await newCode(email)
      const right = await verify(email, third)
      expect(right.status).toBe(429)
      expect(right.body.code).toBe('account_code_attempts_exceeded')
    })

    it('the cap is per account: another address still logs in', async () => {
      const email = fresh()
      const r = await verify(email, await newCode(email))
      expect(r.status).toBe(200)
      expect(typeof r.body.token).toBe('string')
    })
  },
)
