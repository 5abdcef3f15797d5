import type {
  AccountState,
  ChainAdapter,
  ChainNamespace,
  Network,
  PorticoOptions,
  PorticoState,
} from '../contracts/index.js'

/**
 * A namespace's account state before any connection: every SPEC §3 field,
 * with `currentTab` 0, an empty `tokenBalance` list, `balanceLoading` false.
 */
export function createDefaultAccountState(): AccountState {
  return {
    caipAddress: undefined,
    address: undefined,
    status: 'disconnected',
    balance: undefined,
    balanceSymbol: undefined,
    profileName: undefined,
    profileImage: undefined,
    user: undefined,
    addressExplorerUrl: undefined,
    smartAccountDeployed: undefined,
    currentTab: 0,
    tokenBalance: [],
    addressLabels: {},
    allAccounts: [],
    connectedWalletInfo: undefined,
    preferredAccountTypes: undefined,
    socialProvider: undefined,
    socialWindow: undefined,
    farcasterUrl: undefined,
    shouldUpdateToAddress: undefined,
    balanceLoading: false,
    lastRetry: undefined,
    connectorId: undefined,
  }
}

/** The configured networks: `options.networks`, else the union of the adapters' networks (first wins per CAIP id). */
export function resolveNetworks(options: PorticoOptions): Network[] {
  const source = options.networks ?? (options.adapters ?? []).flatMap((a: ChainAdapter) => [...a.networks])
  const seen = new Set<string>()
  const out: Network[] = []
  for (const network of source) {
    if (seen.has(network.caipNetworkId)) continue
    seen.add(network.caipNetworkId)
    out.push(network)
  }
  return out
}

/** The first snapshot of an instance. */
export function createInitialState(
  options: PorticoOptions,
  recent: Partial<Record<ChainNamespace, string>> = {},
  recentAccounts: Partial<
    Record<ChainNamespace, { address: string; caipNetworkId: Network['caipNetworkId'] }>
  > = {},
): PorticoState {
  const networks = resolveNetworks(options)
  const adapters = options.adapters ?? []
  const namespaces = [...new Set(adapters.map((a) => a.namespace))]
  const defaultNetwork = networks.find((n) => n.caipNetworkId === options.defaultNetwork)
  const active: Partial<Record<ChainNamespace, Network['caipNetworkId']>> = {}
  for (const ns of new Set([...namespaces, ...networks.map((n) => n.chainNamespace)])) {
    const first =
      defaultNetwork?.chainNamespace === ns ? defaultNetwork : networks.find((n) => n.chainNamespace === ns)
    if (first) active[ns] = first.caipNetworkId
  }
  const accounts: Partial<Record<ChainNamespace, AccountState>> = {}
  for (const ns of namespaces) {
    // SPEC §4: with a recent connector stored, the page loads in `reconnecting`.
    const connectorId = recent[ns]
    if (!connectorId) {
      accounts[ns] = createDefaultAccountState()
      continue
    }
    accounts[ns] = { ...createDefaultAccountState(), status: 'reconnecting', connectorId }
    // The account it was last connected with, on a network still configured: shown while restoring,
    // and what a server render (cookie storage) draws, so the browser's first render matches it.
    const last = recentAccounts[ns]
    const network = last && networks.find((n) => n.caipNetworkId === last.caipNetworkId)
    if (last && network?.chainNamespace === ns) {
      active[ns] = network.caipNetworkId
      accounts[ns] = {
        ...accounts[ns],
        address: last.address,
        caipAddress: `${network.caipNetworkId}:${last.address}`,
      }
    }
  }
  const activeNamespace = defaultNetwork?.chainNamespace ?? namespaces[0] ?? networks[0]?.chainNamespace
  const recentConnectorId = (activeNamespace && recent[activeNamespace]) || Object.values(recent)[0]
  const embedded = options.embedded === true
  return {
    modal: { open: embedded, loading: false, loadingByNamespace: {}, shake: false, namespace: undefined },
    router: { view: 'Connect', data: undefined, history: [{ view: 'Connect', data: undefined }] },
    activeNamespace,
    accounts,
    networks: { all: networks, active, unsupported: {} },
    connectors: [],
    recentConnectorId,
    requests: {},
    alert: undefined,
    themeMode: options.themeMode ?? 'system',
    embedded,
  }
}
