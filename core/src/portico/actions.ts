import type { AccountsService, BalanceService } from '../accounts/index.js'
import { createCalls } from '../calls/runtime.js'
import type { BlockchainApi, ChainNamespace, Logger, OpenOptions, PorticoState } from '../contracts/index.js'
import type { PayExchangeProvider, PaymentSession, PaymentsGateway } from '../contracts/pay.js'
import type { InstanceEventBus } from '../events/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import { createPay } from '../pay/runtime.js'
import { createSend } from '../send/index.js'
import { createSmartSessions } from '../sessions/runtime.js'
import type { Store } from '../state/index.js'
import { createOutcomes } from '../transactions/index.js'
import { createRequestTracking, createWalletRequests } from './wallet-requests.js'

/** What the instance's actions are built from (all of it exists once `createPortico` returned). */
export interface ActionsDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  adapters: AdapterRegistry
  balance: BalanceService
  events: InstanceEventBus
  logger: Logger
  blockchain: BlockchainApi
  isDestroyed(): boolean
  open(options: OpenOptions): Promise<void>
  close(): void
  requester(): PaymentSession['requester']
  gateway?: PaymentsGateway
  exchanges?: readonly PayExchangeProvider[]
}

/**
 * The instance's actions that drawing the button and the Connect view never
 * needs: wallet requests, transaction outcomes, EIP-5792 calls, Send, Pay and
 * smart sessions. `lazy-actions.ts` loads this module with `import()` on the
 * first call of any of them, so it is a chunk of its own in a host's bundle.
 */
export function createActions(deps: ActionsDeps) {
  const { store, accounts, adapters, balance, isDestroyed, logger } = deps
  const outcomes = createOutcomes({ store, adapters, isDestroyed })
  const walletRequests = createWalletRequests({ store, accounts, adapters, balance, outcomes, isDestroyed })
  const calls = createCalls({
    store,
    tracking: createRequestTracking({ store, accounts, adapters, isDestroyed }),
    balance,
    isDestroyed,
  })
  const send = createSend({
    store,
    accounts,
    adapters,
    sendTransaction: walletRequests.sendTransaction,
    outcomes,
    logger,
  })
  const pay = createPay({
    store,
    accounts,
    adapters,
    send,
    outcomes,
    events: deps.events,
    open: deps.open,
    close: deps.close,
    requester: deps.requester,
    ...(deps.gateway ? { gateway: deps.gateway } : {}),
    ...(deps.exchanges ? { exchanges: deps.exchanges } : {}),
    logger,
  })
  const sessions = createSmartSessions({
    blockchain: deps.blockchain,
    account: (namespace?: ChainNamespace) => {
      const ns = namespace ?? store.getState().activeNamespace
      const account = ns ? accounts.get(ns) : undefined
      return ns && account?.status === 'connected' && account.address
        ? { namespace: ns, address: account.address }
        : undefined
    },
    adapter: (namespace) => adapters.find(namespace),
    signTypedData: (params) => walletRequests.signTypedData(params),
  })
  return { outcomes, walletRequests, calls, send, pay, sessions }
}

export type Actions = ReturnType<typeof createActions>
