import type { AccountsService, BalanceService } from '../accounts/index.js'
import type { Logger, PorticoState } from '../contracts/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import { createSend } from '../send/index.js'
import { createSmartSessions } from '../sessions/index.js'
import type { Store } from '../state/index.js'
import { createOutcomes } from '../transactions/index.js'
import type { InstanceApi } from './api.js'
import type { LazyRequestApi } from './requests.js'
import { createWalletRequests } from './wallet-requests.js'

/** What the instance hands the request runtime (built once, on the first wallet request). */
export interface RequestsDeps {
  store: Store<PorticoState>
  accounts: AccountsService
  adapters: AdapterRegistry
  balance: BalanceService
  api: InstanceApi
  logger: Logger
  isDestroyed(): boolean
}

/**
 * The instance's wallet requests (sign, send, tracked in `state.requests`),
 * the transaction outcomes they follow, the Send flow and smart sessions. A
 * lazy chunk: `createPortico` loads it with the first call (see `requests.ts`).
 */
export function createRequests(deps: RequestsDeps): LazyRequestApi {
  const { store, accounts, adapters, logger } = deps
  const outcomes = createOutcomes({ store, adapters, isDestroyed: deps.isDestroyed })
  const walletRequests = createWalletRequests({
    store,
    accounts,
    adapters,
    balance: deps.balance,
    outcomes,
    isDestroyed: deps.isDestroyed,
  })
  const send = createSend({
    store,
    accounts,
    adapters,
    sendTransaction: walletRequests.sendTransaction,
    outcomes,
    logger,
  })
  const sessions = createSmartSessions({
    blockchain: deps.api.blockchain,
    account: (namespace) => {
      const ns = namespace ?? store.getState().activeNamespace
      const account = ns ? accounts.get(ns) : undefined
      return ns && account?.status === 'connected' && account.address
        ? { namespace: ns, address: account.address }
        : undefined
    },
    adapter: (namespace) => adapters.find(namespace),
    signTypedData: (params) => walletRequests.signTypedData(params),
  })
  return {
    signMessage: walletRequests.signMessage,
    signMessageDetailed: walletRequests.signMessageDetailed,
    sendTransaction: walletRequests.sendTransaction,
    signTransaction: walletRequests.signTransaction,
    signTypedData: walletRequests.signTypedData,
    waitForTransaction: (params) => outcomes.follow(params),
    prepareSend: send.prepareSend,
    send: send.send,
    getMaxSendAmount: send.getMaxSendAmount,
    getSendReserve: send.getSendReserve,
    listSessions: sessions.listSessions,
    revokeSession: sessions.revokeSession,
  }
}
