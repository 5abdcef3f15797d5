/**
 * The frame's answers to the issue 14 account requests, checked on the dApp
 * side (the frame checks the requests with its own code). The frame never
 * sends a pending token, a share or a key: a field it should not carry is
 * not read.
 */
import { parseSession } from './protocol.js'

type Session = { email: string; address: `0x${string}` }
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const time = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined)
const isEmail = (v: unknown): v is string => typeof v === 'string' && v.length >= 3 && v.length <= 254

/** A right code's answer: the session, or a wait for the device-approval link mailed to `email`. */
export type LoginAnswer =
  | ({ status: 'connected' } & Session)
  | { status: 'device_approval'; email: string; expiresAt: number }

export function parseLoginAnswer(result: unknown): LoginAnswer | undefined {
  if (isObj(result) && result.status === 'device_approval') {
    const expiresAt = time(result.expiresAt)
    return isEmail(result.email) && expiresAt !== undefined
      ? { status: 'device_approval', email: result.email, expiresAt }
      : undefined
  }
  const s = parseSession(result)
  return s ? { status: 'connected', email: s.email, address: s.address } : undefined
}

/** A device poll: still waiting (until `expiresAt`), or the session once the link was approved. */
export type DevicePoll = ({ status: 'connected' } & Session) | { status: 'waiting'; expiresAt: number }

export function parseDevicePoll(result: unknown): DevicePoll | undefined {
  if (isObj(result) && result.status === 'waiting') {
    const expiresAt = time(result.expiresAt)
    return expiresAt !== undefined ? { status: 'waiting', expiresAt } : undefined
  }
  const s = parseSession(result)
  return s ? { status: 'connected', email: s.email, address: s.address } : undefined
}

/** Where an email change stands: a code mailed to the old or the new address, or done (the new email). */
export type EmailChangeStep = { stage: 'old' | 'new'; expiresAt: number } | { stage: 'done'; email: string }

export function parseEmailChangeStep(result: unknown): EmailChangeStep | undefined {
  if (!isObj(result)) return undefined
  if (result.stage === 'done')
    return isEmail(result.email) ? { stage: 'done', email: result.email } : undefined
  const expiresAt = time(result.expiresAt)
  return (result.stage === 'old' || result.stage === 'new') && expiresAt !== undefined
    ? { stage: result.stage, expiresAt }
    : undefined
}

/**
 * How the frame's email-change code card ended (issue 29: the code is typed
 * there): the next step, or `cancelled` when the visitor closed the card.
 * The stage after `old` is `new` or `done`; after `new` only `done`.
 */
export function parseEmailChangeEntered(
  result: unknown,
  stage: 'old' | 'new',
): EmailChangeStep | { stage: 'cancelled' } | undefined {
  if (isObj(result) && result.status === 'cancelled') return { stage: 'cancelled' }
  const step = parseEmailChangeStep(result)
  if (!step || step.stage === 'old' || (stage === 'new' && step.stage === 'new')) return undefined
  return step
}

/** A mailed code's expiry (device link resend, export code). */
export function parseExpiry(result: unknown): { expiresAt: number } | undefined {
  const expiresAt = isObj(result) ? time(result.expiresAt) : undefined
  return expiresAt !== undefined ? { expiresAt } : undefined
}

/**
 * How the frame's export ended: its key card was shown and closed (`shown`), or
 * the visitor closed the code card first (`cancelled`). Never a key.
 */
export function parseExportEnded(result: unknown): 'shown' | 'cancelled' | undefined {
  if (!isObj(result)) return undefined
  if (result.shown === true) return 'shown'
  return result.status === 'cancelled' ? 'cancelled' : undefined
}
