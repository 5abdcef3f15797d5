import { type CaughtMail, loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'

/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

const SECRET = 'test-secret-test-secret-test-secret-0123'
const SHARE = 'cd'.repeat(33)

describe.each(['sqlite', 'postgres'] as const)(
  'device approval, email change and key export over HTTP (%s)',
  (kind) => {
    let t: TestGateway
    let smtp: SmtpCatcher
    let signer: string
    let n = 0
    const fresh = () => `acct${++n}-${kind}@example.com`
    const device = (name: string) => `device-${name}-${kind}-0123456789`.slice(0, 40)

    beforeAll(async () => {
      smtp = await startSmtpCatcher()
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
          perIpPerHour: 10_000,
          perEmailPerHour: 1000,
          deviceApproval: true,
          exportsPerDay: 2,
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-portico-project': 'local' })
    /** OTP login from `deviceId`: the code read from the real SMTP catcher. */
    const login = async (email: string, deviceId: string) => {
      expect(
        (await call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })).status,
      ).toBe(200)
      const code = loginCodeOf(await nextMail(email, 'login code'))
      const r = await call(`${signer}/v1/auth/email/verify`, {
        json: { projectId: 'local', email, code, deviceId },
      })
      expect(r.status).toBe(200)
      return r.body
    }
    /** An account with a wallet, first seen on device "home". */
    const account = async () => {
      const email = fresh()
      const first = await login(email, device('home'))
      expect(first.status).toBe('connected')
      const put = await call(`${signer}/v1/auth/share`, {
        method: 'PUT',
        json: {
          address: '0x000000000000000000000000000000000000dEaD',
          share: SHARE,
          recovery: RECOVERY,
          recoveryVerifier: VERIFIER,
        },
        headers: auth(first.token),
      })
      expect(put.status).toBe(201)
      return { email, token: first.token as string }
    }
    const linkOf = (text: string) => {
      const m = /(https?:\/\/\S+\/v1\/auth\/device\/approve\?token=([A-Za-z0-9_-]{43}))/.exec(text)
      return { url: m?.[1] as string, token: m?.[2] as string }
    }
    /** A login from a new device: waits, with the link mailed to the address. */
    const pending = async (email: string, name: string) => {
      const r = await login(email, device(name))
      expect(r.status).toBe('device_approval')
      const link = await nextMail(email, 'Approve a new device')
      return { pendingToken: r.pendingToken as string, ...linkOf(link.text) }
    }
    /** Mails a test has read: each is matched once. */
    const read = new WeakSet<CaughtMail>()
    /**
     * The oldest unread mail to `email` whose subject contains `subject`. Matched by recipient and
     * content, never by clock: two mails sent in one millisecond (a login code, then an export code)
     * must not be mistaken for each other.
     */
    const nextMail = async (email: string, subject: string) => {
      for (let i = 0; i < 200; i++) {
        const m = smtp
          .mails()
          .find((x) => !read.has(x) && x.to.includes(email) && x.subject.includes(subject))
        if (m) {
          read.add(m)
          return m
        }
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no unread mail to ${email} with "${subject}" in its subject`)
    }
    const poll = (pendingToken: string) => call(`${signer}/v1/auth/device/poll`, { json: { pendingToken } })
    const approve = (token: string) =>
      fetch(`${signer}/v1/auth/device/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      })

    it('a known device connects at once; an unseen device waits for the mailed link (15-minute expiry)', async () => {
      const { email } = await account()
      expect((await login(email, device('home'))).status).toBe('connected')
      const before = Date.now()
      const p = await pending(email, 'phone')
      expect(p.url.startsWith(`${signer}/v1/auth/device/approve?token=`)).toBe(true)
      const waiting = await poll(p.pendingToken)
      expect(waiting.status).toBe(200)
      expect(waiting.body.status).toBe('waiting')
      expect(waiting.body.expiresAt - before).toBeGreaterThan(890_000)
      expect(waiting.body.expiresAt - before).toBeLessThanOrEqual(900_000 + (Date.now() - before))
      // Only the mailed token's MAC is stored.
      const rows = await t.gateway.db.query<{ link_hash: string }>(
        'SELECT link_hash FROM auth_device_logins WHERE email = ?',
        [email],
      )
      expect(rows[0]?.link_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(rows[0]?.link_hash).not.toContain(p.token)
    })

    it('opening the link shows a page and approves nothing; Approve approves once; the poll then connects once', async () => {
      const { email } = await account()
      const p = await pending(email, 'laptop')
      const page = await fetch(p.url)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(await page.text()).toContain('Approve device')
      expect((await poll(p.pendingToken)).body.status).toBe('waiting')

      const ok = await approve(p.token)
      expect(ok.status).toBe(200)
      expect(await ok.text()).toContain('Device approved')
      const done = await poll(p.pendingToken)
      expect(done.body.status).toBe('connected')
      expect(done.body.email).toBe(email)
      expect((await call(`${signer}/v1/auth/session`, { headers: auth(done.body.token) })).body.email).toBe(
        email,
      )
      // Single use: the link again, and the pending login again, are refused.
      const again = await approve(p.token)
      expect(again.status).toBe(409)
      expect(await again.text()).toContain('This approval link was already used')
      expect((await poll(p.pendingToken)).status).toBe(404)
      // The device is now known.
      expect((await login(email, device('laptop'))).status).toBe('connected')
    })

    it('an expired link is refused and its login cannot connect', async () => {
      const { email } = await account()
      const p = await pending(email, 'tablet')
      await t.gateway.db.query('UPDATE auth_device_logins SET expires_at = ? WHERE email = ?', [
        Date.now() - 1,
        email,
      ])
      const r = await approve(p.token)
      expect(r.status).toBe(410)
      expect(await r.text()).toContain('This approval link has expired. Log in again.')
      const polled = await poll(p.pendingToken)
      expect(polled.status).toBe(410)
      expect(polled.body.code).toBe('link_expired')
    })

    it('a wrong or malformed link token approves nothing', async () => {
      const { email } = await account()
      const p = await pending(email, 'watch')
      expect((await approve('A'.repeat(43))).status).toBe(404)
      expect((await approve('short')).status).toBe(404)
      expect((await fetch(`${signer}/v1/auth/device/approve?token=%3Cscript%3E`)).status).toBe(404)
      expect((await poll(p.pendingToken)).body.status).toBe('waiting')
      expect((await poll('B'.repeat(43))).status).toBe(404)
    })

    it('a link approves only the pending login it was mailed for, never a foreign one', async () => {
      const a = await account()
      const b = await account()
      const pa = await pending(a.email, 'tv')
      const pb = await pending(b.email, 'tv')
      expect((await approve(pa.token)).status).toBe(200)
      expect((await poll(pb.pendingToken)).body.status).toBe('waiting')
      const got = await poll(pa.pendingToken)
      expect(got.body.status).toBe('connected')
      expect(got.body.email).toBe(a.email)
    })

    it('resend: refused within 30 s ("Please try again after N seconds"); after it the old link stops working', async () => {
      const { email } = await account()
      const p = await pending(email, 'car')
      const early = await call(`${signer}/v1/auth/device/resend`, { json: { pendingToken: p.pendingToken } })
      expect(early.status).toBe(429)
      expect(early.body.message).toMatch(/^Please try again after (29|30) seconds$/)
      await t.gateway.db.query('UPDATE auth_device_logins SET sent_at = ? WHERE email = ?', [
        Date.now() - 31_000,
        email,
      ])
      const again = await call(`${signer}/v1/auth/device/resend`, { json: { pendingToken: p.pendingToken } })
      expect(again.status).toBe(200)
      const fresh2 = linkOf((await nextMail(email, 'Approve a new device')).text)
      expect(fresh2.token).not.toBe(p.token)
      expect((await approve(p.token)).status).toBe(404)
      expect((await approve(fresh2.token)).status).toBe(200)
      expect((await poll(p.pendingToken)).body.status).toBe('connected')
    })

    const changeStart = (token: string, newEmail: string) =>
      call(`${signer}/v1/auth/email/change`, { json: { newEmail }, headers: auth(token) })
    const changeVerify = (token: string, code: string) =>
      call(`${signer}/v1/auth/email/change/verify`, { json: { code }, headers: auth(token) })
    /** The code in the next unread mail of that kind to `email` (the email-change code unless said). */
    const codeTo = async (email: string, subject = 'code to change your email') =>
      loginCodeOf(await nextMail(email, subject)) as string

    it('update email needs both codes (current address, then new); the wallet follows, every other session is revoked and the old address is told', async () => {
      const { email, token } = await account()
      const elsewhere = (await login(email, device('home'))).token as string
      const next = fresh()
      const s1 = await changeStart(token, next)
      expect(s1.status).toBe(200)
      expect(s1.body.stage).toBe('old')
      const oldCode = await codeTo(email)
      const s2 = await changeVerify(token, oldCode)
      expect(s2.body.stage).toBe('new')
      const newCode = await codeTo(next)
      // One code is not enough: the account has not moved, and the old code does not count twice.
      expect((await call(`${signer}/v1/auth/session`, { headers: auth(token) })).body.email).toBe(email)
      if (oldCode !== newCode) expect((await changeVerify(token, oldCode)).status).toBe(401)
      const s3 = await changeVerify(token, newCode)
      expect(s3.status).toBe(200)
      expect(s3.body).toEqual({ stage: 'done', email: next, oldAddressNotified: true })
      // Issue 29: the other session of the account is logged out ("Session Expired")…
      const gone = await call(`${signer}/v1/auth/session`, { headers: auth(elsewhere) })
      expect(gone.status).toBe(401)
      expect(gone.body.message).toBe('Session Expired')
      // …and the old address gets a notice naming the new one, masked.
      const notice = await nextMail(email, 'was changed')
      expect(notice.text).toContain(`${next[0]}`)
      expect(notice.text).toContain(next.slice(next.indexOf('@')))
      expect(notice.text).not.toContain(next)
      // The session that made the change stays valid, now under the new address, with the same wallet.
      expect((await call(`${signer}/v1/auth/session`, { headers: auth(token) })).body.email).toBe(next)
      const share = await call(`${signer}/v1/auth/share`, { headers: auth(token) })
      expect(share.body.share).toBe(SHARE)
      expect(
        (await t.gateway.db.query('SELECT email FROM auth_shares WHERE email = ?', [email])).length,
      ).toBe(0)
      // The device is still known under the new address.
      expect((await login(next, device('home'))).status).toBe('connected')
    })

    it('update email refuses an invalid, unchanged or taken address, and a wrong code', async () => {
      const { email, token } = await account()
      const other = await account()
      const bad = await changeStart(token, 'not-an-email')
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBe('A valid email is required')
      expect((await changeStart(token, email.toUpperCase())).body.code).toBe('email_same')
      const taken = await changeStart(token, other.email)
      expect(taken.status).toBe(409)
      expect(taken.body.message).toBe('This email is already in use')
      expect((await changeStart('x'.repeat(43), fresh())).status).toBe(401)
      expect((await changeStart(token, fresh())).status).toBe(200)
      const code = await codeTo(email)
      const wrong = code === '000000' ? '111111' : '000000'
      const r = await changeVerify(token, wrong)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Wrong code. 4 tries left.')
      await t.gateway.db.query('UPDATE auth_email_changes SET expires_at = ? WHERE email = ?', [
        Date.now() - 1,
        email,
      ])
      expect((await changeVerify(token, code)).body.code).toBe('code_expired')
    })

    const changeResend = (token: string, stage: string) =>
      call(`${signer}/v1/auth/email/change/resend`, { json: { stage }, headers: auth(token) })
    /** Moves the current stage's send time 31 s into the past (SPEC's 30 s cool-down, not waited out here). */
    const pastCooldown = (email: string) =>
      t.gateway.db.query('UPDATE auth_email_changes SET sent_at = ? WHERE email = ?', [
        Date.now() - 31_000,
        email,
      ])

    it('update email "Send a new code": refused within 30 s ("Please try again after N seconds") in both stages; after it the same address gets a new code and the previous one stops working', async () => {
      const { email, token } = await account()
      const next = fresh()
      expect((await changeStart(token, next)).status).toBe(200)
      const firstOld = await codeTo(email)
      const early = await changeResend(token, 'old')
      expect(early.status).toBe(429)
      expect(early.body.code).toBe('email_cooldown')
      expect(early.body.message).toMatch(/^Please try again after (29|30) seconds$/)
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0)
      // The stage the view shows is checked: the new address has no code yet.
      expect((await changeResend(token, 'new')).body.code).toBe('change_moved')

      await pastCooldown(email)
      const again = await changeResend(token, 'old')
      expect(again.status).toBe(200)
      expect(again.body.stage).toBe('old')
      expect(again.body.expiresAt).toBeGreaterThan(Date.now())
      const secondOld = await codeTo(email)
      // Straight after a resend the cool-down starts over.
      expect((await changeResend(token, 'old')).body.message).toMatch(
        /^Please try again after (29|30) seconds$/,
      )
      if (firstOld !== secondOld) {
        const stale = await changeVerify(token, firstOld)
        expect(stale.status).toBe(401)
        expect(stale.body.code).toBe('invalid_code')
      }
      expect((await changeVerify(token, secondOld)).body.stage).toBe('new')
      const firstNew = await codeTo(next)

      // The second stage: the same rule, mailed to the new address.
      expect((await changeResend(token, 'new')).body.message).toMatch(
        /^Please try again after (29|30) seconds$/,
      )
      expect((await changeResend(token, 'old')).body.code).toBe('change_moved')
      await pastCooldown(email)
      const newStage = await changeResend(token, 'new')
      expect(newStage.status).toBe(200)
      expect(newStage.body.stage).toBe('new')
      const secondNew = await codeTo(next)
      if (firstNew !== secondNew) expect((await changeVerify(token, firstNew)).status).toBe(401)
      expect((await changeVerify(token, secondNew)).body).toEqual({
        stage: 'done',
        email: next,
        oldAddressNotified: true,
      })
      // Nothing is waiting any more, and a malformed stage or a missing session is refused.
      expect((await changeResend(token, 'new')).body.code).toBe('change_unknown')
      expect((await changeResend(token, 'both')).status).toBe(400)
      expect((await changeResend('x'.repeat(43), 'old')).status).toBe(401)
    })

    it('update email "Send a new code" gives a code that was tried too often new tries', async () => {
      const { email, token } = await account()
      expect((await changeStart(token, fresh())).status).toBe(200)
      const first = await codeTo(email)
      const wrong = first === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await changeVerify(token, wrong)
      expect((await changeVerify(token, first)).body.code).toBe('code_attempts_exceeded')
      await pastCooldown(email)
      expect((await changeResend(token, 'old')).status).toBe(200)
      expect((await changeVerify(token, await codeTo(email))).body.stage).toBe('new')
    })

    const exportOtp = (token: string) =>
      call(`${signer}/v1/auth/export/otp`, { method: 'POST', headers: auth(token) })
    const exportKey = (token: string, code: string) =>
      call(`${signer}/v1/auth/export`, { json: { code }, headers: auth(token) })

    it('export is refused without a fresh re-authentication code; a login code does not count', async () => {
      const { email, token } = await account()
      expect((await exportKey(token, '123456')).status).toBe(400)
      expect((await call(`${signer}/v1/auth/export`, { json: { code: '123456' } })).status).toBe(401)
      // A login code for the same address is not an export code.
      await call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })
      const loginCode = await codeTo(email, 'login code')
      expect((await exportOtp(token)).status).toBe(200)
      const mail = await nextMail(email, 'code to export your private key')
      expect(mail.subject).toContain('export your private key')
      const code = loginCodeOf(mail) as string
      if (loginCode !== code) expect((await exportKey(token, loginCode)).status).toBe(401)
      const ok = await exportKey(token, code)
      expect(ok.status).toBe(200)
      expect(ok.body.share).toBe(SHARE)
      // Single use.
      expect((await exportKey(token, code)).status).toBe(400)
      const log = await t.gateway.db.query<{ address: string }>(
        'SELECT address FROM auth_key_exports WHERE email = ?',
        [email],
      )
      expect(log.map((r) => r.address)).toEqual(['0x000000000000000000000000000000000000dEaD'])
      expect(t.logs.some((l) => l.event === 'key_export')).toBe(true)
    })

    it('exports are rate-limited per account (exportsPerDay) and a code needs the 30 s cool-down', async () => {
      const { email, token } = await account()
      for (let i = 0; i < 2; i++) {
        expect((await exportOtp(token)).status).toBe(200)
        if (i === 0)
          expect((await exportOtp(token)).body.message).toMatch(/^Please try again after (29|30) seconds$/)
        const code = loginCodeOf(await nextMail(email, 'code to export your private key')) as string
        expect((await exportKey(token, code)).status).toBe(200)
      }
      const third = await exportOtp(token)
      expect(third.status).toBe(429)
      expect(third.body.message).toBe('Rate Limited')
    })
  },
)
