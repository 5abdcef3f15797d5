import { type Hex, verifyMessage } from 'viem'
import { ApiError } from '../../http/errors.js'
import { type Database, isUniqueViolation, type Statement } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { type AuthKeys, deriveKeys, mac, sameHex, seal, unseal } from '../core/crypto.js'
import { RECOVERY_BLOB } from '../core/schemas.js'
import type { AuthSession } from '../core/sessions.js'

export { RECOVERY_BLOB }

/** A passphrase verifier as the frame sends it: SHA-256, base64url. */
export const RECOVERY_VERIFIER = '^[A-Za-z0-9_-]{43}$'
const isVerifier = (v: unknown): v is string => typeof v === 'string' && new RegExp(RECOVERY_VERIFIER).test(v)

/**
 * A release: the blob once the passphrase proof matched (or, for a wallet
 * stored before the proof, at each counted release), else `released: false`
 * and the tries left before the lock.
 */
export type RecoveryRelease =
  | { released: true; address: string; blob: string; attemptsLeft: number; proof: boolean }
  | { released: false; attemptsLeft: number }

/** What the frame reads before asking for the passphrase: whether there is a blob, its KDF head, whether a proof is needed. */
export interface RecoveryStatus {
  exists: boolean
  /** `pbkdf2-sha256.<iterations>.<salt>`: not secret, the frame derives the proof from it. */
  kdf?: string
  proof?: boolean
}

/** The text a frame signs with the wallet key to add a verifier to a wallet stored before them. */
export function verifierUpgradeMessage(address: string, verifier: string): string {
  return `Portico recovery verifier for ${address.toLowerCase()}: ${verifier}`
}

/** SPEC-style too-early text for a locked recovery (N = whole seconds, rounded up). */
export function recoveryLockedMessage(remainingMs: number): string {
  return `Too many wrong passphrases. Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/**
 * Recovery shares (issue 14: "the recovery share encrypted under a passphrase
 * the visitor sets, for a new device"). Issue 29: the blob is released only
 * after an online proof of the passphrase. With the blob the frame stores a
 * verifier (SHA-256 of a tag and the PBKDF2 key; the gateway keeps an HMAC of
 * it, bound to the wallet address); a release must bring the same verifier,
 * compared in constant time. Each miss counts; `recoveryAttempts` misses lock
 * the wallet's recovery for `recoveryLockMs` ("Please try again after N
 * seconds"); a match resets the count. So guessing a passphrase needs the
 * gateway and is counted, even for whoever holds a session.
 *
 * Wallets stored before the verifier keep the earlier rule (each release of
 * the blob counts, a confirmed unlock resets) until the frame's next unlock
 * adds a verifier, signed with the wallet's key: only someone who rebuilt the
 * key can set it, so a session alone cannot lock the owner out.
 */
export class RecoveryService {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly sessionOf: (token: string | undefined) => Promise<AuthSession>,
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(config.secret)
  }

  /** Stores the recovery blob of the session's wallet, once; 409 when one exists, 409 when the wallet is another. */
  async put(
    token: string | undefined,
    body: { address: string; blob: string; verifier: string },
  ): Promise<void> {
    const s = await this.sessionOf(token)
    const [wallet] = await this.db.query<{ address: string }>(
      'SELECT address FROM auth_shares WHERE email = ?',
      [s.email],
    )
    if (!wallet || wallet.address.toLowerCase() !== body.address.toLowerCase())
      throw new ApiError(409, 'wallet_mismatch', 'This session has no wallet with this address')
    const { sql, params } = this.insert(s.email, wallet.address, body.blob, body.verifier)
    try {
      await this.db.query(sql, params)
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, 'recovery_exists', 'This wallet already has a recovery passphrase')
      throw error
    }
  }

  /** The INSERT of a wallet's recovery blob, for a batch that stores the wallet with it (issue 29). */
  insert(email: string, address: string, blob: string, verifier: string): Statement {
    return {
      sql: 'INSERT INTO auth_recovery (email, address, ciphertext, failures, created_at, verifier) VALUES (?, ?, ?, 0, ?, ?)',
      params: [
        email,
        address,
        seal(this.#keys, blob, `recovery:${email}`),
        this.now(),
        this.#verifierMac(address, verifier),
      ],
    }
  }

  /** The stored form of a verifier: an HMAC under the gateway's key, bound to the wallet (an email change keeps it). */
  #verifierMac(address: string, verifier: string): string {
    return mac(this.#keys, 'recovery-verifier', address.toLowerCase(), verifier)
  }

  /** Whether the session's wallet has a recovery blob, its KDF head and whether a proof is needed (no attempt counted). */
  async status(token: string | undefined): Promise<RecoveryStatus> {
    const s = await this.sessionOf(token)
    const [row] = await this.db.query<{ ciphertext: string; verifier: string | null }>(
      'SELECT ciphertext, verifier FROM auth_recovery WHERE email = ?',
      [s.email],
    )
    if (!row) return { exists: false }
    const kdf = unseal(this.#keys, row.ciphertext, `recovery:${s.email}`).split('.').slice(0, 3).join('.')
    return { exists: true, kdf, proof: row.verifier !== null }
  }

  /**
   * Releases the blob to a live session that proves the passphrase
   * (`verifier`); a miss counts one attempt and answers `released: false`.
   * A wallet without a stored verifier: the counted release of before. 404
   * without a blob, 429 while locked, 400 when the proof is missing.
   */
  async release(token: string | undefined, verifier?: unknown): Promise<RecoveryRelease> {
    const s = await this.sessionOf(token)
    const now = this.now()
    const [row] = await this.db.query<{
      address: string
      ciphertext: string
      failures: number | string
      locked_until: number | string | null
      verifier: string | null
    }>('SELECT address, ciphertext, failures, locked_until, verifier FROM auth_recovery WHERE email = ?', [
      s.email,
    ])
    if (!row) throw new ApiError(404, 'no_recovery', 'This wallet has no recovery passphrase')
    if (row.verifier !== null && !isVerifier(verifier))
      throw new ApiError(400, 'proof_required', 'A proof of the recovery passphrase is required')
    const lockedUntil = row.locked_until === null ? 0 : Number(row.locked_until)
    if (lockedUntil > now) throw this.#locked(lockedUntil - now)
    let failures = Number(row.failures)
    if (lockedUntil !== 0) {
      // The lock has run out: a fresh set of attempts.
      await this.db.query('UPDATE auth_recovery SET failures = 0, locked_until = NULL WHERE email = ?', [
        s.email,
      ])
      failures = 0
    }
    // Counted with a condition, so two releases racing cannot both use the last attempt.
    const [changed] = await this.db.batch([
      {
        sql: 'UPDATE auth_recovery SET failures = failures + 1 WHERE email = ? AND failures = ?',
        params: [s.email, failures],
      },
    ])
    if (!changed) throw new ApiError(409, 'recovery_busy', 'Another recovery attempt is under way')
    const blob = () => unseal(this.#keys, row.ciphertext, `recovery:${s.email}`)
    if (row.verifier !== null) {
      // Counted first, compared after: a proof is never checked without its attempt on the record.
      if (sameHex(row.verifier, this.#verifierMac(row.address, verifier as string))) {
        await this.#reset(s.email)
        return {
          released: true,
          address: row.address,
          blob: blob(),
          attemptsLeft: this.config.recoveryAttempts,
          proof: true,
        }
      }
      return { released: false, attemptsLeft: await this.#spent(s.email, failures, now) }
    }
    return {
      released: true,
      address: row.address,
      blob: blob(),
      attemptsLeft: await this.#spent(s.email, failures, now),
      proof: false,
    }
  }

  /** The attempts left after this one; the last one locks the row for `recoveryLockMs`. */
  async #spent(email: string, failures: number, now: number): Promise<number> {
    const left = this.config.recoveryAttempts - failures - 1
    if (left <= 0)
      await this.db.query('UPDATE auth_recovery SET locked_until = ? WHERE email = ?', [
        now + this.config.recoveryLockMs,
        email,
      ])
    return Math.max(0, left)
  }

  #reset(email: string) {
    return this.db.query('UPDATE auth_recovery SET failures = 0, locked_until = NULL WHERE email = ?', [
      email,
    ])
  }

  /**
   * The frame opened the blob: the attempt count starts again. A wallet
   * stored before the verifier gets one here, when `upgrade` carries it with
   * a signature of `verifierUpgradeMessage` by the wallet's key (403
   * otherwise: a session alone cannot set a verifier).
   */
  async confirm(token: string | undefined, upgrade?: { verifier: string; signature: Hex }): Promise<void> {
    const s = await this.sessionOf(token)
    if (upgrade) {
      const [row] = await this.db.query<{ address: string; verifier: string | null }>(
        'SELECT address, verifier FROM auth_recovery WHERE email = ?',
        [s.email],
      )
      if (!row) throw new ApiError(404, 'no_recovery', 'This wallet has no recovery passphrase')
      if (row.verifier === null) {
        let signed = false
        try {
          signed = await verifyMessage({
            address: row.address as Hex,
            message: verifierUpgradeMessage(row.address, upgrade.verifier),
            signature: upgrade.signature,
          })
        } catch {
          signed = false
        }
        if (!signed)
          throw new ApiError(403, 'verifier_unsigned', 'The verifier is not signed by this wallet’s key')
        await this.db.query('UPDATE auth_recovery SET verifier = ? WHERE email = ? AND verifier IS NULL', [
          this.#verifierMac(row.address, upgrade.verifier),
          s.email,
        ])
      }
    }
    await this.#reset(s.email)
  }

  #locked(remainingMs: number) {
    return new ApiError(429, 'recovery_locked', recoveryLockedMessage(remainingMs), {
      'retry-after': String(Math.max(1, Math.ceil(remainingMs / 1000))),
    })
  }
}
