import type { ChainNamespace, Logger, PorticoState } from '../contracts/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'
import type { AccountsService } from './accounts.js'

export interface BalanceDeps {
  store: Store<PorticoState>
  adapters: AdapterRegistry
  accounts: AccountsService
  logger: Logger
  /** Formats a native balance for display (SPEC §5: truncated to 3 decimals). */
  format(value: bigint, decimals: number): string
  /** Token balances from the blockchain API (only when `apiUrl` is set). */
  refreshTokens?(
    namespace: ChainNamespace,
    address: string,
    caipNetworkId: `${string}:${string}`,
  ): Promise<void>
}

/**
 * Fills `account.balance` / `balanceSymbol` from the adapter after a connect or
 * a chain change. A stale answer (the address or network changed meanwhile)
 * is dropped; failures are logged, never thrown at the caller.
 */
export class BalanceService {
  constructor(private readonly deps: BalanceDeps) {}

  async refresh(namespace?: ChainNamespace): Promise<void> {
    const state = this.deps.store.getState()
    const ns = namespace ?? state.activeNamespace
    if (!ns) return
    const account = state.accounts[ns]
    const caipNetworkId = state.networks.active[ns]
    const adapter = this.deps.adapters.find(ns)
    if (!adapter || account?.status !== 'connected' || !account.address || !caipNetworkId) return
    if (state.networks.unsupported[ns]) return
    const address = account.address
    const native = (async () => {
      try {
        const balance = await adapter.getBalance({ address, caipNetworkId })
        const now = this.deps.store.getState()
        if (now.accounts[ns]?.address !== address || now.networks.active[ns] !== caipNetworkId) return
        this.deps.accounts.update(ns, {
          balance: this.deps.format(balance.value, balance.decimals),
          balanceSymbol: balance.symbol,
        })
      } catch (error) {
        this.deps.logger.warn('Portico: balance fetch failed', error)
      }
    })()
    const tokens = this.deps.refreshTokens?.(ns, address, caipNetworkId).catch((error) => {
      this.deps.logger.warn('Portico: token balance fetch failed', error)
    })
    await Promise.all([native, tokens])
  }
}
