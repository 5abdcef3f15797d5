// A small, real in-memory Portico for UI unit tests: immutable snapshots,
// SPEC §2 router rules, typed events. Wallet behaviour is scripted per test.
import type {
  AccountAction,
  AccountState,
  CaipNetworkId,
  ChainNamespace,
  Connector,
  HistoryResponse,
  Network,
  Portico,
  PorticoEventMap,
  PorticoState,
  RouterEntry,
  ViewLoader,
  ViewName,
} from '@portico/core'

export const localNet: Network = {
  id: 31337,
  name: 'Portico Devnet',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
}
export const localNet2: Network = {
  ...localNet,
  id: 31338,
  name: 'Portico Devnet B',
  caipNetworkId: 'eip155:31338',
}

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export class WalletError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

export interface Script {
  connect?: () => Promise<void>
  switchNetwork?: (id: CaipNetworkId) => Promise<void>
  signMessage?: (message: string) => Promise<string>
  /** The gateway's history answers; absent = no gateway (rejects with code API_NOT_CONFIGURED, like core). */
  getActivity?: (params: { namespace?: ChainNamespace; cursor?: string }) => Promise<HistoryResponse>
}

export function emptyAccount(): AccountState {
  return {
    status: 'disconnected',
    currentTab: 0,
    tokenBalance: [],
    addressLabels: {},
    allAccounts: [],
    balanceLoading: false,
  }
}

export function createTestPortico(
  init: { connectors?: Connector[]; script?: Script; embedded?: boolean } = {},
) {
  const script: Script = init.script ?? {}
  let state: PorticoState = {
    modal: { open: false, loading: false, loadingByNamespace: {}, shake: false, namespace: undefined },
    router: { view: 'Connect', data: undefined, history: [{ view: 'Connect', data: undefined }] },
    activeNamespace: 'eip155',
    accounts: { eip155: emptyAccount() },
    networks: { all: [localNet, localNet2], active: { eip155: localNet.caipNetworkId }, unsupported: {} },
    connectors: init.connectors ?? [],
    recentConnectorId: undefined,
    alert: undefined,
    themeMode: 'light',
    embedded: init.embedded ?? false,
    requests: {},
  }
  const listeners = new Set<(s: PorticoState, p: PorticoState) => void>()
  const handlers = new Map<string, Set<(p: unknown) => void>>()
  const views = new Map<ViewName, ViewLoader>()
  const actions: AccountAction[] = []
  const set = (patch: Partial<PorticoState>) => {
    const prev = state
    state = { ...state, ...patch }
    for (const l of listeners) l(state, prev)
  }
  const setAccount = (patch: Partial<AccountState>, ns: ChainNamespace = 'eip155') =>
    set({ accounts: { ...state.accounts, [ns]: { ...(state.accounts[ns] ?? emptyAccount()), ...patch } } })
  const emit = <E extends keyof PorticoEventMap>(e: E, p: PorticoEventMap[E]) => {
    for (const h of handlers.get(e) ?? []) h(p)
  }
  const setRouter = (history: RouterEntry[]) => {
    const top = history[history.length - 1]!
    set({ router: { view: top.view, data: top.data, history } })
  }
  const connected = () => state.accounts.eip155?.status === 'connected'
  const portico: Portico = {
    async open(opts) {
      const view = opts?.view ?? (connected() ? 'Account' : 'Connect')
      setRouter([{ view, data: opts?.data }])
      set({ modal: { ...state.modal, open: true } })
      emit('MODAL_OPEN', { connected: connected() })
    },
    close() {
      if (!state.modal.open) return
      set({ modal: { ...state.modal, open: false } })
      setRouter([{ view: 'Connect', data: undefined }])
      emit('MODAL_CLOSE', { connected: connected() })
    },
    async connect(connectorId) {
      setAccount({ status: 'connecting' })
      try {
        await script.connect?.()
      } catch (e) {
        setAccount({ status: 'disconnected' })
        throw e
      }
      setAccount({
        status: 'connected',
        address: ADDRESS,
        balance: '10000.123456',
        balanceSymbol: 'ETH',
        connectorId,
      })
      set({ recentConnectorId: connectorId })
      emit('CONNECT_SUCCESS', {
        namespace: 'eip155',
        connectorId,
        address: ADDRESS,
        caipNetworkId: 'eip155:31337',
      })
    },
    async disconnect() {
      set({ accounts: { eip155: emptyAccount() } })
      setRouter([{ view: 'Connect', data: undefined }])
      emit('DISCONNECT_SUCCESS', { namespace: 'eip155' })
    },
    async switchNetwork(id) {
      await script.switchNetwork?.(id)
      set({ networks: { ...state.networks, active: { eip155: id } } })
    },
    getState: () => state,
    subscribe(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    on(e, h) {
      if (!handlers.has(e)) handlers.set(e, new Set())
      handlers.get(e)!.add(h as (p: unknown) => void)
    },
    off(e, h) {
      handlers.get(e)?.delete(h as (p: unknown) => void)
    },
    router: {
      getState: () => state.router,
      push(view, data) {
        if (state.router.view === view) return
        setRouter([...state.router.history, { view, data }])
      },
      replace(view, data) {
        setRouter([...state.router.history.slice(0, -1), { view, data }])
      },
      reset(view, data) {
        setRouter([{ view, data }])
      },
      goBack() {
        const h = state.router.history
        if (h.length <= 1) return portico.close()
        const rest = h.slice(0, -1)
        const top = rest[rest.length - 1]!
        setRouter(
          top.view === 'Connect' && connected()
            ? [...rest.slice(0, -1), { view: 'Account', data: undefined }]
            : rest,
        )
      },
    },
    events: { on: (e, h) => portico.on(e, h), off: (e, h) => portico.off(e, h), emit },
    destroy() {
      listeners.clear()
    },
    getViewLoader: (name) => views.get(name),
    getAccountActions: () => actions,
    setAccountTab: (tab) => setAccount({ currentTab: tab }),
    setThemeMode: (mode) => set({ themeMode: mode }),
    // Like core: the request is tracked in state.requests under its id.
    async signMessage({ message, requestId }) {
      const id = requestId ?? 'req'
      const base = {
        id,
        kind: 'signMessage' as const,
        namespace: 'eip155' as const,
        message,
        startedAt: Date.now(),
      }
      const track = (entry: PorticoState['requests'][string]) =>
        set({ requests: { ...state.requests, [id]: entry } })
      track({ ...base, status: 'pending' })
      try {
        const text = typeof message === 'string' ? message : new TextDecoder().decode(message)
        const signature = script.signMessage ? await script.signMessage(text) : `0x${'ab'.repeat(65)}`
        track({ ...base, status: 'success', result: signature })
        return signature
      } catch (error) {
        const rejected = (error as { code?: unknown }).code === 4001
        track({ ...base, status: rejected ? 'rejected' : 'error', error })
        throw error
      }
    },
    async signMessageDetailed(params) {
      return { signature: await portico.signMessage(params) }
    },
    async sendTransaction() {
      throw Object.assign(new Error('sendTransaction is not scripted'), { code: 4200 })
    },
    async signTransaction() {
      throw Object.assign(new Error('signTransaction is not scripted'), { code: 4200 })
    },
    async signTypedData() {
      throw Object.assign(new Error('signTypedData is not scripted'), { code: 4200 })
    },
    clearRequest(id) {
      if (!(id in state.requests)) return
      const { [id]: _gone, ...rest } = state.requests
      set({ requests: rest })
    },
    get ready() {
      return Promise.resolve()
    },
    setLoading: (loading) => set({ modal: { ...state.modal, loading } }),
    shake: () => {},
    refreshBalance: async () => {},
    clearAlert: () => set({ alert: undefined }),
    getAdapter: () => undefined,
    getRequestMethodSafety: () => 'unknown',
    async getActivity(params = {}) {
      if (!script.getActivity)
        throw Object.assign(new Error('Blockchain API not configured'), { code: 'API_NOT_CONFIGURED' })
      return script.getActivity(params)
    },
  }
  return { portico, set, setAccount, views, actions, script, listenerCount: () => listeners.size }
}
