import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Network, Portico, TransactionOutcome } from '../contracts/index.js'
import { MethodNotSupportedError, NetworkNotFoundError, WalletNotConnectedError } from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import {
  createFakeAdapter,
  createRecordingLogger,
  type FakeAdapter,
  fakeNetwork,
} from '../test-helpers/index.js'
import {
  InsufficientFundsError,
  InvalidPaymentRequestError,
  PaymentDeclinedError,
  PaymentFailedError,
  PaymentInProgressError,
  PaymentWrongNetworkError,
} from './errors.js'

const E18 = 10n ** 18n
const SHOP = '0xdef0000000000000000000000000000000000002'
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const net1: Network = {
  ...fakeNetwork('eip155', 1, 'Main'),
  blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } },
}
const net2 = fakeNetwork('eip155', 2, 'Other')
const FEE = E18 / 100n

/**
 * A chain whose transfers cost 0.01 COIN, whose account holds `balance` (and
 * `tokens` of TOKEN), and whose outcomes the test decides.
 */
function setup(opts: { balance?: bigint; tokens?: bigint } = {}) {
  const adapter: FakeAdapter = createFakeAdapter({
    networks: [net1, net2],
    tokenBalances: async () => [],
  })
  adapter.transferRequest = async ({ to, amount, token }) => ({ to, value: amount, token }) as never
  adapter.estimateFee = async () => ({ value: FEE, decimals: 18, symbol: 'COIN', formatted: '0.010' })
  adapter.balanceImpl = async () => ({
    value: opts.balance ?? 2n * E18,
    decimals: 18,
    symbol: 'COIN',
    formatted: '',
  })
  adapter.tokenBalancesImpl = async () => [
    { token: TOKEN, value: opts.tokens ?? 0n, decimals: 6, symbol: 'USDC', formatted: '' },
  ]
  const outcomes: ((o: TransactionOutcome) => void)[] = []
  adapter.waitForTransaction = async () => await new Promise<TransactionOutcome>((r) => outcomes.push(r))
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
    metadata: { name: 'Corner Shop', url: 'https://shop.example' },
  })
  current = portico
  return { adapter, portico, outcomes }
}

let current: Portico | undefined
afterEach(() => {
  current?.destroy()
  current = undefined
})

const request = { recipient: SHOP, amount: '0.5', asset: 'native' as const, network: net1.caipNetworkId }
const sends = (a: FakeAdapter) => a.calls.filter((c) => c.method === 'sendTransaction')

describe('portico.pay checks the request before anything is shown', () => {
  it.each([
    ['amount', { ...request, amount: '1,5' }],
    ['amount', { ...request, amount: '0' }],
    ['recipient', { ...request, recipient: 'not-an-address' }],
    ['recipient', { ...request, recipient: '' }],
    ['reference', { ...request, reference: 'line\nbreak' }],
    ['reference', { ...request, reference: 'x'.repeat(129) }],
    ['asset', { ...request, asset: { token: TOKEN, symbol: 'USDC', decimals: 99 } }],
    ['asset', { ...request, asset: 'ETH' }],
  ])(
    'a bad %s is refused with InvalidPaymentRequestError naming the field; the modal stays closed',
    async (field, bad) => {
      const t = setup()
      const error = await t.portico.pay(bad as never).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidPaymentRequestError)
      expect((error as InvalidPaymentRequestError).field).toBe(field)
      expect(t.portico.getState().modal.open).toBe(false)
      expect(t.portico.getState().payment).toBeUndefined()
    },
  )

  it("a network that is not configured is SPEC §8's 'Network not found'", async () => {
    const t = setup()
    const error = await t.portico.pay({ ...request, network: 'eip155:999' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkNotFoundError)
    expect((error as Error).message).toContain('Network not found')
  })

  it('a namespace whose adapter cannot build transfers is refused with MethodNotSupportedError', async () => {
    const adapter = createFakeAdapter({ networks: [net1] })
    current = createPortico({
      adapters: [adapter],
      storage: createMemoryStorage(),
      logger: createRecordingLogger(),
    })
    await expect(current.pay(request)).rejects.toBeInstanceOf(MethodNotSupportedError)
  })
})

describe('portico.pay: the Pay view, the wallet, and the chain’s outcome', () => {
  it('opens Pay with what is asked and by whom, pays from the connected wallet and resolves with the transaction id once the chain says it succeeded', async () => {
    const t = setup()
    await t.portico.connect('fake.wallet')
    let resolved: string | undefined
    const paid = t.portico.pay({ ...request, reference: 'order-42' }).then((hash) => {
      resolved = hash
      return hash
    })
    await vi.waitFor(() => expect(t.portico.getState().router.view).toBe('Pay'))
    const s = t.portico.getState().payment!
    expect(s).toMatchObject({
      status: 'review',
      units: E18 / 2n,
      asset: { symbol: 'COIN', decimals: 18 },
      networkName: 'Main',
      request: { recipient: SHOP, reference: 'order-42' },
      requester: { name: 'Corner Shop' },
    })
    await t.portico.payment.confirm()
    expect(sends(t.adapter)).toHaveLength(1)
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    const hash = t.portico.getState().payment!.hash!
    expect(t.portico.getState().payment).toMatchObject({
      status: 'following',
      explorerUrl: `https://scan.example/tx/${hash}`,
    })
    // Not resolved while the chain has not said so.
    await new Promise((r) => setTimeout(r, 20))
    expect(resolved).toBeUndefined()
    t.outcomes[0]!({ status: 'succeeded', hash, block: '7' })
    await expect(paid).resolves.toBe(hash)
    expect(t.portico.getState().payment?.status).toBe('succeeded')
    t.portico.close()
    expect(t.portico.getState().payment).toBeUndefined()
  })

  it('insufficient funds: the shortfall is the amount plus the fee less the balance; the wallet is never asked; giving up rejects with it', async () => {
    const t = setup({ balance: E18 / 4n })
    await t.portico.connect('fake.wallet')
    const paid = t.portico.pay(request)
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    await t.portico.payment.confirm()
    const error = t.portico.getState().payment!.error as InsufficientFundsError
    expect(error).toBeInstanceOf(InsufficientFundsError)
    expect(error.shortfall).toBe(E18 / 2n + FEE - E18 / 4n)
    expect(error.formatted).toBe('0.26')
    expect(error.symbol).toBe('COIN')
    expect(sends(t.adapter)).toHaveLength(0)
    t.portico.payment.cancel()
    await expect(paid).rejects.toBe(error)
    expect(t.portico.getState().modal.open).toBe(false)
  })

  it('a token payment: the shortfall is in the token, read from the chain', async () => {
    const t = setup({ tokens: 3_000_000n })
    await t.portico.connect('fake.wallet')
    const paid = t.portico.pay({
      ...request,
      amount: '12.5',
      asset: { token: TOKEN, symbol: 'USDC', decimals: 6 },
    })
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    await t.portico.payment.confirm()
    const error = t.portico.getState().payment!.error as InsufficientFundsError
    expect(error).toBeInstanceOf(InsufficientFundsError)
    expect(error.shortfall).toBe(9_500_000n)
    expect(`${error.formatted} ${error.symbol}`).toBe('9.5 USDC')
    t.portico.payment.cancel()
    await expect(paid).rejects.toBeInstanceOf(InsufficientFundsError)
  })

  it('the wallet on another network: PaymentWrongNetworkError names the one to switch to; after the switch it pays', async () => {
    const t = setup()
    await t.portico.connect('fake.wallet')
    const paid = t.portico.pay({ ...request, network: net2.caipNetworkId })
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    await t.portico.payment.confirm()
    const error = t.portico.getState().payment!.error as PaymentWrongNetworkError
    expect(error).toBeInstanceOf(PaymentWrongNetworkError)
    expect(error.expected).toBe('eip155:2')
    expect(error.actual).toBe('eip155:1')
    expect(sends(t.adapter)).toHaveLength(0)
    await t.portico.switchNetwork(error.expected as `${string}:${string}`)
    await t.portico.payment.confirm()
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    const hash = t.portico.getState().payment!.hash!
    t.outcomes[0]!({ status: 'succeeded', hash })
    await expect(paid).resolves.toBe(hash)
  })

  it('declined in the wallet: the view says so and offers Try again; closing rejects with PaymentDeclinedError', async () => {
    const t = setup()
    await t.portico.connect('fake.wallet')
    const original = t.adapter.sendTransaction
    t.adapter.sendTransaction = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    const paid = t.portico.pay(request)
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    await t.portico.payment.confirm()
    expect(t.portico.getState().payment).toMatchObject({ status: 'failed' })
    expect(t.portico.getState().payment!.error).toBeInstanceOf(PaymentDeclinedError)
    t.adapter.sendTransaction = original
    t.portico.close()
    await expect(paid).rejects.toBeInstanceOf(PaymentDeclinedError)
  })

  it('a transaction the chain fails: PaymentFailedError with the chain’s reason; Try again sends anew and resolves with the new id', async () => {
    const t = setup()
    await t.portico.connect('fake.wallet')
    const paid = t.portico.pay(request)
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    await t.portico.payment.confirm()
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    const first = t.portico.getState().payment!.hash!
    t.outcomes[0]!({ status: 'failed', hash: first, reason: { message: 'out of gas' } })
    await vi.waitFor(() => expect(t.portico.getState().payment?.status).toBe('failed'))
    const error = t.portico.getState().payment!.error as PaymentFailedError
    expect(error).toBeInstanceOf(PaymentFailedError)
    expect(error.reason).toBe('out of gas')
    // The fake wallet answers the same hash each time: a second wallet answer stands for the new send.
    t.adapter.sendTransaction = async () => `0x${'2'.repeat(64)}`
    await t.portico.payment.confirm()
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(2))
    t.outcomes[1]!({ status: 'succeeded', hash: `0x${'2'.repeat(64)}` })
    await expect(paid).resolves.toBe(`0x${'2'.repeat(64)}`)
  })

  it('not connected: Pay asks for a wallet; a connection made meanwhile comes back to Pay', async () => {
    const t = setup()
    const paid = t.portico.pay(request)
    await vi.waitFor(() => expect(t.portico.getState().router.view).toBe('Pay'))
    await t.portico.payment.confirm()
    expect(t.portico.getState().payment!.error).toBeInstanceOf(WalletNotConnectedError)
    t.portico.router.push('Connect')
    await t.portico.connect('fake.wallet')
    expect(t.portico.getState().modal.open).toBe(true)
    expect(t.portico.getState().router.view).toBe('Pay')
    await t.portico.payment.confirm()
    expect(t.portico.getState().payment?.status).toBe('following')
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    t.outcomes[0]!({ status: 'succeeded', hash: t.portico.getState().payment!.hash! })
    await expect(paid).resolves.toMatch(/^0x1{64}$/)
  })

  it('one payment at a time: a second pay() while one is shown is refused, the first stays', async () => {
    const t = setup()
    const first = t.portico.pay(request)
    await vi.waitFor(() => expect(t.portico.getState().payment).toBeDefined())
    const id = t.portico.getState().payment!.id
    await expect(t.portico.pay(request)).rejects.toBeInstanceOf(PaymentInProgressError)
    expect(t.portico.getState().payment!.id).toBe(id)
    t.portico.close()
    await expect(first).rejects.toBeInstanceOf(PaymentDeclinedError)
  })
})
