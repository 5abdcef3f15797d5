import {
  BelowMinimumBalanceError,
  type ChainAdapter,
  type ChainNamespace,
  createMemoryStorage,
  formatUnits,
  type TransactionOutcome,
  UserRejectedRequestError,
} from '@portico/core'
import { expect } from 'vitest'
import { until } from '../../test-helpers/until.js'
import type { ConformanceHarness } from '../harness.js'
import type { ConformanceChecks } from '../types.js'
import { type Check, sendAndConfirm } from './base.js'

const ratio = (a: bigint, b: bigint) => Number((a * 1_000_000n) / (b === 0n ? 1n : b)) / 1_000_000

/** The fee Send showed is within the stated tolerance of the fee the node charged. */
export const feeEstimatedVsCharged: Check = async (h) => {
  const tolerance = h.options.checks?.fees
  if (!tolerance) return 'not-applicable'
  const s = await h.connected()
  const { portico, wallet, adapter } = s
  const native = await adapter.getBalance({ address: wallet.address, caipNetworkId: h.devnet.caipNetworkId })
  const token = { decimals: native.decimals, symbol: native.symbol, value: native.value }
  const params = { token, amount: formatUnits(h.devnet.amount, native.decimals), to: h.devnet.receiver }
  const prepared = await portico.prepareSend({ ...params, namespace: h.namespace })
  expect(prepared.feeError, String(prepared.feeError)).toBeUndefined()
  const estimated = prepared.fee!.value
  const hash = await portico.send({ ...params, namespace: h.namespace })
  await sendAndConfirm(h, s, hash)
  const charged = await h.devnet.feeOf(hash)
  expect(charged, 'the node charged a fee').toBeGreaterThan(0n)
  const r = ratio(estimated, charged)
  const at = `estimated ${estimated}, charged ${charged} (×${r})`
  expect(r, `${at}: at most ${tolerance.underAtMost ?? 0} below`).toBeGreaterThanOrEqual(
    1 - (tolerance.underAtMost ?? 0),
  )
  expect(r, `${at}: at most ×${tolerance.overAtMost}`).toBeLessThanOrEqual(tolerance.overAtMost)
  return undefined
}

/** Follows `hash` with the adapter's `waitForTransaction`, confirming it on the devnet once it is in the mempool where the chain has one. */
async function outcomeOf<N extends ChainNamespace>(
  h: ConformanceHarness<N>,
  adapter: ChainAdapter<N>,
  hash: string,
  mempool: boolean,
): Promise<{ outcome: TransactionOutcome; updates: TransactionOutcome[] }> {
  expect(adapter.waitForTransaction, 'the adapter implements waitForTransaction').toBeTypeOf('function')
  const updates: TransactionOutcome[] = []
  const waiting = adapter.waitForTransaction!({
    hash,
    caipNetworkId: h.devnet.caipNetworkId,
    timeoutMs: h.timeout * 3,
    onUpdate: (u) => updates.push(u),
  })
  if (mempool)
    await until(
      () => updates.some((u) => u.status === 'pending' && u.stage === 'mempool'),
      h.timeout,
      'onUpdate reports the transaction in the mempool',
    )
  if (h.devnet.confirm) await h.devnet.confirm(hash)
  return { outcome: await waiting, updates }
}

/** A landed transfer resolves `succeeded`; a transaction that lands and fails resolves `failed` with the chain's reason. */
export const outcomes: Check = async (h) => {
  const option = h.options.checks?.outcomes
  if (!option) return 'not-applicable'
  const { portico, wallet, adapter } = await h.connected()
  const ok = await portico.sendTransaction({
    request: h.devnet.transferRequest(h.devnet.receiver, h.devnet.amount) as never,
    namespace: h.namespace,
  })
  const succeeded = await outcomeOf(h, adapter, ok, option.mempoolStage === true)
  expect(succeeded.outcome).toMatchObject({ status: 'succeeded', hash: ok })
  if (succeeded.outcome.status === 'succeeded' && succeeded.outcome.fee)
    expect(succeeded.outcome.fee.value, 'the outcome’s fee is the charged one').toBe(await h.devnet.feeOf(ok))

  if (!option.failingRequest) return undefined
  const request = await option.failingRequest(h.devnet, wallet.address)
  const bad = await portico.sendTransaction({ request: request as never, namespace: h.namespace })
  const failed = await outcomeOf(h, adapter, bad, false)
  expect(failed.outcome, 'a transaction that failed on chain is not “succeeded”').toMatchObject({
    status: 'failed',
    hash: bad,
  })
  if (failed.outcome.status === 'failed') expect(failed.outcome.reason.message.trim()).not.toBe('')
  return undefined
}

/** `getReserve` answers what the account keeps; Max and the amount check keep it. */
export const reserves: Check = async (h) => {
  const option = h.options.checks?.reserves
  if (!option) return 'not-applicable'
  const { portico, wallet, adapter } = await h.connected()
  expect(adapter.getReserve, 'the adapter implements getReserve').toBeTypeOf('function')
  const caipNetworkId = h.devnet.caipNetworkId
  if (option.token) return await tokenReserve(h, option.kind, option.token)
  const reserve = await adapter.getReserve!({ address: wallet.address, caipNetworkId })
  expect(reserve?.kind).toBe(option.kind)
  expect(reserve!.keep.value).toBeGreaterThan(0n)
  expect(reserve!.reason.trim()).not.toBe('')
  const native = await adapter.getBalance({ address: wallet.address, caipNetworkId })
  const token = { decimals: native.decimals, symbol: native.symbol, value: native.value }
  const max = await portico.getMaxSendAmount({ token, to: h.devnet.receiver, namespace: h.namespace })
  const prepared = await portico.prepareSend({
    token,
    amount: formatUnits(max, native.decimals),
    to: h.devnet.receiver,
    namespace: h.namespace,
  })
  expect(
    max + (prepared.fee?.value ?? 0n) + reserve!.keep.value,
    'Max keeps the reserve',
  ).toBeLessThanOrEqual(native.value)
  // An amount that with the fee fits the balance but eats into the reserve: refused before signing, BelowMinimumBalanceError.
  const fee = prepared.fee?.value ?? 0n
  const greedy = native.value - fee - (reserve!.keep.value + 1n) / 2n
  const error = await portico
    .prepareSend({
      token,
      amount: formatUnits(greedy, native.decimals),
      to: h.devnet.receiver,
      namespace: h.namespace,
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    )
  expect(error, `an amount past the reserve is refused (got ${String(error)})`).toBeInstanceOf(
    BelowMinimumBalanceError,
  )
  expect((error as BelowMinimumBalanceError).account).toBe('sender')

  if (!option.newAccount) return undefined
  // A new account given less than the chain's minimum: refused before signing, naming the minimum.
  const minimum = await option.newAccount.minimum(h.devnet)
  expect(minimum, 'the chain has a minimum for a new account').toBeGreaterThan(1n)
  const fresh = option.newAccount.address()
  expect(await h.devnet.balanceOf(fresh), 'the new account is empty').toBe(0n)
  const below = await portico
    .prepareSend({
      token,
      amount: formatUnits(minimum - 1n, native.decimals),
      to: fresh,
      namespace: h.namespace,
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    )
  expect(below, `a new account below the minimum is refused (got ${String(below)})`).toBeInstanceOf(
    BelowMinimumBalanceError,
  )
  const refused = below as BelowMinimumBalanceError
  expect(refused.account).toBe('receiver')
  expect(refused.minimum, 'the error names the chain’s minimum').toContain(
    formatUnits(minimum, native.decimals),
  )
  expect(refused.message).toContain(refused.minimum)
  expect(await h.devnet.balanceOf(fresh), 'nothing was sent').toBe(0n)
  return undefined
}

/**
 * The reserve of a token send (`reserves.token`): `getReserve` with the token
 * answers the kind; a `fee-denom` reserve is the fee coin (the native
 * currency), at least the fee Send shows for the token, so none of the token
 * is kept: Max is the whole token balance, and Send of all of it goes through
 * with the reserve in its preview.
 */
async function tokenReserve<N extends ChainNamespace>(
  h: ConformanceHarness<N>,
  kind: NonNullable<ConformanceChecks<N>['reserves']>['kind'],
  option: NonNullable<NonNullable<ConformanceChecks<N>['reserves']>['token']>,
): Promise<undefined> {
  const { portico, wallet, adapter } = await h.connected()
  const caipNetworkId = h.devnet.caipNetworkId
  const reserve = await adapter.getReserve!({ address: wallet.address, caipNetworkId, token: option.token })
  expect(reserve?.kind, `getReserve for ${option.symbol}`).toBe(kind)
  expect(reserve!.keep.value).toBeGreaterThan(0n)
  expect(reserve!.reason.trim()).not.toBe('')
  const held = await option.balanceOf(wallet.address, option.token)
  expect(held, `the dev wallet holds ${option.symbol}`).toBeGreaterThan(0n)
  const token = { token: option.token, decimals: option.decimals, symbol: option.symbol, value: held }
  const max = await portico.getMaxSendAmount({ token, to: h.devnet.receiver, namespace: h.namespace })
  const prepared = await portico.prepareSend({
    token,
    amount: formatUnits(max, option.decimals),
    to: h.devnet.receiver,
    namespace: h.namespace,
  })
  expect(prepared.reserve?.kind, 'the preview carries the reserve').toBe(kind)
  if (kind !== 'fee-denom') {
    expect(max + reserve!.keep.value, 'Max keeps the reserve').toBeLessThanOrEqual(held)
    return undefined
  }
  // fee-denom: the reserve is the token send's fee, in the fee coin.
  const native = await adapter.getBalance({ address: wallet.address, caipNetworkId })
  expect(reserve!.keep.symbol, 'the reserve is in the fee coin').toBe(native.symbol)
  expect(reserve!.keep.decimals).toBe(native.decimals)
  expect(prepared.fee?.symbol, 'the token send’s fee is in the fee coin').toBe(native.symbol)
  expect(reserve!.keep.value, 'the reserve covers the fee Send shows').toBeGreaterThanOrEqual(
    prepared.fee!.value,
  )
  expect(max, 'none of the token is kept for a fee paid in the fee coin').toBe(held)
  return undefined
}

/**
 * The app switches network: core's active network and the account's CAIP-10
 * id follow, and the wallet itself (asked directly, not through the adapter)
 * is on the new network. Core records any `switched` answer, so without the
 * wallet's own word an adapter that never asks the wallet would pass.
 */
export const appNetworkSwitch: Check = async (h) => {
  const option = h.options.checks?.networkSwitch
  if (!option) return 'not-applicable'
  const { portico, wallet } = await h.connected()
  expect(option.to, 'the switch goes to another network').not.toBe(h.devnet.caipNetworkId)
  if (wallet.network)
    expect(await wallet.network(), 'the wallet starts on the devnet network').toBe(h.devnet.caipNetworkId)
  await portico.switchNetwork(option.to)
  expect(portico.getState().networks.active[h.namespace]).toBe(option.to)
  const address = option.addressOn?.(option.to) ?? wallet.address
  await h.wait(() => h.account(portico)?.caipAddress === `${option.to}:${address}`, 'the account follows')
  if (wallet.network)
    expect(await wallet.network(), 'the wallet itself is on the new network').toBe(option.to)
  return undefined
}

/** Token balances read by the adapter equal the node's; Send of the token moves exactly the amount. */
export const tokens: Check = async (h) => {
  const option = h.options.checks?.tokens
  if (!option) return 'not-applicable'
  const s = await h.connected()
  const { portico, wallet, adapter } = s
  expect(adapter.getTokenBalances, 'the adapter implements getTokenBalances').toBeTypeOf('function')
  const caipNetworkId = h.devnet.caipNetworkId
  const holdings = await adapter.getTokenBalances!({
    address: wallet.address,
    caipNetworkId,
    tokens: [option.token],
  })
  const holding = holdings.find((t) => t.token.toLowerCase() === option.token.toLowerCase())
  const onChain = await option.balanceOf(wallet.address, option.token)
  expect(onChain).toBeGreaterThan(option.amount)
  expect(holding?.value).toBe(onChain)
  expect(holding?.decimals).toBe(option.decimals)
  const before = await option.balanceOf(h.devnet.receiver, option.token)
  const token = { token: option.token, decimals: option.decimals, symbol: option.symbol, value: onChain }
  const hash = await portico.send({
    token,
    amount: formatUnits(option.amount, option.decimals),
    to: h.devnet.receiver,
    namespace: h.namespace,
  })
  await sendAndConfirm(h, s, hash)
  let after = before
  await until(
    async () => {
      after = await option.balanceOf(h.devnet.receiver, option.token)
      return after !== before
    },
    h.timeout,
    'the token transfer lands',
  )
  expect(after - before).toBe(option.amount)
  return undefined
}

/** `signTransaction` gives a transaction the chain's own tools accept; a rejection is `UserRejectedRequestError`. */
export const signTransaction: Check = async (h) => {
  const option = h.options.checks?.signTransaction
  if (!option) return 'not-applicable'
  const { portico, wallet } = await h.connected()
  const request = await option.request(h.devnet, wallet.address)
  const result = await portico.signTransaction({ request: request as never, namespace: h.namespace })
  expect(
    await option.verify(result as never, wallet.address, request),
    'the chain’s tools accept the signed transaction, signed by the account over what was asked',
  ).toBe(true)
  wallet.controls.rejectNext()
  const error = await portico.signTransaction({ request: request as never, namespace: h.namespace }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  return undefined
}

/** After a reload (a fresh Portico and adapter over the same storage), the connection comes back with the same account. */
export const restoreAfterReload: Check = async (h) => {
  if (!h.options.checks?.restore) return 'not-applicable'
  const storage = createMemoryStorage()
  const first = await h.start({ storage })
  await first.portico.connect(first.wallet.connectorId, { namespace: h.namespace })
  const address = first.wallet.address
  first.portico.destroy()
  const second = await h.start({ storage, wallet: first.wallet })
  await h.wait(
    () => h.account(second.portico)?.status === 'connected' && h.account(second.portico)?.address === address,
    'the fresh instance restores the connection',
  )
  const { accounts } = await second.adapter.getAccounts({ connectorId: first.wallet.connectorId })
  expect(accounts.map((a) => a.address)).toContain(address)
  return undefined
}
