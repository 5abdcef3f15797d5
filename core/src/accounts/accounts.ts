import type { AccountState, ChainNamespace, PorticoState } from '../contracts/index.js'
import { createDefaultAccountState, patchObject, type Store } from '../state/index.js'

/**
 * Per-namespace account state (SPEC §3). Every write replaces only the
 * namespace's object (structural sharing); a no-op patch keeps the snapshot.
 */
export class AccountsService {
  constructor(private readonly store: Store<PorticoState>) {}

  get(namespace: ChainNamespace | undefined): AccountState | undefined {
    return namespace ? this.store.getState().accounts[namespace] : undefined
  }

  /** True when the namespace (default: the active one) has a connected account. */
  isConnected(namespace?: ChainNamespace): boolean {
    const ns = namespace ?? this.store.getState().activeNamespace
    const account = this.get(ns)
    return account?.status === 'connected' && Boolean(account.address)
  }

  update(namespace: ChainNamespace, patch: Partial<AccountState>): void {
    this.store.setState((state) => {
      const current = state.accounts[namespace] ?? createDefaultAccountState()
      const next = patchObject(current, patch)
      if (next === state.accounts[namespace]) return state
      return { ...state, accounts: { ...state.accounts, [namespace]: next } }
    })
  }

  /** SPEC §4: an account reset moves status to disconnected (every field back to its default). */
  reset(namespace: ChainNamespace): void {
    this.store.setState((state) => ({
      ...state,
      accounts: { ...state.accounts, [namespace]: createDefaultAccountState() },
    }))
  }

  /** Account view tab: 0 Tokens, 1 NFTs, 2 Activity (SPEC §2, §3). */
  setTab(tab: number, namespace?: ChainNamespace): void {
    const ns = namespace ?? this.store.getState().activeNamespace
    if (ns) this.update(ns, { currentTab: tab })
  }
}
