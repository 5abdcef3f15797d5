import { InsufficientFundsError, PaymentDeclinedError } from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatString } from '../../i18n/index.js'
import { PorticoModal } from '../../modal/index.js'
import {
  createTestPortico,
  localNet,
  localNet2,
  type TestPorticoOptions,
} from '../../test-helpers/portico.js'
import { click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'
import { payStrings } from './strings.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const t = (key: keyof typeof payStrings.en, values?: Record<string, string | number>) =>
  formatString(payStrings.en[key], values)
const SHOP = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const request = { recipient: SHOP, amount: '0.50', asset: 'native' as const, network: localNet.caipNetworkId }

async function start(options: TestPorticoOptions = {}, connect = true) {
  const tp = await createTestPortico(options)
  if (connect) await tp.connect()
  rendered = await render(tp.portico, <PorticoModal />)
  return tp
}
const q = (id: string) => modalRoot().querySelector<HTMLElement>(`[data-testid="${id}"]`)
// The Pay chunk loads cold on a busy machine: a generous wait, the assertions are what matter.
const view = () => waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="Pay"]'), 15_000)

describe('Pay view (issue 34): what is asked, by whom, and the chain’s outcome', () => {
  it('shows the exact amount, the receiver, the network, the reference and the page’s origin; Pay resolves the call with the transaction id once mined, and shows Paid with the explorer link', {
    timeout: 30_000,
  }, async () => {
    let mine: (() => void) | undefined
    const tp = await start({ wallet: { mined: () => new Promise<void>((r) => (mine = r)) } })
    let paid: Promise<string> | undefined
    await act(async () => {
      paid = tp.portico.pay({ ...request, reference: 'order-42' })
    })
    await view()
    expect(q('pay-amount')?.textContent).toBe('0.5 ETH')
    expect(q('pay-recipient')?.textContent).toBe(SHOP)
    expect(q('pay-network')?.textContent).toBe('Portico Devnet')
    expect(q('pay-reference')?.textContent).toBe('order-42')
    expect(q('pay-origin')?.textContent).toBe(location.origin)
    expect(q('pay-requester')?.textContent).toContain(t('unnamedSite'))
    expect(q('pay-confirm')?.textContent).toBe(t('payButton', { amount: '0.5 ETH' }))
    await click(q('pay-confirm'))
    await waitFor(() => q('pay-following'))
    expect(q('pay-paid')).toBeNull()
    await act(async () => mine?.())
    await waitFor(() => q('pay-paid'))
    const hash = await paid!
    expect(q('pay-hash')?.textContent).toBe(hash)
    expect(q('pay-explorer')?.getAttribute('href')).toBe(`http://127.0.0.1:4000/tx/${hash}`)
    await click(q('pay-done'))
    expect(tp.portico.getState().modal.open).toBe(false)
  })

  it('no wallet connected: it says which network’s wallet is needed, Connect leads to the wallets and the connection comes back to Pay', async () => {
    const tp = await start({}, false)
    let paid: Promise<string> | undefined
    await act(async () => {
      paid = tp.portico.pay(request)
      paid.catch(() => undefined)
    })
    await view()
    expect(q('pay-from')?.textContent).toBe(t('noWallet'))
    expect(modalRoot().textContent).toContain(t('connectToPay', { network: 'Portico Devnet' }))
    await click(q('pay-connect'))
    await waitFor(() => modalRoot().querySelector('[data-view="Connect"]'))
    await act(async () => tp.portico.connect('dev', { namespace: 'eip155' }))
    await view()
    await waitFor(() => q('pay-confirm'))
    await act(async () => tp.portico.payment.cancel())
    await expect(paid!).rejects.toBeInstanceOf(PaymentDeclinedError)
  })

  it('more than the balance: the shortfall (the fee included) is shown, the wallet is not asked, Cancel rejects with InsufficientFundsError', async () => {
    const tp = await start()
    let paid: Promise<string> | undefined
    await act(async () => {
      paid = tp.portico.pay({ ...request, amount: '10001' })
      paid.catch(() => undefined)
    })
    await view()
    await click(q('pay-confirm'))
    const problem = await waitFor(() => q('pay-problem'))
    // 10001 ETH + 21000 gas × 1 gwei − 10000.123456 ETH
    expect(problem.textContent).toBe(t('insufficient', { amount: '0.876565 ETH' }))
    expect(tp.adapters.eip155!.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
    expect(q('pay-confirm')?.textContent).toBe('Try again')
    await click(q('pay-cancel'))
    const error = await paid!.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InsufficientFundsError)
    expect((error as InsufficientFundsError).shortfall).toBe(876_565_000_000_000_000n)
  })

  it('the wallet on another network: the view says so and offers the switch; after it, Pay is offered', async () => {
    const tp = await start()
    await act(async () => {
      tp.portico.pay({ ...request, network: localNet2.caipNetworkId }).catch(() => undefined)
    })
    await view()
    expect(q('pay-wrong-network')?.textContent).toBe(
      t('wrongNetwork', { current: 'Portico Devnet', network: 'Portico Devnet B' }),
    )
    expect(q('pay-confirm')).toBeNull()
    await click(q('pay-switch'))
    await waitFor(() => q('pay-confirm'))
    expect(tp.portico.getState().networks.active.eip155).toBe(localNet2.caipNetworkId)
  })

  it('a transaction the chain fails shows Failed with the chain’s reason and Try again, never Paid', async () => {
    let attempt = 0
    const tp = await start({
      wallet: {
        mined: async (hash) => {
          attempt += 1
          return attempt === 1
            ? { status: 'failed', hash, reason: { message: 'execution reverted: closed' } }
            : undefined
        },
      },
    })
    let paid: Promise<string> | undefined
    await act(async () => {
      paid = tp.portico.pay(request)
    })
    await view()
    await click(q('pay-confirm'))
    const outcome = await waitFor(() =>
      modalRoot().querySelector('[data-testid="pay-outcome"][data-status="failed"]'),
    )
    expect(q('pay-outcome-reason')?.textContent).toBe('execution reverted: closed')
    expect(q('pay-paid')).toBeNull()
    // A new send has a new id (the scripted wallet answers one fixed hash otherwise).
    tp.adapters.eip155!.sendTransaction = async () => `0x${'2'.repeat(64)}`
    const retry = [...outcome.querySelectorAll('button')].find((b) => b.textContent === 'Try again')
    await click(retry)
    await waitFor(() => q('pay-paid'))
    await expect(paid!).resolves.toBe(`0x${'2'.repeat(64)}`)
  })
})
