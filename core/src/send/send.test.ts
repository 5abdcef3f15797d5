import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountReserve, Balance, Network, Portico, TransactionOutcome } from '../contracts/index.js'
import { AmountExceedsBalanceError, BelowMinimumBalanceError } from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import {
  createFakeAdapter,
  createRecordingLogger,
  type FakeAdapter,
  fakeNetwork,
} from '../test-helpers/index.js'

const coin = (value: bigint, formatted: string): Balance => ({
  value,
  decimals: 18,
  symbol: 'COIN',
  formatted,
})
const E18 = 10n ** 18n
const TO = '0xdef0000000000000000000000000000000000002'
const network: Network = {
  ...fakeNetwork('eip155', 1),
  blockExplorers: { default: { name: 'Scan', url: 'https://scan.example' } },
}
const RESERVE: AccountReserve = {
  keep: coin(E18 / 10n, '0.100'),
  kind: 'existential-deposit',
  reason: 'This network keeps 0.1 COIN in every account (existential deposit)',
}

/** A chain that prices every transfer at 0.01 COIN, keeps `reserve`, and settles each send as the test says. */
function setup(opts: { reserve?: AccountReserve } = {}) {
  const adapter: FakeAdapter = createFakeAdapter({ networks: [network, fakeNetwork('eip155', 2)] })
  adapter.transferRequest = async ({ to, amount }) => ({ to, value: amount }) as never
  adapter.estimateFee = async () => coin(E18 / 100n, '0.010')
  if (opts.reserve) {
    adapter.getReserve = async (params) => {
      adapter.calls.push({ method: 'getReserve', params })
      return opts.reserve
    }
  }
  const outcomes: ((o: TransactionOutcome) => void)[] = []
  adapter.waitForTransaction = async ({ hash }) => {
    adapter.calls.push({ method: 'waitForTransaction', params: { hash } })
    return await new Promise<TransactionOutcome>((resolve) => outcomes.push(resolve))
  }
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
  })
  const token = { symbol: 'COIN', decimals: 18, value: 1n * E18 }
  return { adapter, portico, outcomes, token }
}

let current: Portico | undefined
afterEach(() => {
  current?.destroy()
  current = undefined
})

describe('send follows the outcome (issue 28): a failed transaction is never "confirmed"', () => {
  it('a send that reverts on chain: pendingSends says failed, with the chain’s reason and the explorer link', async () => {
    const t = setup()
    current = t.portico
    await t.portico.connect('fake.wallet')
    const hash = await t.portico.send({ token: t.token, amount: '0.5', to: TO })
    expect(t.portico.getState().pendingSends?.[0]).toMatchObject({
      hash,
      status: 'pending',
      explorerUrl: `https://scan.example/tx/${hash}`,
    })
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    const reason = { message: 'Paused: transfers are off', code: '0x08c379a0' }
    t.outcomes[0]!({ status: 'failed', hash, block: '12', reason })
    await vi.waitFor(() => expect(t.portico.getState().pendingSends?.[0]?.status).toBe('failed'))
    expect(t.portico.getState().pendingSends?.[0]).toMatchObject({
      reason,
      outcome: { status: 'failed', block: '12' },
      explorerUrl: `https://scan.example/tx/${hash}`,
    })
    // The balance is read again all the same: the fee was paid.
    await vi.waitFor(() =>
      expect(t.adapter.calls.filter((c) => c.method === 'getBalance').length).toBeGreaterThanOrEqual(2),
    )
  })

  it('succeeded reads as confirmed (the history’s word); dropped as dropped with why', async () => {
    const t = setup()
    current = t.portico
    await t.portico.connect('fake.wallet')
    const hash = await t.portico.send({ token: t.token, amount: '0.5', to: TO })
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(1))
    t.outcomes[0]!({ status: 'succeeded', hash })
    await vi.waitFor(() => expect(t.portico.getState().pendingSends?.[0]?.status).toBe('confirmed'))

    // A second send, under its own hash, that never makes it into a block.
    t.adapter.sendTransaction = async () => `0x${'3'.repeat(64)}`
    const second = await t.portico.send({ token: t.token, amount: '0.1', to: TO })
    await vi.waitFor(() => expect(t.outcomes).toHaveLength(2))
    t.outcomes[1]!({ status: 'dropped', hash: second, reason: 'no longer in the mempool' })
    await vi.waitFor(() =>
      expect(t.portico.getState().pendingSends?.find((p) => p.hash === second)).toMatchObject({
        status: 'dropped',
        reason: { message: 'no longer in the mempool' },
      }),
    )
  })
})

describe('reserves (getReserve): Max and the amount check keep what the chain requires', () => {
  it('Max is balance − 1.25 × fee − the reserve; getSendReserve says why', async () => {
    const t = setup({ reserve: RESERVE })
    current = t.portico
    await t.portico.connect('fake.wallet')
    const max = await t.portico.getMaxSendAmount({ token: t.token, to: TO })
    // 1 − 0.0125 − 0.1
    expect(max).toBe(E18 - ((E18 / 100n) * 125n) / 100n - E18 / 10n)
    expect(await t.portico.getSendReserve({ token: t.token })).toEqual(RESERVE)
  })

  it('an amount that would leave less than the reserve is refused with BelowMinimumBalanceError naming the minimum and the reason', async () => {
    const t = setup({ reserve: RESERVE })
    current = t.portico
    await t.portico.connect('fake.wallet')
    const error = await t.portico.prepareSend({ token: t.token, amount: '0.95', to: TO }).catch((e) => e)
    expect(error).toBeInstanceOf(BelowMinimumBalanceError)
    expect(error).toMatchObject({ minimum: '0.1 COIN', account: 'sender', details: RESERVE.reason })
    // Within the balance less fee and reserve: accepted, and the reserve travels with the preview.
    const prepared = await t.portico.prepareSend({ token: t.token, amount: '0.85', to: TO })
    expect(prepared.reserve).toEqual(RESERVE)
  })

  it('the minimum in BelowMinimumBalanceError is exact, not the 3-decimal display (0.00089088, never "0.000")', async () => {
    const small: AccountReserve = {
      keep: coin(890_880_000_000_000n, '0.000'),
      kind: 'rent-exempt-minimum',
      reason: 'keeps 0.00089088 COIN (rent-exempt minimum)',
    }
    const t = setup({ reserve: small })
    current = t.portico
    await t.portico.connect('fake.wallet')
    const error = await t.portico.prepareSend({ token: t.token, amount: '0.99', to: TO }).catch((e) => e)
    expect(error).toBeInstanceOf(BelowMinimumBalanceError)
    expect(error).toMatchObject({ minimum: '0.00089088 COIN', account: 'sender' })
    expect((error as Error).message).toContain(
      'Your account must keep at least 0.00089088 COIN on this network',
    )
  })

  it('a fee-denom reserve of a token send is in the fee coin: Max is the whole token balance, and a fee coin balance under it is refused (BelowMinimumBalanceError naming the fee coin)', async () => {
    const FEE_DENOM: AccountReserve = {
      keep: coin(E18 / 200n, '0.005'),
      kind: 'fee-denom',
      reason: 'The fee is paid in COIN: keep 0.005 COIN for it',
    }
    const t = setup({ reserve: FEE_DENOM })
    current = t.portico
    await t.portico.connect('fake.wallet')
    const usdc = { token: 'uusdc', symbol: 'USDC', decimals: 6, value: 2_000_000n }
    // Nothing of the token is kept: its fee is paid in COIN.
    expect(await t.portico.getMaxSendAmount({ token: usdc, to: TO })).toBe(2_000_000n)
    t.adapter.balanceImpl = async () => coin(E18, '1.000')
    const prepared = await t.portico.prepareSend({ token: usdc, amount: '2', to: TO })
    expect(prepared.amount).toBe(2_000_000n)
    expect(prepared.reserve).toEqual(FEE_DENOM)
    // 0.004 COIN cannot pay a 0.005 COIN fee: refused before signing, with the fee coin's minimum.
    t.adapter.balanceImpl = async () => coin((E18 / 1000n) * 4n, '0.004')
    const error = await t.portico.prepareSend({ token: usdc, amount: '1', to: TO }).catch((e) => e)
    expect(error).toBeInstanceOf(BelowMinimumBalanceError)
    expect(error).toMatchObject({ minimum: '0.005 COIN', account: 'sender', details: FEE_DENOM.reason })
  })

  it('without getReserve nothing is kept beyond the fee (and the fee still counts)', async () => {
    const t = setup()
    current = t.portico
    await t.portico.connect('fake.wallet')
    expect(await t.portico.getSendReserve({ token: t.token })).toBeUndefined()
    await expect(t.portico.prepareSend({ token: t.token, amount: '0.995', to: TO })).rejects.toBeInstanceOf(
      AmountExceedsBalanceError,
    )
    expect((await t.portico.prepareSend({ token: t.token, amount: '0.95', to: TO })).reserve).toBeUndefined()
  })
})
