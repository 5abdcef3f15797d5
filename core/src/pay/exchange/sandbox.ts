import type { PayExchangeProvider } from '../../contracts/index.js'
import { GatewayResponseInvalidError, HttpRequestError } from '../../errors/index.js'
import { checkExchangeUrl } from './url.js'

export interface SandboxPayExchangeOptions {
  /** The sandbox exchange's payment endpoint on the devnet (e.g. the gateway's sandbox route on 127.0.0.1). */
  url: string
  /** Shown as "Pay from {name}" (default "Sandbox exchange"). */
  name?: string
}

/**
 * The devnet's sandbox exchange, client side: POSTs the payment
 * (`recipient`, `amount`, `asset`, `network`, `reference`) as JSON to the
 * configured URL and takes either `{ hash }` — the sandbox sent it from its
 * treasury, followed on the chain like any payment — or `{ url }`, its
 * simulated login page (same origin as `url` only). The HTTP shape is the
 * gateway's (documented with its sandbox, docs/pay.md); this is kept minimal.
 *
 * @example
 * sandboxPayExchange({ url: 'http://127.0.0.1:8787/v1/sandbox-exchange/pay' })
 */
export function sandboxPayExchange(options: SandboxPayExchangeOptions): PayExchangeProvider {
  const origin = new URL(options.url)
  return {
    id: 'sandbox',
    name: options.name ?? 'Sandbox exchange',
    supports: () => true,
    async start({ payment, signal }) {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: payment.request.recipient,
          amount: payment.request.amount,
          asset: payment.request.asset,
          network: payment.request.network,
          ...(payment.request.reference !== undefined ? { reference: payment.request.reference } : {}),
        }),
        ...(signal ? { signal } : {}),
      })
      if (!res.ok) throw new HttpRequestError(res.status)
      const body = (await res.json().catch(() => undefined)) as { hash?: unknown; url?: unknown } | undefined
      if (body && typeof body.hash === 'string' && /^[0-9A-Za-z]{16,128}$/.test(body.hash.replace(/^0x/, '')))
        return { kind: 'sent', hash: body.hash }
      if (body && typeof body.url === 'string')
        return { kind: 'redirect', url: checkExchangeUrl(body.url, [origin.hostname]) }
      throw new GatewayResponseInvalidError({ details: 'the sandbox exchange answered neither hash nor url' })
    },
  }
}
