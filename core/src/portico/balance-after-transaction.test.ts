import { afterEach, describe, expect, it, vi } from 'vitest'
import { BALANCE_RETRY_BLOCK_MS, RPC_POLLING_INTERVAL_MS } from '../constants/index.js'
import type { Balance, Portico, TokenHolding } from '../contracts/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger, type FakeAdapter } from '../test-helpers/index.js'
import { createPortico } from './index.js'

const ether = (whole: bigint): Balance => ({
  value: whole * 10n ** 18n,
  decimals: 18,
  symbol: 'COIN',
  formatted: `${whole}.000`,
})
const usdc = (units: bigint): TokenHolding => ({
  token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  value: units,
  formatted: '',
})

function deferred() {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A chain whose balances the test changes by hand ("the transaction got mined"). */
function setup(opts: { wait?: boolean } = {}) {
  const chain = { native: ether(10_000n), usdc: usdc(1_000_000_000_000n), tokenFailure: false }
  const adapter: FakeAdapter = createFakeAdapter({
    tokenBalances: async () => {
      if (chain.tokenFailure) throw new Error('RPC down')
      return [chain.usdc]
    },
  })
  adapter.balanceImpl = async () => chain.native
  const mined = deferred()
  if (opts.wait) {
    adapter.waitForTransaction = async (params) => {
      adapter.calls.push({ method: 'waitForTransaction', params })
      await mined.promise
      return { status: 'succeeded', hash: params.hash }
    }
  }
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
  })
  const count = (method: string) => adapter.calls.filter((c) => c.method === method).length
  const account = () => portico.getState().accounts.eip155
  const usdcShown = () => account()?.tokenBalance.find((t) => t.symbol === 'USDC')?.quantity.numeric
  return { adapter, portico, chain, mined, count, account, usdcShown }
}

async function connected(
  portico: Portico,
  count: (m: string) => number,
  wait: (check: () => void) => Promise<unknown> = vi.waitFor,
) {
  await portico.connect('fake.wallet')
  await wait(() => expect(portico.getState().accounts.eip155?.balance).toBe('10000.000'))
  await wait(() => expect(count('getTokenBalances')).toBe(1))
  await wait(() => expect(portico.getState().accounts.eip155?.balanceLoading).toBe(false))
}

const send = (portico: Portico) =>
  portico.sendTransaction!({ request: { to: '0xdef0000000000000000000000000000000000002', value: 1n } })

/** Polls with the real clock (vi.waitFor would move fake timers forward on each check). */
async function until(check: () => void, ms = 2_000): Promise<void> {
  const end = performance.now() + ms
  for (;;) {
    try {
      check()
      return
    } catch (error) {
      if (performance.now() > end) throw error
      await new Promise<void>((r) => queueMicrotask(r))
      await new Promise<void>((r) => setImmediate(r))
    }
  }
}

let current: Portico | undefined
afterEach(() => {
  current?.destroy()
  current = undefined
  vi.useRealTimers()
})

describe('balances are re-read after a transaction (SPEC §3 balance/tokenBalance, §9 RPC_POLLING_INTERVAL_MS)', () => {
  it('with waitForTransaction: sendTransaction returns the hash at once; balance and tokenBalance are re-read once the adapter reports the transaction included', async () => {
    const t = setup({ wait: true })
    current = t.portico
    await connected(t.portico, t.count)
    const hash = await send(t.portico)
    expect(hash).toBe(`0x${'1'.repeat(64)}`)
    const waits = t.adapter.calls.filter((c) => c.method === 'waitForTransaction')
    // One wait for the transaction, shared by the balance re-read and the outcome core follows.
    expect(waits).toHaveLength(1)
    expect(waits[0]!.params).toMatchObject({ hash, caipNetworkId: 'eip155:1' })
    // Not mined yet: nothing re-read.
    await new Promise((r) => setTimeout(r, 20))
    expect(t.count('getBalance')).toBe(1)

    t.chain.native = ether(9_999n)
    t.chain.usdc = usdc(999_987_500_000n)
    t.mined.resolve()
    await vi.waitFor(() => expect(t.account()?.balance).toBe('9999.000'))
    await vi.waitFor(() => expect(t.usdcShown()).toBe('999987.5'))
    expect(t.account()?.balanceLoading).toBe(false)
    // One read for the transaction: the native read is shared by balance and tokenBalance.
    expect(t.count('getBalance')).toBe(2)
    expect(t.count('getTokenBalances')).toBe(2)
  })

  it('a reverted or unknown outcome still re-reads (gas was paid): waitForTransaction rejecting reads balances anyway', async () => {
    const t = setup({ wait: true })
    current = t.portico
    await connected(t.portico, t.count)
    await send(t.portico)
    t.chain.native = ether(9_998n)
    t.mined.reject(new Error('receipt timeout'))
    await vi.waitFor(() => expect(t.account()?.balance).toBe('9998.000'))
  })

  it(`without waitForTransaction: re-read right away and again after RPC_POLLING_INTERVAL_MS (${RPC_POLLING_INTERVAL_MS} ms)`, async () => {
    expect(RPC_POLLING_INTERVAL_MS).toBe(4_000)
    const t = setup()
    current = t.portico
    await connected(t.portico, t.count)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    t.chain.native = ether(9_999n)
    await send(t.portico)
    await until(() => expect(t.account()?.balance).toBe('9999.000'))
    expect(t.count('getBalance')).toBe(2)

    // The node had not indexed the transfer yet at the first read; it has 4 s later.
    t.chain.usdc = usdc(999_987_500_000n)
    await vi.advanceTimersByTimeAsync(RPC_POLLING_INTERVAL_MS - 1)
    expect(t.count('getBalance')).toBe(2)
    expect(t.usdcShown()).toBe('1000000')
    await vi.advanceTimersByTimeAsync(1)
    await until(() => expect(t.usdcShown()).toBe('999987.5'))
    expect(t.count('getBalance')).toBe(3)
    // No further polling.
    await vi.advanceTimersByTimeAsync(RPC_POLLING_INTERVAL_MS * 3)
    expect(t.count('getBalance')).toBe(3)
  })

  it('no refresh storm: a read already in flight is not reused (it may predate the transaction); one follow-up read is queued and shared', async () => {
    const t = setup({ wait: true })
    current = t.portico
    await connected(t.portico, t.count)
    // A slow read that started before the transaction was mined.
    const slow = deferred()
    const before = t.chain.native
    t.adapter.balanceImpl = async () => {
      await slow.promise
      return before
    }
    const inflight = t.portico.refreshBalance!()
    await send(t.portico)
    await send(t.portico)
    await send(t.portico)
    t.mined.resolve()
    await new Promise((r) => setTimeout(r, 20))
    // Three mined transactions while one read runs: nothing more started yet.
    expect(t.count('getBalance')).toBe(2)
    t.adapter.balanceImpl = async () => t.chain.native
    t.chain.native = ether(9_997n)
    slow.resolve()
    await inflight
    await vi.waitFor(() => expect(t.account()?.balance).toBe('9997.000'))
    await new Promise((r) => setTimeout(r, 20))
    // The stale read + exactly one follow-up for the three transactions.
    expect(t.count('getBalance')).toBe(3)
    expect(t.account()?.balanceLoading).toBe(false)
  })

  it(`a failed post-transaction token read follows the retry rule: "Token Balance Unavailable", then no token read for BALANCE_RETRY_BLOCK_MS (${BALANCE_RETRY_BLOCK_MS} ms) while the native balance still updates`, async () => {
    expect(BALANCE_RETRY_BLOCK_MS).toBe(30_000)
    vi.useFakeTimers({ toFake: ['Date'] })
    const t = setup({ wait: true })
    current = t.portico
    const errors: unknown[] = []
    t.portico.on('ERROR', (e) => {
      if (e.event === 'TOKEN_BALANCE') errors.push(e.error)
    })
    await connected(t.portico, t.count, until)
    t.chain.tokenFailure = true
    t.mined.resolve()
    await send(t.portico)
    await until(() => expect(errors).toHaveLength(1))
    expect(String((errors[0] as Error).message)).toContain('Token Balance Unavailable')
    await until(() => expect(t.account()?.balanceLoading).toBe(false))
    expect(t.account()?.lastRetry).toBeTypeOf('number')
    expect(t.count('getTokenBalances')).toBe(2)

    t.chain.tokenFailure = false
    t.chain.native = ether(9_990n)
    vi.advanceTimersByTime(BALANCE_RETRY_BLOCK_MS - 1)
    await send(t.portico)
    await until(() => expect(t.account()?.balance).toBe('9990.000'))
    expect(t.count('getTokenBalances')).toBe(2)
    expect(errors).toHaveLength(1)

    vi.advanceTimersByTime(1)
    await send(t.portico)
    await until(() => expect(t.count('getTokenBalances')).toBe(3))
    await until(() => expect(t.usdcShown()).toBe('1000000'))
  })

  it(`a failed native read after an included transaction says so (balanceError, no stale amount) and is tried again RPC_POLLING_INTERVAL_MS (${RPC_POLLING_INTERVAL_MS} ms) apart, at most 4 reads`, async () => {
    const t = setup({ wait: true })
    current = t.portico
    await connected(t.portico, t.count)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let failures = 1
    t.adapter.balanceImpl = async () => {
      if (failures-- > 0) throw new Error('node mid-block')
      return t.chain.native
    }
    t.chain.native = ether(9_995n)
    await send(t.portico)
    t.mined.resolve()
    await until(() => expect(t.account()?.balanceError).toBe('node mid-block'))
    expect(t.account()?.balance).toBeUndefined()
    expect(t.count('getBalance')).toBe(2)
    await vi.advanceTimersByTimeAsync(RPC_POLLING_INTERVAL_MS)
    await until(() => expect(t.account()?.balance).toBe('9995.000'))
    expect(t.account()?.balanceError).toBeUndefined()
    expect(t.count('getBalance')).toBe(3)

    // A node that stays down: the reads stop after 4, the error stays shown.
    failures = 100
    await send(t.portico)
    await until(() => expect(t.account()?.balanceError).toBe('node mid-block'))
    for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(RPC_POLLING_INTERVAL_MS)
    expect(t.count('getBalance')).toBe(3 + 4)
    expect(t.account()?.balanceError).toBe('node mid-block')
  })

  it('a rejected sendTransaction re-reads nothing; destroy() cancels the pending re-read', async () => {
    const t = setup()
    current = t.portico
    await connected(t.portico, t.count)
    t.adapter.sendTransaction = async () => {
      throw new Error('User rejected the request.')
    }
    await expect(send(t.portico)).rejects.toThrow()
    await new Promise((r) => setTimeout(r, 20))
    expect(t.count('getBalance')).toBe(1)

    const w = setup({ wait: true })
    await connected(w.portico, w.count)
    await send(w.portico)
    w.portico.destroy()
    w.mined.resolve()
    await new Promise((r) => setTimeout(r, 20))
    expect(w.count('getBalance')).toBe(1)
  })
})
