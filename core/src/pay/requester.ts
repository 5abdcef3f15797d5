import type { PaymentSession, PorticoOptions } from '../contracts/index.js'

/**
 * Who asks for a payment: the page's origin as the browser reports it (the
 * truth a visitor can check), and the name the site gives itself in
 * `metadata.name` (a claim, shown beside the origin). Under SSR the origin
 * comes from `metadata.url`.
 */
export function requesterOf(options: PorticoOptions, isBrowser: boolean): PaymentSession['requester'] {
  let origin: string | undefined
  const location = isBrowser ? (globalThis as { location?: { origin?: string } }).location : undefined
  if (location?.origin && location.origin !== 'null') origin = location.origin
  else if (options.metadata?.url) {
    try {
      origin = new URL(options.metadata.url).origin
    } catch {
      origin = undefined
    }
  }
  const name = options.metadata?.name?.trim() ? options.metadata.name.trim().slice(0, 64) : undefined
  return { origin, name }
}
