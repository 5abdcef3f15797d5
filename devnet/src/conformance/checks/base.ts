import {
  type ChainNamespace,
  formatUnits,
  InvalidReceiverAddressError,
  PorticoError,
  UnknownError,
  UserRejectedRequestError,
} from '@portico/core'
import { expect } from 'vitest'
import { until } from '../../test-helpers/until.js'
import type { ConformanceHarness } from '../harness.js'
import { verifyMessageIndependently } from '../verifiers/index.js'

/** What a check resolves: nothing when it passed, `not-applicable` when the wallet family cannot do what it checks. */
export type CheckResult = undefined | 'not-applicable'
export type Check = <N extends ChainNamespace>(h: ConformanceHarness<N>) => Promise<CheckResult>

const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/** A typed error of a specific kind: a Portico error, not the catch-all `UnknownError` core wraps a crash in, nor the bare base class. */
export function expectSpecificError(
  error: unknown,
  cls?: abstract new (...args: never[]) => PorticoError,
): void {
  expect(error, 'a typed error').toBeInstanceOf(PorticoError)
  expect(error, 'not the catch-all UnknownError (core wraps any crash in it)').not.toBeInstanceOf(
    UnknownError,
  )
  expect((error as object).constructor, 'a subclass, not the bare PorticoError').not.toBe(PorticoError)
  if (cls) expect(error, `the adapter's own ${cls.name}`).toBeInstanceOf(cls)
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

export const discovery: Check = async (h) => {
  const { portico, wallet } = await h.start()
  const connector = portico.getState().connectors.find((c) => c.id === wallet.connectorId)
  expect(connector).toMatchObject({ chain: h.namespace })
  expect(typeof connector?.name).toBe('string')
  return undefined
}

export const caip10Accounts: Check = async (h) => {
  const { portico, wallet, adapter } = await h.connected()
  const state = h.account(portico)
  expect(state?.status).toBe('connected')
  expect(state?.address).toBe(wallet.address)
  expect(state?.caipAddress).toMatch(CAIP10)
  expect(state?.caipAddress).toBe(`${portico.getState().networks.active[h.namespace]}:${wallet.address}`)
  const { accounts } = await adapter.getAccounts({ connectorId: wallet.connectorId })
  expect(accounts.length).toBeGreaterThan(0)
  for (const a of accounts) {
    expect(a.namespace).toBe(h.namespace)
    expect(a.caipAddress).toMatch(CAIP10)
    expect(a.caipAddress.endsWith(`:${a.address}`)).toBe(true)
  }
  return undefined
}

export const balance: Check = async (h) => {
  const { portico, wallet, adapter } = await h.connected()
  const onChain = await h.devnet.balanceOf(wallet.address)
  expect(onChain).toBeGreaterThan(0n)
  const read = await adapter.getBalance({ address: wallet.address, caipNetworkId: h.devnet.caipNetworkId })
  expect(read.value).toBe(onChain)
  expect(read.formatted).toMatch(/^\d+\.\d{3}$/)
  await h.wait(() => h.account(portico)?.balance === read.formatted, 'core state shows the balance')
  return undefined
}

export const signature: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  const message = `Portico conformance ${h.namespace} ${Date.now()}`
  const signed = await portico.signMessageDetailed({ message, namespace: h.namespace })
  expect(typeof signed.signature).toBe('string')
  const args = { address: wallet.address, message, signed }
  expect(await verifyMessageIndependently(h.namespace, args), 'the kit’s own verifier accepts it').toBe(true)
  if (h.devnet.verifyMessage) expect(await h.devnet.verifyMessage(args), 'the caller’s verifier').toBe(true)
  // The same signature does not pass for another message: the verifier checks what was signed.
  const other = { ...args, message: `${message}!` }
  expect(await verifyMessageIndependently(h.namespace, other)).toBe(false)
  return undefined
}

/** Waits until `address`'s native balance on the node differs from `before`; resolves the new one. */
export async function landed<N extends ChainNamespace>(
  h: ConformanceHarness<N>,
  address: string,
  before: bigint,
  what: string,
): Promise<bigint> {
  let after = before
  await until(
    async () => {
      after = await h.devnet.balanceOf(address)
      return after !== before
    },
    h.timeout,
    what,
  )
  return after
}

/** Sends `request` through core and brings it into a block (the devnet's `confirm`, else the adapter's wait). */
export async function sendAndConfirm<N extends ChainNamespace>(
  h: ConformanceHarness<N>,
  s: { portico: import('@portico/core').Portico; adapter: import('@portico/core').ChainAdapter<N> },
  hash: string,
): Promise<void> {
  if (h.devnet.confirm) await h.devnet.confirm(hash)
  else await s.adapter.waitForTransaction?.({ hash, caipNetworkId: h.devnet.caipNetworkId })
}

export const transfer: Check = async (h) => {
  const s = await h.connected()
  const { portico, wallet } = s
  const [senderBefore, receiverBefore] = await Promise.all([
    h.devnet.balanceOf(wallet.address),
    h.devnet.balanceOf(h.devnet.receiver),
  ])
  const hash = await portico.sendTransaction({
    request: h.devnet.transferRequest(h.devnet.receiver, h.devnet.amount) as never,
    namespace: h.namespace,
  })
  expect(typeof hash).toBe('string')
  await sendAndConfirm(h, s, hash)
  const receiverAfter = await landed(h, h.devnet.receiver, receiverBefore, 'the transfer lands')
  expect(receiverAfter - receiverBefore).toBe(h.devnet.amount)
  const fee = await h.devnet.feeOf(hash)
  expect(fee).toBeGreaterThan(0n)
  expect(senderBefore - (await h.devnet.balanceOf(wallet.address))).toBe(h.devnet.amount + fee)
  return undefined
}

export const send: Check = async (h) => {
  const s = await h.connected()
  const { portico, wallet, adapter } = s
  expect(adapter.transferRequest, 'the adapter implements transferRequest').toBeTypeOf('function')
  expect(adapter.isValidAddress, 'the adapter implements isValidAddress').toBeTypeOf('function')
  const native = await adapter.getBalance({ address: wallet.address, caipNetworkId: h.devnet.caipNetworkId })
  const token = { decimals: native.decimals, symbol: native.symbol, value: native.value }
  const amount = formatUnits(h.devnet.amount, native.decimals)
  const namespace = h.namespace
  const refused = await rejection(portico.prepareSend({ token, amount, to: 'not-an-address', namespace }))
  expect(refused).toBeInstanceOf(InvalidReceiverAddressError)
  const prepared = await portico.prepareSend({ token, amount, to: h.devnet.receiver, namespace })
  expect(prepared.amount).toBe(h.devnet.amount)
  expect(prepared.feeError, String(prepared.feeError)).toBeUndefined()
  expect(prepared.fee!.value).toBeGreaterThan(0n)
  const before = await h.devnet.balanceOf(h.devnet.receiver)
  const hash = await portico.send({ token, amount, to: h.devnet.receiver, namespace })
  await sendAndConfirm(h, s, hash)
  const after = await landed(h, h.devnet.receiver, before, 'the sent amount lands')
  expect(after - before).toBe(h.devnet.amount)
  return undefined
}

export const userRejection: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  wallet.controls.rejectNext()
  const error = await rejection(portico.signMessage({ message: 'no', namespace: h.namespace }))
  expect(error).toBeInstanceOf(UserRejectedRequestError)
  await expect(portico.signMessage({ message: 'yes', namespace: h.namespace })).resolves.toBeTypeOf('string')
  return undefined
}

export const heldThenCancelled: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  wallet.controls.holdNext()
  const requestId = `held-${h.namespace}`
  const signing = portico.signMessage({ message: 'later', namespace: h.namespace, requestId })
  const settled = rejection(signing)
  const held = await wallet.controls.nextHeld()
  expect(portico.getState().requests[requestId]?.status).toBe('pending')
  held.reject()
  expect(await settled).toBeInstanceOf(UserRejectedRequestError)
  expect(portico.getState().requests[requestId]?.status).toBe('rejected')
  await expect(portico.signMessage({ message: 'after', namespace: h.namespace })).resolves.toBeTypeOf(
    'string',
  )
  return undefined
}

export const walletAccountsChanged: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  if (!wallet.switchAccount) return 'not-applicable'
  const before = wallet.address
  const next = await wallet.switchAccount()
  expect(next).not.toBe(before)
  await h.wait(() => h.account(portico)?.address === next, 'core follows the new account')
  expect(h.account(portico)?.caipAddress).toBe(`${portico.getState().networks.active[h.namespace]}:${next}`)
  return undefined
}

export const walletChainChanged: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  if (!wallet.switchChain) return 'not-applicable'
  const next = await wallet.switchChain()
  await h.wait(() => portico.getState().networks.active[h.namespace] === next, 'core follows the new network')
  return undefined
}

export const walletDisconnect: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  if (!wallet.disconnect) return 'not-applicable'
  await wallet.disconnect()
  await h.wait(() => h.account(portico)?.status === 'disconnected', 'core shows disconnected')
  expect(h.account(portico)?.address).toBeUndefined()
  return undefined
}

export const malformedAddress: Check = async (h) => {
  const { portico, wallet } = await h.start()
  wallet.controls.tamperNext('accounts')
  const error = await rejection(portico.connect(wallet.connectorId, { namespace: h.namespace }))
  const checks = h.options.checks
  expectSpecificError(error, checks?.malformedAccountsError ?? checks?.invalidWalletResponseError)
  expect(error).not.toBeInstanceOf(UserRejectedRequestError)
  expect(h.account(portico)?.status ?? 'disconnected').toBe('disconnected')
  return undefined
}

export const malformedSignature: Check = async (h) => {
  const { portico, wallet } = await h.connected()
  wallet.controls.tamperNext('signature')
  const error = await rejection(portico.signMessage({ message: 'short', namespace: h.namespace }))
  const checks = h.options.checks
  expectSpecificError(error, checks?.malformedSignatureError ?? checks?.invalidWalletResponseError)
  expect(error).not.toBeInstanceOf(UserRejectedRequestError)
  return undefined
}
