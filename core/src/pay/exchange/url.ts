import { InvalidPaymentRequestError } from '../errors.js'

/**
 * An exchange page a provider hands back, checked before the visitor is sent
 * there: https (http only on loopback, for the devnet sandbox) and a host
 * on the provider's allowlist. Anything else is refused, never opened.
 */
export function checkExchangeUrl(value: unknown, hosts: readonly string[]): string {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    throw new InvalidPaymentRequestError('exchange', { details: 'the exchange answered no valid URL' })
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]'
  const allowed = hosts.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`))
  if (
    !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
    !allowed ||
    url.username ||
    url.password
  )
    throw new InvalidPaymentRequestError('exchange', {
      details: `not an allowed exchange page: ${url.origin}`,
    })
  return url.toString()
}
