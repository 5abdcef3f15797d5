import Type from 'typebox'

/** Request-body pieces shared by the auth routes. */
export const PROJECT = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })
export const EMAIL = Type.String({ minLength: 3, maxLength: 254 })
export const CODE = Type.String({ pattern: '^[0-9]{6}$' })
/** A device id as the frame makes it: 16–64 base64url characters (it keeps it in its IndexedDB). */
export const DEVICE_ID = '^[A-Za-z0-9_-]{16,64}$'
export const NO_STORE = { 'cache-control': 'no-store' } as const

/**
 * The passphrase-encrypted recovery share as the frame sends it:
 * `pbkdf2-sha256.<iterations>.<salt>.<iv>.<ciphertext>` (base64url parts).
 * The gateway checks the shape only; it cannot open it.
 */
export const RECOVERY_BLOB =
  '^pbkdf2-sha256\\.[0-9]{6,8}\\.[A-Za-z0-9_-]{22,64}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{40,400}$'
