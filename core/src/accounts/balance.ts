import { createTokenBalanceFlow, type TokenBalanceSource } from '../api/index.js'
import { RPC_POLLING_INTERVAL_MS } from '../constants/index.js'
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

/** Reads after a transaction, counting the first: a failing read is retried until this many. */
const AFTER_TRANSACTION_READS = 4

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
  /** Runs `fn` after `ms` (the instance's timers, so `destroy()` clears it). Default: `setTimeout`. */
  schedule?(fn: () => void, ms: number): void
  /** The re-read delay after a transaction when the adapter can't wait for inclusion (SPEC §9: 4 s). */
  pollingIntervalMs?: number
}

/** Options of `BalanceService.refresh`. */
export interface RefreshOptions {
  /**
   * The read must start now: an in-flight read of the same account started
   * earlier (it may predate a transaction) is not reused; one follow-up read is
   * queued behind it instead, shared by every fresh refresh asked meanwhile.
   * The value goes to the gateway as `forceUpdate` (skips its balance cache).
   */
  fresh?: string
  /**
   * Goes to the gateway as `forceUpdate` (skips its balance cache) when a new
   * read starts; unlike `fresh`, an in-flight read is shared.
   */
  forceUpdate?: string
}

/** A sent transaction whose sender's balances are re-read (`BalanceService.afterTransaction`). */
export interface SentTransaction {
  namespace: ChainNamespace
  hash: string
  /** The chain it was sent on (default: the namespace's active network). */
  caipNetworkId?: CaipNetworkId
  /**
   * Settles once the transaction's outcome is known, whatever it is (core's
   * shared follow of `waitForTransaction`); without it the adapter is asked here.
   */
  settled?: Promise<unknown>
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
  /** The one fresh read queued behind an in-flight read, per account key. */
  private readonly queued = new Map<string, Promise<void>>()
  private disposed = false

  constructor(private readonly deps: BalanceDeps) {}

  refresh(namespace?: ChainNamespace, options: RefreshOptions = {}): Promise<void> {
    if (this.disposed) return Promise.resolve()
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
    if (pending && options.fresh === undefined) return pending
    if (pending) {
      // The running read may predate the transaction: queue one read behind it, shared.
      const waiting = this.queued.get(key)
      if (waiting) return waiting
      const next = pending.then(() => {
        this.queued.delete(key)
        return this.refresh(ns, { fresh: options.fresh })
      })
      this.queued.set(key, next)
      return next
    }
    const run = this.run(
      ns,
      adapter,
      account.address,
      caipNetworkId,
      options.fresh ?? options.forceUpdate,
    ).finally(() => this.inflight.delete(key))
    this.inflight.set(key, run)
    return run
  }

  /**
   * Re-reads the sender's balances after a transaction was sent: once its
   * outcome is known (`waitForTransaction`: succeeded, failed — the fee was
   * paid —, dropped or still pending after the time-out),
   * or — when the adapter can't tell — right away and again after
   * `RPC_POLLING_INTERVAL_MS` (SPEC §9). Each read is `fresh` (never an
   * earlier in-flight answer) and goes through the usual token-balance flow
   * (balanceLoading, the 30 s retry block after a failure). Never throws.
   */
  afterTransaction(tx: SentTransaction): void {
    if (this.disposed) return
    const { namespace: ns, hash } = tx
    const caipNetworkId = tx.caipNetworkId ?? this.deps.store.getState().networks.active[ns]
    const adapter = this.deps.adapters.find(ns)
    // A read that fails (a node mid-block, say) is tried again, a few times, SPEC §9's interval apart.
    let tries = 0
    const reread = () =>
      void this.refresh(ns, { fresh: hash }).then(() => {
        if (this.disposed || !this.deps.accounts.get(ns)?.balanceError) return
        if (++tries >= AFTER_TRANSACTION_READS) return
        schedule(reread, this.deps.pollingIntervalMs ?? RPC_POLLING_INTERVAL_MS)
      })
    const schedule = this.deps.schedule ?? ((fn, ms) => void setTimeout(fn, ms))
    if (tx.settled || (adapter?.waitForTransaction && caipNetworkId)) {
      let waited: Promise<unknown>
      try {
        waited = tx.settled ?? adapter!.waitForTransaction!({ hash, caipNetworkId: caipNetworkId! })
      } catch (error) {
        waited = Promise.reject(error)
      }
      waited.then(reread, (error: unknown) => {
        this.deps.logger.warn('Portico: waiting for the transaction failed; reading balances now', error)
        reread()
      })
      return
    }
    reread()
    schedule(reread, this.deps.pollingIntervalMs ?? RPC_POLLING_INTERVAL_MS)
  }

  /** Stops every later read (the instance was destroyed). */
  dispose(): void {
    this.disposed = true
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
    forceUpdate?: string,
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
      this.deps.accounts.update(ns, { balance: undefined, balanceSymbol: undefined, balanceError: undefined })
    } else {
      native = (async () => {
        try {
          const balance = await readNative()
          if (!this.isCurrent(ns, address, caipNetworkId)) return
          this.deps.accounts.update(ns, {
            balance: this.deps.format(balance.value, balance.decimals),
            balanceSymbol: balance.symbol,
            balanceError: undefined,
          })
        } catch (error) {
          this.deps.logger.warn('Portico: balance fetch failed', error)
          // The balance on screen may be another chain's or account's: it no longer applies.
          if (this.isCurrent(ns, address, caipNetworkId))
            this.deps.accounts.update(ns, {
              balance: undefined,
              balanceSymbol: undefined,
              balanceError: error instanceof Error && error.message ? error.message : 'Balance unavailable',
            })
        }
      })()
    }
    const tokens = this.refreshTokens(ns, address, caipNetworkId, readNative, forceUpdate).catch(
      (error: unknown) => {
        this.deps.logger.warn('Portico: token balance fetch failed', error)
      },
    )
    await Promise.all([native, tokens])
  }

  private async refreshTokens(
    ns: ChainNamespace,
    address: string,
    caipNetworkId: CaipNetworkId,
    readNative: NativeBalanceReader,
    forceUpdate?: string,
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
      await flow.fetch({
        address,
        chainId: caipNetworkId,
        ...(forceUpdate !== undefined ? { forceUpdate } : {}),
      })
    } finally {
      // The newest fetch settled (or was blocked): no loading flag is left behind.
      if (this.latestTokenFetch.get(ns) === token) {
        this.latestTokenFetch.delete(ns)
        if (accounts.get(ns)?.balanceLoading) accounts.update(ns, { balanceLoading: false })
      }
    }
  }
}
