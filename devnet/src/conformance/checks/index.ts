import type { Check } from './base.js'
import * as base from './base.js'
import * as extra from './extra.js'
import { signIn } from './sign-in.js'
import { walletConnectChannel } from './walletconnect.js'

export { type Check, type CheckResult, expectSpecificError } from './base.js'

/**
 * Every check of the kit, by name, with the title `describeChainAdapter`
 * gives it. Each is a plain function of a harness that throws when the
 * adapter breaks the rule, so the kit's own test can run it against a
 * deliberately broken adapter and expect the throw.
 */
export const conformanceChecks = {
  discovery: ['discovery finds the dev wallet: its connector is listed for the namespace', base.discovery],
  caip10Accounts: [
    'connect gives valid CAIP-10 accounts composed by the adapter for the active network',
    base.caip10Accounts,
  ],
  balance: [
    'the balance of a funded account equals the node’s, formatted with 3 decimals (SPEC §5)',
    base.balance,
  ],
  signature: [
    'a signed message verifies with the kit’s own verifier for the chain (not the adapter’s), and not for another message',
    base.signature,
  ],
  signIn: [
    'sign-in: the namespace’s CAIP-122 message (or the wallet’s own sign-in text) for the account verifies with the kit’s own verifier, and not for another nonce',
    signIn,
  ],
  transfer: [
    'a transfer moves the receiver’s balance by the amount and the sender’s by amount + the fee charged',
    base.transfer,
  ],
  send: [
    'Send: portico.send of the native currency, built by the adapter’s transferRequest and priced first, moves the receiver by the amount; a malformed receiver is refused with InvalidReceiverAddressError',
    base.send,
  ],
  userRejection: [
    'a user rejection in the wallet gives UserRejectedRequestError, and the next request goes through',
    base.userRejection,
  ],
  heldThenCancelled: [
    'a held request stays pending in core state until cancelled in the wallet (UserRejectedRequestError)',
    base.heldThenCancelled,
  ],
  walletAccountsChanged: [
    'accountsChanged from the wallet updates core state (address and CAIP-10 address)',
    base.walletAccountsChanged,
  ],
  walletChainChanged: [
    'chainChanged from the wallet updates the active network in core state',
    base.walletChainChanged,
  ],
  walletDisconnect: ['disconnect from the wallet resets the namespace in core state', base.walletDisconnect],
  malformedAddress: [
    'a malformed address from the wallet gives a specific typed error (not UnknownError), not a connection',
    base.malformedAddress,
  ],
  malformedSignature: [
    'a signature of the wrong length from the wallet gives a specific typed error (not UnknownError)',
    base.malformedSignature,
  ],
  fees: [
    'the fee Send shows is within the stated tolerance of the fee the node charged',
    extra.feeEstimatedVsCharged,
  ],
  outcomes: [
    'waitForTransaction: a landed transfer is succeeded; a transaction that fails on chain is failed with a reason',
    extra.outcomes,
  ],
  reserves: ['getReserve answers what the account keeps; Max and the amount check keep it', extra.reserves],
  networkSwitch: [
    'an app-side network switch moves core’s active network and the account’s CAIP-10 id',
    extra.appNetworkSwitch,
  ],
  tokens: ['token balances equal the node’s and a token Send moves exactly the amount', extra.tokens],
  signTransaction: [
    'signTransaction gives a transaction the chain’s tools accept; a rejection is UserRejectedRequestError',
    extra.signTransaction,
  ],
  restore: [
    'a fresh Portico and adapter over the same storage restore the connection (a page reload)',
    extra.restoreAfterReload,
  ],
  walletConnect: [
    'over a real WalletConnect session: connect, a verified signature, 5000 as UserRejectedRequestError, a transfer that lands',
    walletConnectChannel,
  ],
} as const satisfies Record<string, readonly [string, Check]>

export type ConformanceCheckName = keyof typeof conformanceChecks
