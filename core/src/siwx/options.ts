import { PorticoError } from '../errors/index.js'
import type { SiwxOptions } from './types.js'

/** Default lifetime of a sign-in message and its session: 24 hours. */
export const SIWX_DEFAULT_EXPIRY_MS = 86_400_000
/** Longest lifetime `siwx.expiresInMs` may ask for: 7 days (the gateway caps sessions the same way). */
export const SIWX_MAX_EXPIRY_MS = 7 * 86_400_000

/** `createPortico({ siwx })` got options it cannot work with (no gateway, a bad lifetime…). */
export class SiwxConfigError extends PorticoError {
  override name = 'SiwxConfigError'
  constructor(details: string) {
    super('Sign-in is not configured correctly', { code: 'SIWX_CONFIG', details })
  }
}

/**
 * Checks `createPortico({ siwx })`'s settings before anything is built (the
 * sign-in service itself loads with `import()`); returns the session lifetime.
 */
export function checkSiwxSettings(options: SiwxOptions): number {
  const expiresIn = options.expiresInMs ?? SIWX_DEFAULT_EXPIRY_MS
  if (!Number.isSafeInteger(expiresIn) || expiresIn < 60_000 || expiresIn > SIWX_MAX_EXPIRY_MS)
    throw new SiwxConfigError(`expiresInMs must be whole milliseconds from 60000 to ${SIWX_MAX_EXPIRY_MS}`)
  if (
    options.statement !== undefined &&
    (typeof options.statement !== 'string' || /[\r\n]/.test(options.statement))
  )
    throw new SiwxConfigError('statement must be one line of text')
  return expiresIn
}
