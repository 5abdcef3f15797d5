import {
  type AccountReserve,
  type Connector,
  NameNotFoundError,
  type NameResolver,
  type Network,
} from '@portico/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { en, formatString } from '../../i18n/index.js'
import { PorticoModal } from '../../modal/index.js'
import {
  ADDRESS,
  createTestPortico,
  devWallet,
  localNet,
  SOL_ADDRESS,
  solanaNet,
  type TestPorticoOptions,
} from '../../test-helpers/portico.js'
import { byText, click, modalRoot, type Rendered, render, waitFor } from '../../test-helpers/render.js'

let rendered: Rendered | undefined
afterEach(() => {
  rendered?.unmount()
  rendered = undefined
  document.body.innerHTML = ''
})

const t = (key: keyof typeof en, values?: Record<string, string | number>) => formatString(en[key], values)
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FEE = 21_000n * 1_000_000_000n

async function type(input: Element | null | undefined, value: string) {
  if (!(input instanceof HTMLInputElement)) throw new Error('type: no input')
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Connects, opens the modal on Account and chooses its "Send" action; returns the view and the instance. */
async function openSend(options: TestPorticoOptions = {}, namespace: Connector['chain'] = 'eip155') {
  const tp = await createTestPortico(options)
  const connector = (options.connectors ?? [devWallet]).find((c) => c.chain === namespace)!
  await tp.connect(connector.id, namespace)
  rendered = await render(tp.portico, <PorticoModal />)
  await act(async () => tp.portico.open({ namespace }))
  const account = await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
  await click(account.querySelector('[data-action-id="send"]'))
  const view = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="WalletSend"]'))
  await waitFor(() => view.querySelector('[data-testid="send-form"]'))
  return { tp, view }
}

const q = (view: HTMLElement, id: string) => view.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const problem = (view: HTMLElement) => waitFor(() => q(view, 'send-problem')?.textContent, 3000)

describe('WalletSend: the Send action and its form', () => {
  it('Account offers a built-in "Send" action; the view preselects the native currency and shows its balance', async () => {
    const { view } = await openSend()
    const select = q(view, 'send-token') as HTMLSelectElement
    expect(select.value).toBe('native')
    expect(select.selectedOptions[0]?.textContent).toContain('ETH')
    expect(q(view, 'send-balance')?.textContent).toBe(t('sendBalance', { amount: '10000.123 ETH' }))
  })

  it("Review with nothing typed says SPEC §5's 'An amount and receiver address are required'", async () => {
    const { view } = await openSend()
    await click(q(view, 'send-review'))
    expect(await problem(view)).toBe('An amount and receiver address are required')
    expect(q(view, 'send-confirm')).toBeNull()
  })

  it("a preselected token the account does not hold gives SPEC §5's 'A token is required'", async () => {
    const { tp } = await openSend()
    await act(async () => tp.portico.router.goBack())
    await waitFor(() => modalRoot().querySelector('[data-view="Account"]'))
    await act(async () => tp.portico.router.push('WalletSend', { token: '0xnot-held' }))
    const fresh = await waitFor(() => modalRoot().querySelector<HTMLElement>('[data-view="WalletSend"]'))
    await type(q(fresh, 'send-amount'), '1')
    await type(q(fresh, 'send-to'), BOB)
    await click(q(fresh, 'send-review'))
    expect(await problem(fresh)).toBe('A token is required')
  })

  it('an amount that is not a number is refused with a clear message, not a crash', async () => {
    const { view } = await openSend()
    await type(q(view, 'send-amount'), '1,5e3')
    await type(q(view, 'send-to'), BOB)
    expect(await problem(view)).toBe(t('sendInvalidAmount'))
  })

  it('more than the balance (the fee included) is refused before the wallet is asked', async () => {
    const { tp, view } = await openSend()
    await type(q(view, 'send-amount'), '10000.123456')
    await type(q(view, 'send-to'), BOB)
    expect(await problem(view)).toBe(t('sendExceedsBalance'))
    expect(tp.adapters.eip155!.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
  })

  // Without a token list (no gateway, no adapter token reads) the native balance is the 3-decimal display value.
  it('Max on the native currency keeps the fee (plus the 25 % margin) and shows the fee preview', async () => {
    const { view } = await openSend()
    await type(q(view, 'send-to'), BOB)
    await click(q(view, 'send-max'))
    const amount = q(view, 'send-amount') as HTMLInputElement
    await waitFor(() => amount.value !== '')
    const keep = (FEE * 125n + 99n) / 100n
    const expected = 10_000_123_000_000_000_000_000n - keep
    expect(amount.value).toBe(
      `10000.${(expected % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')}`,
    )
    await waitFor(() => q(view, 'send-fee')?.getAttribute('data-status') === 'ready', 3000)
    // 21 000 gas at 1 gwei is 0.000021 ETH: above zero, below the 3-decimal display.
    expect(q(view, 'send-fee')?.textContent).toContain('< 0.001 ETH')
  })

  it('a fee below the 3-decimal display reads "< 0.001 ETH", never "0.000 ETH" (which reads as free); larger fees are truncated', async () => {
    for (const [fee, shown] of [
      [400_000_000_000_000n, '< 0.001 ETH'],
      [999_999_999_999_999n, '< 0.001 ETH'],
      [1_000_000_000_000_000n, '0.001 ETH'],
      [21_987_000_000_000_000n, '0.021 ETH'],
    ] as const) {
      const { view } = await openSend({
        wallet: { fee: async () => fee },
      })
      await type(q(view, 'send-amount'), '1')
      await type(q(view, 'send-to'), BOB)
      await waitFor(() => q(view, 'send-fee')?.getAttribute('data-status') === 'ready', 3000)
      expect(q(view, 'send-fee')?.textContent).toContain(shown)
      expect(q(view, 'send-fee')?.textContent).not.toContain('0.000 ETH')
      rendered?.unmount()
      rendered = undefined
      document.body.innerHTML = ''
    }
  })

  it('a fee the node cannot price is shown as is; the send can still be reviewed', async () => {
    const { view } = await openSend({
      wallet: {
        fee: async () => {
          throw new Error('execution reverted: gas required exceeds allowance')
        },
      },
    })
    await type(q(view, 'send-amount'), '1')
    await type(q(view, 'send-to'), BOB)
    await waitFor(() => q(view, 'send-fee')?.getAttribute('data-status') === 'ready', 3000)
    expect(q(view, 'send-fee')?.textContent).toContain('execution reverted: gas required exceeds allowance')
  })

  it('a fee that opens the receiver’s token account shows that deposit labelled, in the preview and on confirm', async () => {
    const deposit = 2_039_280n * 10n ** 9n // the scripted chain has 18 decimals: 0.002 ETH-units of "rent"
    const { view } = await openSend({ wallet: { fee: async () => FEE + deposit, feeDeposit: deposit } })
    await type(q(view, 'send-amount'), '1')
    await type(q(view, 'send-to'), BOB)
    await waitFor(() => q(view, 'send-fee')?.getAttribute('data-status') === 'ready', 3000)
    const label = t('sendFeeAccountDeposit', { amount: '0.002 ETH' })
    expect(q(view, 'send-fee')?.textContent).toContain(`0.002 ETH (${label})`)
    await click(q(view, 'send-review'))
    const confirm = await waitFor(() => q(view, 'send-confirm'), 3000)
    expect(q(confirm, 'send-confirm-fee')?.textContent).toBe(`0.002 ETH (${label})`)
  })
})

const solanaWallet: Connector = { ...devWallet, id: 'phantom', name: 'Phantom', chain: 'solana' }
const net = (ns: Network['chainNamespace'], ref: string, symbol: string, decimals: number): Network => ({
  id: ref,
  name: `${ns} local`,
  chainNamespace: ns,
  caipNetworkId: `${ns}:${ref}`,
  nativeCurrency: { name: symbol, symbol, decimals },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

describe('WalletSend: bad receivers per namespace get a clear message', () => {
  const cases: {
    ns: Network['chainNamespace']
    network: Network
    bad: string[]
  }[] = [
    {
      ns: 'eip155',
      network: localNet,
      bad: ['0x1234', `0x${'g'.repeat(40)}`, `${BOB}00`, 'vitalik'],
    },
    {
      ns: 'solana',
      network: net('solana', 'local', 'SOL', 9),
      bad: ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'abc'],
    },
    { ns: 'bip122', network: net('bip122', 'regtest', 'BTC', 8), bad: ['bcrt1qinvalid', '1short'] },
    { ns: 'polkadot', network: net('polkadot', 'local', 'DOT', 10), bad: ['5Grw0', '0x1234'] },
    {
      ns: 'cosmos',
      network: net('cosmos', 'local', 'ATOM', 6),
      bad: ['cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq', 'cosmos1xyz'],
    },
  ]
  for (const { ns, network, bad } of cases) {
    it(`${ns}: ${bad.join(', ')} → 'Not a valid ${network.name} address', nothing sent`, async () => {
      const connectors =
        ns === 'eip155'
          ? [devWallet]
          : ns === 'solana'
            ? [devWallet, solanaWallet]
            : [devWallet, { ...devWallet, id: `${ns}-wallet`, chain: ns }]
      const networks = ns === 'eip155' ? [localNet] : [localNet, network]
      const { tp, view } = await openSend({ connectors, networks }, ns)
      for (const address of bad) {
        await type(q(view, 'send-to'), address)
        await type(q(view, 'send-amount'), '0.001')
        await click(q(view, 'send-review'))
        expect(await problem(view)).toBe(t('sendInvalidReceiver', { network: network.name }))
        await type(q(view, 'send-amount'), '')
      }
      expect(tp.adapters[ns]!.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
    })
  }
})

describe('WalletSend: the chain’s reserve beside Max and in the amount check', () => {
  // Solana's rent-exempt minimum of a plain account: 890,880 lamports.
  const RENT: AccountReserve = {
    keep: { value: 890_880n, decimals: 9, symbol: 'SOL', formatted: '0.000' },
    kind: 'rent-exempt-minimum',
    reason: 'Solana keeps 0.00089088 SOL in every account (rent-exempt minimum)',
  }
  const solana = { connectors: [devWallet, solanaWallet], networks: [localNet, solanaNet] }

  it('beside Max: "Keeps 0.00089088 SOL (rent-exempt minimum)", exact (the 3-decimal display would say 0.000), the adapter’s reason as its title', async () => {
    const { view } = await openSend(
      { ...solana, wallet: { reserve: RENT, fee: async () => 5_000n } },
      'solana',
    )
    const note = await waitFor(() => q(view, 'send-reserve'), 3000)
    expect(note.textContent).toBe(t('sendReserveRentExempt', { amount: '0.00089088 SOL' }))
    expect(note.textContent).toBe('Keeps 0.00089088 SOL (rent-exempt minimum)')
    expect(note.getAttribute('title')).toBe(RENT.reason)
    expect(q(view, 'send-max')?.getAttribute('aria-describedby')).toContain(note.id)
  })

  it('an amount that would eat the minimum is refused naming it; Max keeps fee and minimum', async () => {
    const { view } = await openSend(
      { ...solana, wallet: { reserve: RENT, fee: async () => 5_000n } },
      'solana',
    )
    await type(q(view, 'send-to'), SOL_ADDRESS)
    // 1000 SOL − 999.9995 leaves 500,000 lamports: less than the 5,000 fee + 890,880 minimum.
    await type(q(view, 'send-amount'), '999.9995')
    expect(await problem(view)).toBe(t('sendBelowMinimumSender', { minimum: '0.00089088 SOL' }))
    expect(await problem(view)).toBe('Your account must keep at least 0.00089088 SOL on this network')
    await click(q(view, 'send-max'))
    // 1000 SOL − 1.25 × 5,000 lamports − 890,880 lamports.
    await waitFor(() => (q(view, 'send-amount') as HTMLInputElement).value === '999.99910287', 3000)
  })

  it('a chain that keeps nothing shows no reserve note', async () => {
    const { view } = await openSend()
    await new Promise((r) => setTimeout(r, 50))
    expect(q(view, 'send-reserve')).toBeNull()
  })
})

describe('WalletSend: names in the receiver field', () => {
  const lookups: string[] = []
  const registry: NameResolver = async ({ name }) => {
    lookups.push(name)
    if (!name.endsWith('.portico.id')) return undefined
    if (name === 'ada-lovelace.portico.id') return { name, address: BOB, source: 'test' }
    throw new NameNotFoundError(name)
  }
  afterEach(() => {
    lookups.length = 0
  })

  it('a registered name shows the address it resolves to, and the confirm step shows both', async () => {
    const { view } = await openSend({ nameResolvers: [registry] })
    await type(q(view, 'send-to'), 'ada-lovelace.portico.id')
    const shown = await waitFor(() => q(view, 'send-resolved')?.textContent, 3000)
    expect(shown).toBe(t('sendResolved', { name: 'ada-lovelace.portico.id', address: BOB }))
    await type(q(view, 'send-amount'), '0.5')
    await click(q(view, 'send-review'))
    const confirm = await waitFor(() => q(view, 'send-confirm'))
    expect(q(confirm, 'send-confirm-to')?.textContent).toBe(`ada-lovelace.portico.id ${BOB}`)
    expect(q(confirm, 'send-confirm-amount')?.textContent).toBe('0.500 ETH')
  })

  it('an unknown name says no address is registered for it', async () => {
    const { view } = await openSend({ nameResolvers: [registry] })
    await type(q(view, 'send-to'), 'nobody-here.portico.id')
    const message = await waitFor(() => q(view, 'send-name-error')?.textContent, 3000)
    expect(message).toBe('No address is registered for nobody-here.portico.id')
    // Review says it once: it takes the visitor to the field (whose note describes it), no second alert.
    await type(q(view, 'send-amount'), '0.1')
    await click(q(view, 'send-review'))
    await waitFor(
      () => (view.getRootNode() as Document | ShadowRoot).activeElement === q(view, 'send-to') || undefined,
      3000,
    )
    expect(q(view, 'send-problem')).toBeFalsy()
    expect(view.querySelectorAll('[data-testid="send-name-error"]')).toHaveLength(1)
    expect(q(view, 'send-confirm')).toBeFalsy()
  })

  it("names under 4 characters or with symbols get SPEC §5's name message without a lookup", async () => {
    const { view } = await openSend({ nameResolvers: [registry] })
    for (const name of ['ada.portico.id', 'a$da.portico.id', 'ad a.portico.id']) {
      await type(q(view, 'send-to'), name)
      const message = await waitFor(() => q(view, 'send-name-error')?.textContent, 3000)
      expect(message).toBe('A name needs at least 4 characters of letters, digits or hyphens')
    }
    expect(lookups).toEqual([])
  })

  it('without a names plugin a name is refused with "enter an address"', async () => {
    const { view } = await openSend()
    await type(q(view, 'send-to'), 'ada-lovelace.portico.id')
    const message = await waitFor(() => q(view, 'send-name-error')?.textContent, 3000)
    expect(message).toBe(t('sendNamesUnavailable'))
  })
})

describe('WalletSend: confirm, send, success and failure', () => {
  async function fillAndConfirm(view: HTMLElement) {
    await type(q(view, 'send-amount'), '0.25')
    await type(q(view, 'send-to'), BOB)
    await click(q(view, 'send-review'))
    const confirm = await waitFor(() => q(view, 'send-confirm'), 3000)
    expect(q(confirm, 'send-confirm-fee')?.textContent).toBe(
      t('sendFeeBelowPrecision', { amount: '0.001', symbol: 'ETH' }),
    )
    return confirm
  }

  it('sends through portico.send, shows the hash with an explorer link, and Activity holds it as pending until mined', async () => {
    let mine!: () => void
    const mined = new Promise<void>((r) => {
      mine = r
    })
    const { tp, view } = await openSend({ wallet: { mined: () => mined } })
    const confirm = await fillAndConfirm(view)
    await click(q(confirm, 'send-confirm-button'))
    const sent = await waitFor(() => q(view, 'send-sent'), 3000)
    const hash = `0x${'1'.repeat(64)}`
    expect(q(sent, 'send-explorer')?.getAttribute('href')).toBe(`http://127.0.0.1:4000/tx/${hash}`)
    const call = tp.adapters.eip155!.calls.find((c) => c.method === 'sendTransaction')
    expect((call!.params as { request: unknown }).request).toEqual({
      to: BOB,
      value: 250_000_000_000_000_000n,
    })
    expect(tp.portico.getState().pendingSends?.[0]).toMatchObject({ hash, status: 'pending', from: ADDRESS })
    await act(async () => mine())
    await waitFor(() => tp.portico.getState().pendingSends?.[0]?.status === 'confirmed')
  })

  it('a transfer included and failed on chain shows "Failed", the chain’s reason and the explorer link; Try again sends it again; balances are re-read', async () => {
    const { tp, view } = await openSend({
      wallet: {
        mined: async (hash) => ({
          status: 'failed',
          hash,
          reason: { message: 'GATE: transfers are paused', code: '0x08c379a0' },
        }),
      },
    })
    const reads = () => tp.adapters.eip155!.calls.filter((c) => c.method === 'getBalance').length
    const before = reads()
    const confirm = await fillAndConfirm(view)
    await click(q(confirm, 'send-confirm-button'))
    const outcome = await waitFor(() => {
      const o = q(view, 'send-outcome')
      return o?.getAttribute('data-status') === 'failed' ? o : null
    }, 3000)
    expect(q(view, 'send-sent-title')?.textContent).toBe('Failed')
    expect(q(outcome, 'send-outcome-reason')?.textContent).toBe('GATE: transfers are paused')
    expect(outcome.querySelector('[role="alert"]')?.textContent).toContain('Failed')
    const hash = `0x${'1'.repeat(64)}`
    expect(q(view, 'send-explorer')?.getAttribute('href')).toBe(`http://127.0.0.1:4000/tx/${hash}`)
    await waitFor(() => reads() > before, 3000)
    const sends = () => tp.adapters.eip155!.calls.filter((c) => c.method === 'sendTransaction').length
    expect(sends()).toBe(1)
    await click(byText(outcome, 'button', 'Try again'))
    await waitFor(() => sends() === 2, 3000)
  })

  it('a wallet that refuses shows "Transaction declined"; Try again sends the same transfer; Edit keeps what was typed', async () => {
    const asked: unknown[] = []
    const { view } = await openSend({
      wallet: {
        send: async (request) => {
          asked.push(request)
          if (asked.length === 1) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        },
      },
    })
    const confirm = await fillAndConfirm(view)
    await click(q(confirm, 'send-confirm-button'))
    const failed = await waitFor(() => q(view, 'send-failed'), 3000)
    expect(failed.querySelector('h3')?.textContent).toBe('Transaction declined')
    await click(byText(failed, 'button', 'Edit'))
    expect((q(view, 'send-amount') as HTMLInputElement).value).toBe('0.25')
    expect((q(view, 'send-to') as HTMLInputElement).value).toBe(BOB)
    await click(q(view, 'send-review'))
    await click(await waitFor(() => q(view, 'send-confirm-button'), 3000))
    await waitFor(() => q(view, 'send-sent'), 3000)
    expect(asked).toHaveLength(2)
    expect(asked[1]).toEqual(asked[0])
  })
})
