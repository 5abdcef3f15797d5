import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Portico, TransactionOutcome } from '../contracts/index.js'
import {
  InvalidTransactionOutcomeError,
  MethodNotSupportedError,
  type PorticoError,
  UnknownError,
} from '../errors/index.js'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createFakeAdapter, createRecordingLogger, type FakeAdapter } from '../test-helpers/index.js'

const HASH = `0x${'1'.repeat(64)}`
const REVERT: TransactionOutcome = {
  status: 'failed',
  hash: HASH,
  block: '7',
  reason: { message: 'Paused: transfers are off', code: '0x08c379a0', raw: '0x08c379a0…' },
}

/** A chain whose next outcome the test settles by hand; `updates` are reported (onUpdate) before it. */
function setup(opts: { wait?: boolean } = {}) {
  const adapter: FakeAdapter = createFakeAdapter()
  let settle!: (outcome: unknown) => void
  let fail!: (error: unknown) => void
  const answer = new Promise<unknown>((res, rej) => {
    settle = res
    fail = rej
  })
  const updates: TransactionOutcome[] = []
  if (opts.wait !== false) {
    adapter.waitForTransaction = async (params) => {
      adapter.calls.push({ method: 'waitForTransaction', params })
      for (const u of updates) params.onUpdate?.(u)
      return (await answer) as TransactionOutcome
    }
  }
  const portico = createPortico({
    adapters: [adapter],
    storage: createMemoryStorage(),
    logger: createRecordingLogger(),
  })
  const waits = () => adapter.calls.filter((c) => c.method === 'waitForTransaction').length
  return { adapter, portico, settle, fail, updates, waits }
}

async function sent(portico: Portico) {
  await portico.connect('fake.wallet')
  return portico.sendTransaction({ request: { to: '0xdef0000000000000000000000000000000000002', value: 1n } })
}

let current: Portico | undefined
afterEach(() => {
  current?.destroy()
  current = undefined
})

describe('portico.waitForTransaction: the chain’s outcome, never "confirmed" for a failure', () => {
  it('a transaction included and failed resolves failed with the chain’s reason; state.outcomes holds it; one adapter wait is shared with the balance re-read', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    expect(t.portico.getState().outcomes?.[hash]).toEqual({ status: 'pending', hash, stage: 'submitted' })
    const outcome = t.portico.waitForTransaction({ hash })
    t.settle({ ...REVERT, extra: 'not in the contract' })
    expect(await outcome).toEqual(REVERT)
    expect(t.portico.getState().outcomes?.[hash]).toEqual(REVERT)
    expect(t.waits()).toBe(1)
    // Asked again once settled: the known answer, no new wait.
    expect(await t.portico.waitForTransaction({ hash })).toEqual(REVERT)
    expect(t.waits()).toBe(1)
  })

  it('a user operation’s outcome keeps the including transaction (`transactionHash`), a plain id only: markup is dropped', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    const outcome = t.portico.waitForTransaction({ hash })
    const bundle = `0x${'b'.repeat(64)}`
    t.settle({ status: 'succeeded', hash, block: '9', transactionHash: bundle })
    expect(await outcome).toEqual({ status: 'succeeded', hash, block: '9', transactionHash: bundle })

    const u = setup()
    current?.destroy()
    current = u.portico
    const other = await sent(u.portico)
    const refused = u.portico.waitForTransaction({ hash: other })
    u.settle({ status: 'succeeded', hash: other, transactionHash: '<img src=x onerror=alert(1)>' })
    expect(await refused).toEqual({ status: 'succeeded', hash: other })
  })

  it('dropped and replaced: resolves dropped with replacedBy', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    const replacedBy = `0x${'2'.repeat(64)}`
    t.settle({ status: 'dropped', hash, replacedBy, reason: 'replaced by fee' })
    expect(await t.portico.waitForTransaction({ hash })).toEqual({
      status: 'dropped',
      hash,
      replacedBy,
      reason: 'replaced by fee',
    })
  })

  it('the caller’s timeoutMs ends its own wait with pending; the shared wait goes on and its outcome lands in state', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    expect(await t.portico.waitForTransaction({ hash, timeoutMs: 5 })).toEqual({
      status: 'pending',
      hash,
      stage: 'submitted',
    })
    t.settle({ status: 'succeeded', hash, block: '9' })
    await vi.waitFor(() => expect(t.portico.getState().outcomes?.[hash]?.status).toBe('succeeded'))
  })

  it('intermediate reports (Bitcoin: in the mempool, then confirmations) land in state.outcomes; a late onUpdate gets the latest at once', async () => {
    const t = setup()
    current = t.portico
    t.updates.push({ status: 'pending', hash: HASH, stage: 'mempool' })
    t.updates.push({ status: 'pending', hash: HASH, stage: 'mempool', confirmations: 0 })
    const hash = await sent(t.portico)
    const seen: TransactionOutcome[] = []
    const done = t.portico.waitForTransaction({ hash, onUpdate: (o) => seen.push(o) })
    await vi.waitFor(() =>
      expect(t.portico.getState().outcomes?.[hash]).toEqual({
        status: 'pending',
        hash,
        stage: 'mempool',
        confirmations: 0,
      }),
    )
    t.settle({ status: 'succeeded', hash, confirmations: 1 })
    expect(await done).toEqual({ status: 'succeeded', hash, confirmations: 1 })
    // Asked after both reports: the latest is replayed at once; the outcome itself is what resolves.
    expect(seen).toEqual([{ status: 'pending', hash, stage: 'mempool', confirmations: 0 }])
  })

  it('an answer that is not an outcome (the old contract’s "success") rejects with InvalidTransactionOutcomeError', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    t.settle('success')
    const error = await t.portico.waitForTransaction({ hash }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidTransactionOutcomeError)
    expect((error as PorticoError).code).toBe('INVALID_TRANSACTION_OUTCOME')
    // Nothing is claimed: the state still says pending.
    expect(t.portico.getState().outcomes?.[hash]?.status).toBe('pending')
  })

  it('a failed outcome without a reason is refused, not shown as a failure with no why', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    t.settle({ status: 'failed', hash })
    await expect(t.portico.waitForTransaction({ hash })).rejects.toBeInstanceOf(
      InvalidTransactionOutcomeError,
    )
  })

  it('the node cannot be asked: rejects with a typed error (the adapter’s throw, converted)', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    t.fail(new Error('fetch failed'))
    await expect(t.portico.waitForTransaction({ hash })).rejects.toBeInstanceOf(UnknownError)
  })

  it('the signal aborts the caller’s wait with its reason', async () => {
    const t = setup()
    current = t.portico
    const hash = await sent(t.portico)
    const controller = new AbortController()
    const wait = t.portico.waitForTransaction({ hash, signal: controller.signal })
    controller.abort(new Error('left the page'))
    await expect(wait).rejects.toThrow('left the page')
  })

  it('an adapter without waitForTransaction: MethodNotSupportedError', async () => {
    const t = setup({ wait: false })
    current = t.portico
    const hash = await sent(t.portico)
    await expect(t.portico.waitForTransaction({ hash })).rejects.toBeInstanceOf(MethodNotSupportedError)
    expect(t.portico.getState().outcomes?.[hash]).toBeUndefined()
  })
})
