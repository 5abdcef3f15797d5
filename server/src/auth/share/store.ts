import { ApiError } from '../../http/errors.js'
import { type Database, isUniqueViolation, type Statement } from '../../storage/index.js'
import { type AuthKeys, deriveKeys, seal, unseal } from '../core/crypto.js'

/** The auth share of one wallet, as the frame stored it (opaque to the gateway). */
export interface StoredShare {
  address: string
  share: string
}

/**
 * The auth shares at rest: one wallet per account subject, sealed with
 * AES-256-GCM under the gateway's key with the subject bound as associated
 * data (a row moved to another account does not open).
 */
export class ShareStore {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(secret)
  }

  /** The account's wallet address, or undefined when it has none yet (reads no share). */
  async address(subject: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ address: string }>(
      'SELECT address FROM auth_shares WHERE email = ?',
      [subject],
    )
    return row?.address
  }

  /** The account's wallet: its address and auth share, or undefined when it has none yet. */
  async get(subject: string): Promise<StoredShare | undefined> {
    const [row] = await this.db.query<{ address: string; share_ciphertext: string }>(
      'SELECT address, share_ciphertext FROM auth_shares WHERE email = ?',
      [subject],
    )
    if (!row) return undefined
    return { address: row.address, share: unseal(this.#keys, row.share_ciphertext, subject) }
  }

  /** The INSERT of a new wallet's share (for a caller's batch); a second one violates the key. */
  insert(subject: string, share: StoredShare): Statement {
    return {
      sql: 'INSERT INTO auth_shares (email, address, share_ciphertext, created_at) VALUES (?, ?, ?, ?)',
      params: [subject, share.address, seal(this.#keys, share.share, subject), this.now()],
    }
  }

  /**
   * Stores the auth share of a new wallet together with `with` (its recovery
   * blob) in one transaction; 409 when the account has one (a key is never
   * replaced silently).
   */
  async put(subject: string, share: StoredShare, with_: Statement[] = []): Promise<void> {
    try {
      await this.db.batch([this.insert(subject, share), ...with_])
    } catch (error) {
      if (isUniqueViolation(error)) throw walletExists()
      throw error
    }
  }
}

export const walletExists = () => new ApiError(409, 'wallet_exists', 'This email already has a wallet')
export const noWallet = () => new ApiError(404, 'no_wallet', 'This email has no wallet yet')
