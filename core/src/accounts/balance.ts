import { createTokenBalanceFlow, type TokenBalanceSource } from '../api/index.js'
import type {
  Balance,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Logger,
  PorticoState,
} from '../contracts/index.js'
import type { TokenBalanceUnavailableError } from '../errors/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'
import type { AccountsService } from './accounts.js'

/** Reads the native balance once per refresh; the token source may share it. */
export type NativeBalanceReader = () => Promise<Balance>

export interface BalanceDeps {
  store: Store<PorticoState>
  adapters: AdapterRegistry
  accounts: AccountsService
  logger: Logger
  /** Formats a native balance for display (SPEC §5: truncated to 3 decimals). */
  format(value: bigint, decimals: number): string
  /**
   * Where a namespace's token balances come from: the gateway when `apiUrl`
   * is set, else the adapter's `getTokenBalances`. Undefined → `tokenBalance`
   * is not filled.
   */
  tokenSource?(namespace: ChainNamespace, readNative: NativeBalanceReader): TokenBalanceSource | undefined
  /** The SPEC §6 unsupported-network check. */
  isNetworkSupported?(caipNetworkId: CaipNetworkId): boolean | Promise<boolean>
  /** "Token Balance Unavailable" (SPEC §8), e.g. as an ERROR event. */
  onTokenError?(error: TokenBalanceUnavailableError): void
  now?: () => number
}

/**
 * Fills `account.balance` / `balanceSymbol` (the adapter's native balance) and
 * `tokenBalance` (through the token-balance flow: gateway or adapter) after a
 * connect, an account or chain change and on `refreshBalance()`.
 *
 * Concurrent refreshes of the same address and network share one read. A
 * stale answer (the address or network changed, or a newer refresh started)
 * is dropped. On an unsupported network the native balance is cleared and the
 * token flow reports "Token Balance Unavailable" without a read. Failures are
 * logged, never thrown at the caller.
 */
export class BalanceService {
  private readonly inflight = new Map<string, Promise<void>>()
  /** The newest token fetch per namespace: only it may write. */
  private readonly latestTokenFetch = new Map<ChainNamespace, object>()

  constructor(private readonly deps: BalanceDeps) {}

  refresh(namespace?: ChainNamespace): Promise<void> {
    const state = this.deps.store.getState()
    const ns = namespace ?? state.activeNamespace
    if (!ns) return Promise.resolve()
    const account = state.accounts[ns]
    const caipNetworkId = state.networks.active[ns]
    const adapter = this.deps.adapters.find(ns)
    if (!adapter || account?.status !== 'connected' || !account.address || !caipNetworkId) {
      return Promise.resolve()
    }
    const key = `${ns}|${account.address}|${caipNetworkId}`
    const pending = this.inflight.get(key)
    if (pending) return pending
    const run = this.run(ns, adapter, account.address, caipNetworkId).finally(() => this.inflight.delete(key))
    this.inflight.set(key, run)
    return run
  }

  private isCurrent(ns: ChainNamespace, address: string, caipNetworkId: CaipNetworkId): boolean {
    const now = this.deps.store.getState()
    return now.accounts[ns]?.address === address && now.networks.active[ns] === caipNetworkId
  }

  private async run(
    ns: ChainNamespace,
    adapter: ChainAdapter,
    address: string,
    caipNetworkId: CaipNetworkId,
  ): Promise<void> {
    const unsupported = this.deps.store.getState().networks.unsupported[ns] === true
    let nativeRead: Promise<Balance> | undefined
    const readNative = () => {
      nativeRead ??= adapter.getBalance({ address, caipNetworkId })
      return nativeRead
    }
    let native: Promise<void> | undefined
    if (unsupported) {
      // The wallet's chain is not configured: the last network's balance no longer applies.
      this.deps.accounts.update(ns, { balance: undefined, balanceSymbol: undefined })
    } else {
      native = (async () => {
        try {
          const balance = await readNative()
          if (!this.isCurrent(ns, address, caipNetworkId)) return
          this.deps.accounts.update(ns, {
            balance: this.deps.format(balance.value, balance.decimals),
            balanceSymbol: balance.symbol,
          })
        } catch (error) {
          this.deps.logger.warn('Portico: balance fetch failed', error)
        }
      })()
    }
    const tokens = this.refreshTokens(ns, address, caipNetworkId, readNative).catch((error: unknown) => {
      this.deps.logger.warn('Portico: token balance fetch failed', error)
    })
    await Promise.all([native, tokens])
  }

  private async refreshTokens(
    ns: ChainNamespace,
    address: string,
    caipNetworkId: CaipNetworkId,
    readNative: NativeBalanceReader,
  ): Promise<void> {
    const source = this.deps.tokenSource?.(ns, readNative)
    if (!source) return
    const { accounts } = this.deps
    const token = {}
    this.latestTokenFetch.set(ns, token)
    const owns = () => this.latestTokenFetch.get(ns) === token && this.isCurrent(ns, address, caipNetworkId)
    const flow = createTokenBalanceFlow({
      source,
      getState: () => accounts.get(ns) ?? { lastRetry: undefined },
      setState: (patch) => {
        if (owns()) accounts.update(ns, patch)
      },
      ...(this.deps.isNetworkSupported ? { isNetworkSupported: this.deps.isNetworkSupported } : {}),
      onError: (error) => {
        if (owns()) this.deps.onTokenError?.(error)
      },
      ...(this.deps.now ? { now: this.deps.now } : {}),
    })
    try {
      await flow.fetch({ address, chainId: caipNetworkId })
    } finally {
      // The newest fetch settled (or was blocked): no loading flag is left behind.
      if (this.latestTokenFetch.get(ns) === token) {
        this.latestTokenFetch.delete(ns)
        if (accounts.get(ns)?.balanceLoading) accounts.update(ns, { balanceLoading: false })
      }
    }
  }
}
