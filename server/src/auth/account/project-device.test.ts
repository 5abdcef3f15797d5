import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../config/index.js'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

const SECRET = 'test-secret-test-secret-test-secret-4567'
const SHARE = 'cd'.repeat(33)
const ORIGINS = ['http://localhost:*']

describe.each(['sqlite', 'postgres'] as const)(
  'device approval is a per-project option; unset, a project follows the gateway (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let nextMail: ReturnType<typeof mailReader>
    let signer: string
    let n = 0
    const fresh = () => `proj${++n}-${kind}-${Date.now()}@example.com`
    const device = (name: string) => `device-${name}-${kind}-0123456789`.slice(0, 40)

    beforeAll(async () => {
      smtp = await startSmtpCatcher()
      nextMail = mailReader(smtp)
      nextMail = mailReader(smtp)
      t = await startTestGateway(kind, {
        projects: [
          // Follows the gateway-wide default (off, as before this option existed).
          { id: 'local', name: 'Local', allowedOrigins: ORIGINS },
          { id: 'strict', name: 'Strict', allowedOrigins: ORIGINS, embeddedWallet: { deviceApproval: true } },
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

    const login = async (projectId: string, email: string, deviceId?: string) => {
      expect((await call(`${signer}/v1/auth/email/otp`, { json: { projectId, email } })).status).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'login code'))
      return call(`${signer}/v1/auth/email/verify`, {
        json: { projectId, email, code, ...(deviceId ? { deviceId } : {}) },
      })
    }
    /** An account with a wallet, made from device "home" through `projectId`. */
    const account = async (projectId: string) => {
      const email = fresh()
      const first = await login(projectId, email, device('home'))
      expect(first.body.status).toBe('connected')
      const put = await call(`${signer}/v1/auth/share`, {
        method: 'PUT',
        json: {
          address: '0x000000000000000000000000000000000000dEaD',
          share: SHARE,
          recovery: RECOVERY,
          recoveryVerifier: VERIFIER,
        },
        headers: { authorization: `Bearer ${first.body.token}`, 'x-portico-project': projectId },
      })
      expect(put.status).toBe(201)
      return email
    }

    it('the gateway-wide default is off, as before the option existed', () => {
      const config = resolveConfig({
        embeddedWallet: {
          secret: SECRET,
          smtp: { host: '127.0.0.1', port: 25, from: 'login@portico.test' },
        },
      })
      expect(config.embeddedWallet?.deviceApproval).toBe(false)
    })

    it('a project with deviceApproval: an unseen device of an existing wallet waits for the mailed link', async () => {
      const email = await account('strict')
      const r = await login('strict', email, device('phone'))
      expect(r.status).toBe(200)
      expect(r.body.status).toBe('device_approval')
      expect(r.body.pendingToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(r.body.token).toBeUndefined()
      // Without a device id the project refuses the login outright.
      const bare = await login('strict', email)
      expect(bare.status).toBe(400)
      expect(bare.body.code).toBe('device_id_required')
    })

    it('a project without the option follows the gateway (off): the same unseen device connects at once', async () => {
      const email = await account('local')
      const r = await login('local', email, device('phone'))
      expect(r.body.status).toBe('connected')
      expect(typeof r.body.token).toBe('string')
    })

    it('the option is checked per login, not per account: one wallet waits in the strict project only', async () => {
      const email = await account('local')
      expect((await login('local', email, device('tablet'))).body.status).toBe('connected')
      // The tablet is known now (devices belong to the account): even the strict project lets it in.
      expect((await login('strict', email, device('tablet'))).body.status).toBe('connected')
      expect((await login('strict', email, device('watch'))).body.status).toBe('device_approval')
    })

    it('a bad value in the project config is refused at start', () => {
      expect(() =>
        resolveConfig({
          projects: [
            { id: 'x', name: 'X', allowedOrigins: ORIGINS, embeddedWallet: { deviceApproval: 'yes' } },
          ],
        }),
      ).toThrow()
      expect(() =>
        resolveConfig({
          projects: [{ id: 'x', name: 'X', allowedOrigins: ORIGINS, embeddedWallet: { devices: true } }],
        }),
      ).toThrow()
    })
  },
)
