import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header carrying a webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const PAYMENT_SIGNATURE_HEADER = 'portico-signature'
/** The header carrying a delivery's id: the same id on every retry of one delivery. */
export const PAYMENT_DELIVERY_HEADER = 'portico-delivery'
/** The header naming the event (`payment.settled`). */
export const PAYMENT_EVENT_HEADER = 'portico-event'
/** How far a signature's timestamp may be from the receiver's clock (seconds) by default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

/**
 * Signs a webhook body: HMAC-SHA256 with the project's webhook secret over `<timestamp>.<body>`,
 * the exact bytes sent. The timestamp is inside the MAC, so a captured delivery cannot be
 * replayed later with a fresh time.
 *
 * @example
 * const header = signPaymentWebhook(secret, JSON.stringify(event)) // "t=1700000000,v1=ab12…"
 */
export function signPaymentWebhook(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000)
  return `t=${t},v1=${hmac(secret, t, body)}`
}

/**
 * Checks a payment webhook as a site's back end should: the `portico-signature` header parses,
 * its timestamp is within `toleranceSeconds` of now, and its MAC over `<t>.<raw body>` matches
 * (constant-time). Verify the raw body as received, before parsing it. Returns false for a forged,
 * altered or stale delivery; never throws on bad input.
 *
 * @example
 * if (!verifyPaymentWebhook(secret, req.headers['portico-signature'], rawBody)) return res.status(400).end()
 */
export function verifyPaymentWebhook(
  secret: string,
  header: string | undefined,
  body: string,
  now = Date.now(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (typeof header !== 'string') return false
  const m = /^t=([0-9]{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim())
  if (!m) return false
  const t = Number(m[1])
  if (Math.abs(now / 1000 - t) > toleranceSeconds) return false
  const expected = Buffer.from(hmac(secret, t, body), 'hex')
  const presented = Buffer.from(m[2]!, 'hex')
  return presented.length === expected.length && timingSafeEqual(presented, expected)
}
