import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import {
  createWallet,
  openRecovery,
  passphraseProblem,
  RECOVERY_ITERATIONS,
  reassemble,
  sealRecovery,
  WrongPassphraseError,
} from '@portico/signer/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const PASS = 'correct horse battery staple'
// Tests other than the first seal with the lowest count the frame accepts, to keep them quick.
const FAST = 100_000

describe('recovery share under a passphrase: the frame side', () => {
  it(`seals with PBKDF2-SHA-256 at ${RECOVERY_ITERATIONS} iterations; the right passphrase opens it, a wrong one does not`, async () => {
    const share = 'ab'.repeat(33)
    const address = '0x00000000000000000000000000000000000000aa'
    const blob = await sealRecovery(share, PASS, address)
    expect(blob.split('.').slice(0, 2)).toEqual(['pbkdf2-sha256', '600000'])
    expect(blob).not.toContain(share)
    expect(await openRecovery(blob, PASS, address)).toBe(share)
    await expect(openRecovery(blob, `${PASS}!`, address)).rejects.toBeInstanceOf(WrongPassphraseError)
    // Bound to the wallet: the same blob under another address does not open.
    await expect(
      openRecovery(blob, PASS, '0x00000000000000000000000000000000000000bb'),
    ).rejects.toBeInstanceOf(WrongPassphraseError)
  })

  it('a passphrase shorter than 12 characters is refused before any crypto', async () => {
    expect(passphraseProblem('short')).toBe('too_short')
    expect(passphraseProblem('twelve chars')).toBeUndefined()
    await expect(sealRecovery('ab', 'short', '0x00')).rejects.toThrow('passphrase too short')
  })
})

describe.each(['sqlite', 'postgres'] as const)('recovery share over HTTP (%s)', (kind) => {
  let t: TestGateway
  let smtp: SmtpCatcher
  let nextMail: ReturnType<typeof mailReader>
  let signer: string
  let n = 0
  const fresh = () => `recover${++n}-${kind}@example.com`
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
        perIpPerHour: 1000,
        resendCooldownMs: 0,
        recoveryLockMs: 60_000,
      },
    })
    signer = t.gateway.signerUrl() as string
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const login = async (email: string) => {
    expect((await call(`${signer}/v1/auth/email/otp`, { json: { projectId: 'local', email } })).status).toBe(
      200,
    )
    const code = loginCodeOf(await nextMail(email, 'login code'))
    const r = await call(`${signer}/v1/auth/email/verify`, { json: { projectId: 'local', email, code } })
    expect(r.status).toBe(200)
    return r.body.token as string
  }
  /** What the frame does on a first login: a wallet, its auth share on the gateway, its recovery blob. */
  const firstDevice = async (email: string, iterations = FAST) => {
    const token = await login(email)
    const w = await createWallet()
    const blob = await sealRecovery(w.recovery, PASS, w.address, iterations)
    const put = await call(`${signer}/v1/auth/share`, {
      method: 'PUT',
      headers: auth(token),
      json: { address: w.address, share: w.auth, recovery: blob },
    })
    expect(put.status).toBe(201)
    return { token, wallet: w, blob }
  }

  it('a second device (no device share) rebuilds the key from the auth share and the recovery share', async () => {
    const email = fresh()
    const { wallet, blob } = await firstDevice(email, RECOVERY_ITERATIONS)
    // The database holds the blob sealed again under the gateway's key: neither the share nor the blob in clear.
    const [row] = await t.gateway.db.query<{ ciphertext: string }>(
      'SELECT ciphertext FROM auth_recovery WHERE email = ?',
      [email],
    )
    expect(row?.ciphertext.startsWith('v1.')).toBe(true)
    expect(row?.ciphertext).not.toContain(blob.split('.')[4])

    const token = await login(email) // the new device: email code only
    expect((await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })).body).toEqual({
      exists: true,
    })
    const authShare = (await call(`${signer}/v1/auth/share`, { headers: auth(token) })).body.share as string
    const released = await call(`${signer}/v1/auth/recovery/release`, {
      method: 'POST',
      headers: auth(token),
    })
    expect(released.status).toBe(200)
    expect(released.body.attemptsLeft).toBe(4)
    const recovery = await openRecovery(released.body.blob, PASS, released.body.address)
    const key = await reassemble(wallet.address, authShare, recovery)
    expect(key).toHaveLength(32)
    key.fill(0)
    const confirmed = await call(`${signer}/v1/auth/recovery/confirm`, {
      method: 'POST',
      headers: auth(token),
    })
    expect(confirmed.status).toBe(200)
    const again = await call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(token) })
    expect(again.body.attemptsLeft).toBe(4) // the unlock reset the count
  })

  it('wrong passphrases are limited: after 5 releases without an unlock, "Please try again after N seconds"', async () => {
    const email = fresh()
    await firstDevice(email)
    const token = await login(email)
    const left: number[] = []
    for (let i = 0; i < 5; i++) {
      const r = await call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(token) })
      expect(r.status).toBe(200)
      await expect(openRecovery(r.body.blob, 'not the passphrase', r.body.address)).rejects.toBeInstanceOf(
        WrongPassphraseError,
      )
      left.push(r.body.attemptsLeft)
    }
    expect(left).toEqual([4, 3, 2, 1, 0])
    const locked = await call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(token) })
    expect(locked.status).toBe(429)
    expect(locked.body.code).toBe('recovery_locked')
    expect(locked.body.message).toMatch(
      /^Too many wrong passphrases\. Please try again after (59|60) seconds$/,
    )
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('the recovery blob is never released or stored without a live session; a revoked session gets nothing', async () => {
    const email = fresh()
    const { token, wallet, blob } = await firstDevice(email)
    expect((await call(`${signer}/v1/auth/recovery/release`, { method: 'POST' })).status).toBe(401)
    expect(
      (await call(`${signer}/v1/auth/recovery`, { method: 'PUT', json: { address: wallet.address, blob } }))
        .status,
    ).toBe(401)
    expect((await call(`${signer}/v1/auth/logout`, { method: 'POST', headers: auth(token) })).status).toBe(
      200,
    )
    expect(
      (await call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(token) })).status,
    ).toBe(401)
  })

  it('a wallet gets one recovery blob, for its own address, in the frame’s format only', async () => {
    const email = fresh()
    const { token, wallet, blob } = await firstDevice(email)
    const put = (json: unknown) =>
      call(`${signer}/v1/auth/recovery`, { method: 'PUT', headers: auth(token), json })
    const again = await put({ address: wallet.address, blob })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('recovery_exists')
    const other = await login(fresh()) // a session with no wallet
    const foreign = await call(`${signer}/v1/auth/recovery`, {
      method: 'PUT',
      headers: auth(other),
      json: { address: wallet.address, blob },
    })
    expect(foreign.status).toBe(409)
    expect(foreign.body.code).toBe('wallet_mismatch')
    expect((await put({ address: wallet.address, blob: 'plain-share' })).status).toBe(400)
    expect((await put({ address: wallet.address, blob, extra: 1 })).status).toBe(400)
    const none = await call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(other) })
    expect(none.status).toBe(404)
  })
})
