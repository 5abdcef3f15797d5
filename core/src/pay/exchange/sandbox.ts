import type { PayExchangeProvider, PaymentSession } from '../../contracts/index.js'
import { GatewayResponseInvalidError, HttpRequestError } from '../../errors/index.js'
import { InvalidPaymentRequestError } from '../errors.js'

export interface SandboxPayExchangeOptions {
  /**
   * The devnet sandbox exchange's base URL (`startExchangeSandbox(...).url`
   * from `@portico/devnet`, e.g. `http://127.0.0.1:8790`); its API is under
   * `/v1/exchange` (docs/pay.md). Loopback only: it is a simulated exchange.
   */
  url: string
  /** Shown as "Pay from {name}" (default "Sandbox exchange"). */
  name?: string
  /** The simulated login's user name (default `visitor`); the sandbox's password is always `devnet`. */
  username?: string
}

/** The sandbox's one password: a simulated exchange login, not an account (docs/pay.md). */
const SANDBOX_PASSWORD = 'devnet'
const HASH = /^0x[0-9a-fA-F]{64}$/

function loopbackBase(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidPaymentRequestError('exchange', { details: 'the sandbox exchange URL is not a URL' })
  }
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || !/^https?:$/.test(url.protocol))
    throw new InvalidPaymentRequestError('exchange', {
      details: `the sandbox exchange runs on loopback only, not ${url.origin}`,
    })
  return url
}

async function call(base: URL, path: string, body: unknown, token?: string, signal?: AbortSignal) {
  const url = new URL(path, base).toString()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new GatewayResponseInvalidError({
      details: `the sandbox exchange answered ${res.status} with no JSON`,
    })
  }
  if (!res.ok) {
    const e = (json ?? {}) as { code?: unknown; message?: unknown }
    throw new HttpRequestError(res.status, {
      url,
      body: {
        ...(typeof e.code === 'string' ? { code: e.code } : {}),
        ...(typeof e.message === 'string' ? { message: e.message } : {}),
      },
    })
  }
  return json as Record<string, unknown>
}

/**
 * The devnet's sandbox exchange, client side (docs/pay.md, "The devnet's
 * sandbox exchange"): a simulated login (`POST /v1/exchange/sessions`), then
 * `POST /v1/exchange/payments`, which sends from the exchange's own treasury
 * and answers the mined transaction's hash. That hash is then followed on
 * the chain like any payment; the sandbox's own `status` is never taken as
 * the outcome. The payment's `reference` (else its id) makes a retry send
 * nothing more.
 *
 * @example
 * sandboxPayExchange({ url: 'http://127.0.0.1:8790' })
 */
export function sandboxPayExchange(options: SandboxPayExchangeOptions): PayExchangeProvider {
  const base = loopbackBase(options.url)
  const username = options.username ?? 'visitor'
  return {
    id: 'sandbox',
    name: options.name ?? 'Sandbox exchange',
    supports: (payment: PaymentSession) => payment.namespace === 'eip155',
    async start({ payment, signal }) {
      const session = await call(
        base,
        '/v1/exchange/sessions',
        { username, password: SANDBOX_PASSWORD },
        undefined,
        signal,
      )
      if (typeof session.token !== 'string' || session.token === '')
        throw new GatewayResponseInvalidError({ details: 'the sandbox exchange answered no session token' })
      const { request } = payment
      const paid = await call(
        base,
        '/v1/exchange/payments',
        {
          network: request.network,
          recipient: request.recipient,
          asset: request.asset,
          amount: request.amount,
          reference: request.reference ?? payment.id,
        },
        session.token,
        signal,
      )
      if (typeof paid.txHash !== 'string' || !HASH.test(paid.txHash))
        throw new GatewayResponseInvalidError({
          details: 'the sandbox exchange answered no transaction hash',
        })
      return { kind: 'sent', hash: paid.txHash }
    },
  }
}
