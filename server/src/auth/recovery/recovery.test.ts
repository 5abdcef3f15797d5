import { loginCodeOf, type SmtpCatcher, startSmtpCatcher } from '@portico/devnet'
import {
  createWallet,
  deriveRecovery,
  openRecovery,
  parseRecoveryKdf,
  passphraseProblem,
  RECOVERY_ITERATIONS,
  reassemble,
  sealRecovery,
  WrongPassphraseError,
} from '@portico/signer/testing'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'
import { mailReader } from '../../test-helpers/mail.js'
import { verifierUpgradeMessage } from './service.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const PASS = 'correct horse battery staple'
// Tests other than the first seal with the lowest count the frame accepts, to keep them quick.
const FAST = 100_000

describe('recovery share under a passphrase: the frame side', () => {
  it(`seals with PBKDF2-SHA-256 at ${RECOVERY_ITERATIONS} iterations; the right passphrase opens it, a wrong one does not`, async () => {
    const share = 'ab'.repeat(33)
    const address = '0x00000000000000000000000000000000000000aa'
    const { blob, verifier } = await sealRecovery(share, PASS, address)
    expect(blob.split('.').slice(0, 2)).toEqual(['pbkdf2-sha256', '600000'])
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(blob).not.toContain(share)
    expect(await openRecovery(blob, PASS, address)).toBe(share)
    await expect(openRecovery(blob, `${PASS}!`, address)).rejects.toBeInstanceOf(WrongPassphraseError)
    // Bound to the wallet: the same blob under another address does not open.
    await expect(
      openRecovery(blob, PASS, '0x00000000000000000000000000000000000000bb'),
    ).rejects.toBeInstanceOf(WrongPassphraseError)
  })

  it('issue 29: the verifier is derived from the passphrase and the blob’s salt only; another passphrase or salt gives another one', async () => {
    const address = '0x00000000000000000000000000000000000000aa'
    const { blob, verifier } = await sealRecovery('ab'.repeat(33), PASS, address, FAST)
    const kdf = parseRecoveryKdf(blob)!
    expect(kdf.iterations).toBe(FAST)
    expect((await deriveRecovery(PASS, kdf)).verifier).toBe(verifier)
    expect((await deriveRecovery(`${PASS}!`, kdf)).verifier).not.toBe(verifier)
    const other = await sealRecovery('ab'.repeat(33), PASS, address, FAST)
    expect(other.verifier).not.toBe(verifier)
    // The proof's derivation opens the blob too (PBKDF2 runs once per try).
    expect(await openRecovery(blob, await deriveRecovery(PASS, kdf), address)).toBe('ab'.repeat(33))
    expect(parseRecoveryKdf('pbkdf2-sha256.99.short')).toBeUndefined()
  })

  it('migration: a blob sealed before the verifier (PBKDF2 deriveKey to AES-256-GCM) opens with the new derivation', async () => {
    const address = '0x00000000000000000000000000000000000000aa'
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASS), 'PBKDF2', false, [
      'deriveKey',
    ])
    const key = await crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: FAST },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt'],
    )
    const body = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address) },
      key,
      Buffer.from('cd'.repeat(33), 'hex'),
    )
    const b64 = (b: ArrayBuffer | Uint8Array) => Buffer.from(b as ArrayBuffer).toString('base64url')
    const old = ['pbkdf2-sha256', String(FAST), b64(salt), b64(iv), b64(body)].join('.')
    expect(await openRecovery(old, PASS, address)).toBe('cd'.repeat(33))
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
    const { blob, verifier } = await sealRecovery(w.recovery, PASS, w.address, iterations)
    const put = await call(`${signer}/v1/auth/share`, {
      method: 'PUT',
      headers: auth(token),
      json: { address: w.address, share: w.auth, recovery: blob, recoveryVerifier: verifier },
    })
    expect(put.status).toBe(201)
    return { token, wallet: w, blob, verifier }
  }
  const release = (token: string, json?: unknown) =>
    call(`${signer}/v1/auth/recovery/release`, { method: 'POST', headers: auth(token), json: json ?? {} })
  /** What the frame does on a new device: the KDF head from the gateway, the proof from the typed passphrase. */
  const proofOf = async (token: string, passphrase: string) => {
    const status = await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })
    return (await deriveRecovery(passphrase, parseRecoveryKdf(status.body.kdf as string)!)).verifier
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
    // Not secret: the KDF head, so the frame can derive the proof before anything is released.
    expect((await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })).body).toEqual({
      exists: true,
      kdf: blob.split('.').slice(0, 3).join('.'),
      proof: true,
    })
    const authShare = (await call(`${signer}/v1/auth/share`, { headers: auth(token) })).body.share as string
    // Issue 29: a session alone gets nothing; the proof of the passphrase gets the blob.
    const bare = await release(token)
    expect(bare.status).toBe(400)
    expect(bare.body.code).toBe('proof_required')
    const released = await release(token, { verifier: await proofOf(token, PASS) })
    expect(released.status).toBe(200)
    expect(released.body).toMatchObject({ released: true, attemptsLeft: 5, proof: true })
    const recovery = await openRecovery(released.body.blob, PASS, released.body.address)
    const key = await reassemble(wallet.address, authShare, recovery)
    expect(key).toHaveLength(32)
    key.fill(0)
    const confirmed = await call(`${signer}/v1/auth/recovery/confirm`, {
      method: 'POST',
      headers: auth(token),
    })
    expect(confirmed.status).toBe(200)
    const again = await release(token, { verifier: await proofOf(token, PASS) })
    expect(again.body.attemptsLeft).toBe(5) // a right proof never uses up the tries
  })

  it('issue 29: wrong passphrases are proven online and counted: 5 misses get no blob, then "Please try again after N seconds" even for the right one', async () => {
    const email = fresh()
    await firstDevice(email)
    const token = await login(email)
    const left: number[] = []
    for (let i = 0; i < 5; i++) {
      const r = await release(token, { verifier: await proofOf(token, `not the passphrase ${i}`) })
      expect(r.status).toBe(200)
      // No blob to guess at offline: the answer is the count only.
      expect(r.body).toEqual({ released: false, attemptsLeft: r.body.attemptsLeft })
      left.push(r.body.attemptsLeft)
    }
    expect(left).toEqual([4, 3, 2, 1, 0])
    const locked = await release(token, { verifier: await proofOf(token, PASS) })
    expect(locked.status).toBe(429)
    expect(locked.body.code).toBe('recovery_locked')
    expect(locked.body.message).toMatch(
      /^Too many wrong passphrases\. Please try again after (59|60) seconds$/,
    )
    expect(locked.body).not.toHaveProperty('blob')
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('migration: a wallet stored before the verifier keeps the counted release; its unlock adds a verifier only when signed by the wallet key; then the proof is required', async () => {
    const email = fresh()
    const { wallet } = await firstDevice(email)
    await t.gateway.db.query('UPDATE auth_recovery SET verifier = NULL WHERE email = ?', [email])
    const token = await login(email)
    expect((await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })).body.proof).toBe(false)
    const old = await release(token)
    expect(old.body).toMatchObject({ released: true, attemptsLeft: 4, proof: false })
    const share = await openRecovery(old.body.blob, PASS, wallet.address)
    const key = await reassemble(wallet.address, wallet.auth, share)
    const verifier = await proofOf(token, PASS)
    const message = verifierUpgradeMessage(wallet.address, verifier)
    const confirm = (json: unknown) =>
      call(`${signer}/v1/auth/recovery/confirm`, { method: 'POST', headers: auth(token), json })
    // A session alone (any other key) cannot set the verifier: the owner is never locked out by it.
    const forged = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    const refused = await confirm({ verifier, signature: forged })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('verifier_unsigned')
    expect((await confirm({ verifier })).status).toBe(400)
    const signature = await privateKeyToAccount(bytesToHex(key)).signMessage({ message })
    key.fill(0)
    expect((await confirm({ verifier, signature })).status).toBe(200)
    expect((await call(`${signer}/v1/auth/recovery`, { headers: auth(token) })).body.proof).toBe(true)
    expect((await release(token)).body.code).toBe('proof_required')
    expect((await release(token, { verifier })).body).toMatchObject({ released: true, proof: true })
  })

  it('the recovery blob is never released or stored without a live session; a revoked session gets nothing', async () => {
    const email = fresh()
    const { token, wallet, blob, verifier } = await firstDevice(email)
    expect((await call(`${signer}/v1/auth/recovery/release`, { method: 'POST' })).status).toBe(401)
    expect(
      (
        await call(`${signer}/v1/auth/recovery`, {
          method: 'PUT',
          json: { address: wallet.address, blob, verifier },
        })
      ).status,
    ).toBe(401)
    expect((await call(`${signer}/v1/auth/logout`, { method: 'POST', headers: auth(token) })).status).toBe(
      200,
    )
    expect((await release(token, { verifier })).status).toBe(401)
  })

  it('a wallet gets one recovery blob, for its own address, in the frame’s format only', async () => {
    const email = fresh()
    const { token, wallet, blob, verifier } = await firstDevice(email)
    const put = (json: unknown) =>
      call(`${signer}/v1/auth/recovery`, { method: 'PUT', headers: auth(token), json })
    const again = await put({ address: wallet.address, blob, verifier })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('recovery_exists')
    const other = await login(fresh()) // a session with no wallet
    const foreign = await call(`${signer}/v1/auth/recovery`, {
      method: 'PUT',
      headers: auth(other),
      json: { address: wallet.address, blob, verifier },
    })
    expect(foreign.status).toBe(409)
    expect(foreign.body.code).toBe('wallet_mismatch')
    expect((await put({ address: wallet.address, blob: 'plain-share', verifier })).status).toBe(400)
    expect((await put({ address: wallet.address, blob, verifier, extra: 1 })).status).toBe(400)
    // Issue 29: no blob is stored without its verifier.
    expect((await put({ address: wallet.address, blob })).status).toBe(400)
    const none = await release(other, { verifier })
    expect(none.status).toBe(404)
  })
})
