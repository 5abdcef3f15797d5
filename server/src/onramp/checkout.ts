import { randomBytes } from 'node:crypto'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError, notFound } from '../http/errors.js'
import type { OnrampOrder, OrderStore } from './orders.js'
import type { SandboxProvider } from './providers/sandbox.js'
import { publicOrder } from './routes.js'
import type { SettlementStore } from './settlement/store.js'
import type { SettlementWorker } from './settlement/worker.js'

/** The sandbox's documented test cards: this one pays, `declineCard` (4000 0000 0000 0002) declines. */
export const SANDBOX_TEST_CARD = '4242424242424242'
/** Shown to the visitor (and in the order) when the decline card is used. */
export const DECLINED_MESSAGE = 'Your card was declined'

const ID = Type.Object({ id: Type.String({ pattern: '^ord_[0-9a-f]{32}$' }) })

/** Luhn check: the sandbox refuses numbers no real card could have. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The sandbox checkout: a page on the gateway's own origin where the visitor
 * pays (test card or bank), confirms a 3-D-Secure-like step, and watches the
 * order until the devnet transfer lands. Its JSON calls are keyed by the
 * order id alone (128 random bits): whoever holds the checkout link may pay.
 */
export function registerSandboxCheckout(
  app: App,
  sandbox: SandboxProvider,
  orders: OrderStore,
  settlement: { jobs: SettlementStore; worker: SettlementWorker },
) {
  const load = async (id: string): Promise<OnrampOrder> => {
    const order = await orders.get(id)
    if (order?.provider !== 'sandbox') throw notFound('No such sandbox order', 'order_not_found')
    return order
  }
  const conflict = (order: OnrampOrder) =>
    new ApiError(409, 'order_state', `The order is ${order.status} (${order.stage})`)

  app.get(
    '/onramp/sandbox/checkout/:id',
    { config: { auth: 'public' }, schema: { params: ID } },
    async (request, reply) => {
      const order = await load(request.params.id)
      const nonce = randomBytes(16).toString('base64')
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
        )
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
      return checkoutPage(order, nonce, sandbox.config.declineCard)
    },
  )

  app.get(
    '/onramp/sandbox/orders/:id',
    { config: { auth: 'public' }, schema: { params: ID } },
    async (request) => publicOrder(await load(request.params.id)),
  )

  app.post(
    '/onramp/sandbox/orders/:id/pay',
    {
      config: { auth: 'public' },
      schema: {
        params: ID,
        body: Type.Object({
          method: Type.Union([Type.Literal('card'), Type.Literal('ach_bank_account')]),
          card: Type.Optional(Type.String({ pattern: '^[0-9 ]{12,23}$' })),
        }),
      },
    },
    async (request) => {
      const order = await load(request.params.id)
      if (order.stage !== 'checkout') throw conflict(order)
      const { method, card } = request.body
      if (method === 'card') {
        const digits = (card ?? '').replace(/ /g, '')
        if (!luhnValid(digits)) throw new ApiError(400, 'invalid_card', 'This card number is not valid')
        if (digits === sandbox.config.declineCard) {
          await orders.advance(order.id, 'checkout', {
            status: 'failed',
            stage: 'done',
            failureReason: DECLINED_MESSAGE,
            paymentMethod: method,
          })
          return publicOrder(await load(order.id))
        }
      }
      const moved = await orders.advance(order.id, 'checkout', {
        stage: 'confirmation',
        paymentMethod: method,
      })
      if (!moved) throw conflict(await load(order.id))
      return publicOrder(await load(order.id))
    },
  )

  app.post(
    '/onramp/sandbox/orders/:id/confirm',
    { config: { auth: 'public' }, schema: { params: ID } },
    async (request) => {
      const order = await load(request.params.id)
      // The order moves to funding and its payout is queued in one transaction: a second confirm
      // (double click, two tabs) finds it moved and queues nothing. The payout is a job in the
      // database: this instance starts it now, and any instance finishes it should this one die.
      if (!(await settlement.jobs.enqueue(order.id, sandbox.chain.caipNetworkId, sandbox.treasury)))
        throw conflict(await load(order.id))
      settlement.worker.kick()
      // pending → completed once the transfer is mined; the page and the plugin poll for it.
      return publicOrder(await load(order.id))
    },
  )

  app.post(
    '/onramp/sandbox/orders/:id/cancel',
    { config: { auth: 'public' }, schema: { params: ID } },
    async (request) => {
      const order = await load(request.params.id)
      const moved =
        (await orders.advance(order.id, 'checkout', {
          status: 'failed',
          stage: 'done',
          failureReason: 'Cancelled',
        })) ||
        (await orders.advance(order.id, 'confirmation', {
          status: 'failed',
          stage: 'done',
          failureReason: 'Cancelled',
        }))
      if (!moved) throw conflict(order)
      return publicOrder(await load(order.id))
    },
  )
}

function checkoutPage(order: OnrampOrder, nonce: string, declineCard: string): string {
  const data = JSON.stringify(publicOrder(order)).replace(/</g, '\\u003c')
  const amount = escapeHtml(`${order.paymentAmount ?? '?'} ${order.paymentCurrency}`)
  const receive = escapeHtml(`${order.purchaseAmount ?? '?'} ${order.asset}`)
  const decline = declineCard.replace(/(\d{4})(?=\d)/g, '$1 ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style nonce="${nonce}">
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(380px, 92vw); border: 1px solid GrayText; border-radius: 16px; padding: 24px; }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .note { font-size: .85rem; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 16px; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  label { display: block; margin: 10px 0 4px; font-weight: 600; }
  input[type=text] { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border-radius: 8px; border: 1px solid GrayText; }
  fieldset { border: 0; padding: 0; margin: 0; }
  button { width: 100%; margin-top: 16px; padding: 12px; font-size: 1rem; border-radius: 10px; border: 0; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: inherit; border: 1px solid GrayText; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  [hidden] { display: none !important; }
  #error { color: #b91c1c; font-weight: 600; }
  @media (prefers-color-scheme: dark) { #error { color: #fca5a5; } }
</style>
</head>
<body>
<main>
  <h1>Sandbox checkout</h1>
  <p class="note">Test mode: no real money moves. Pay with test card 4242 4242 4242 4242; ${escapeHtml(decline)} declines.</p>
  <dl>
    <dt>You pay</dt><dd id="pay">${amount}</dd>
    <dt>You receive</dt><dd id="receive">${receive}</dd>
    <dt>Wallet</dt><dd><code>${escapeHtml(order.account)}</code></dd>
    <dt>Network</dt><dd>${escapeHtml(order.chain)}</dd>
  </dl>
  <section id="step-pay" hidden>
    <fieldset>
      <legend>Payment method</legend>
      <label><input type="radio" name="method" value="card" checked> Card</label>
      <label><input type="radio" name="method" value="ach_bank_account"> Bank account (ACH)</label>
    </fieldset>
    <div id="card-fields">
      <label for="card">Card number</label>
      <input id="card" type="text" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
    </div>
    <button id="pay-btn" type="button">Pay ${amount}</button>
    <button id="cancel-btn" class="secondary" type="button">Cancel</button>
  </section>
  <section id="step-confirm" hidden>
    <h2>Confirm this payment</h2>
    <p>Your bank asks you to confirm a payment of ${amount} to Portico Sandbox.</p>
    <button id="confirm-btn" type="button">Confirm payment</button>
    <button id="cancel2-btn" class="secondary" type="button">Cancel</button>
  </section>
  <section id="step-wait" hidden><p role="status">Sending ${receive} to your wallet…</p></section>
  <section id="step-done" hidden><h2>Purchase complete</h2><p role="status">${receive} arrived in your wallet. You can close this window.</p><p>Transaction <code id="hash"></code></p></section>
  <section id="step-failed" hidden><h2>Payment failed</h2><p id="reason" role="alert"></p></section>
  <p id="error" role="alert"></p>
</main>
<script nonce="${nonce}">
(() => {
  let order = ${data}
  const base = '/onramp/sandbox/orders/' + order.id
  const $ = (id) => document.getElementById(id)
  const show = () => {
    const step = order.status === 'failed' ? 'failed' : order.status === 'completed' ? 'done'
      : order.stage === 'checkout' ? 'pay' : order.stage === 'confirmation' ? 'confirm' : 'wait'
    for (const s of ['pay', 'confirm', 'wait', 'done', 'failed']) $('step-' + s).hidden = s !== step
    $('reason').textContent = order.failureReason || ''
    $('hash').textContent = order.txHash || ''
    if (step === 'wait') setTimeout(poll, 500)
  }
  const call = async (path, body) => {
    $('error').textContent = ''
    try {
      const res = await fetch(base + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {})
      const json = await res.json()
      if (!res.ok) { $('error').textContent = json.message || ('HTTP status code: ' + res.status); return }
      order = json
      show()
    } catch (e) { $('error').textContent = 'The gateway did not answer. Try again.' }
  }
  const poll = () => call('')
  for (const r of document.querySelectorAll('input[name=method]')) r.addEventListener('change', () => {
    $('card-fields').hidden = document.querySelector('input[name=method]:checked').value !== 'card'
  })
  $('pay-btn').addEventListener('click', () => {
    const method = document.querySelector('input[name=method]:checked').value
    call('/pay', method === 'card' ? { method, card: $('card').value.trim() } : { method })
  })
  $('confirm-btn').addEventListener('click', () => call('/confirm', {}))
  $('cancel-btn').addEventListener('click', () => call('/cancel', {}))
  $('cancel2-btn').addEventListener('click', () => call('/cancel', {}))
  show()
})()
</script>
</body>
</html>`
}
