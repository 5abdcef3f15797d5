// The UI tests' Portico: a real `createPortico` (memory storage, a recording
// logger) whose wallets are core's scripted test adapter, and, when a test
// needs the gateway, core's real HTTP test server on 127.0.0.1 (port 0).
// Tests change state only through what a host or a plugin really has: the
// `Portico` methods, the plugin context (`updateAccount`, `setAlert`,
// `registerView`…) and wallet events fired by the scripted adapter.
import {
  type AccountAction,
  type AccountReserve,
  type AccountState,
  type AlertState,
  type CaipNetworkId,
  type ChainNamespace,
  type Connector,
  createMemoryStorage,
  createPortico,
  definePlugin,
  formatBalance,
  formatUnits,
  type HistoryResponse,
  type NameResolver,
  type Network,
  type PluginContext,
  type Portico,
  type TokenHolding,
  type TransactionOutcome,
  type ViewLoader,
  type ViewName,
} from '@portico/core'
import { afterEach } from 'vitest'
import { startTestServer, type TestServer } from '../../../core/src/api/test-helpers/server.js'
import {
  account,
  createFakeAdapter,
  createFakeConnectorProvider,
  createRecordingLogger,
  type FakeAdapter,
} from '../../../core/src/test-helpers/index.js'

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
export const solanaNet: Network = {
  id: 'local',
  name: 'Solana Local',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const SOL_ADDRESS = 'Ez2uFCWHQAsMP7ww3qoVhG4eT3huTV3a846cP9pmVhmQ'

/** The wallet the visitor has installed (an EIP-6963 announcement). */
export const devWallet: Connector = {
  id: 'dev',
  type: 'ANNOUNCED',
  name: 'Portico Dev Wallet',
  chain: 'eip155',
  installed: true,
  imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
}

/** An EIP-1193-style wallet error (`code` 4001 is a user rejection). */
export class WalletError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

/** What the scripted wallet does; absent = it approves. */
export interface WalletScript {
  connect?: () => Promise<void>
  switchNetwork?: (id: CaipNetworkId) => Promise<void>
  signMessage?: (message: string) => Promise<string>
  /** Runs before each native balance read answers (throw = the read fails). */
  balance?: (caipNetworkId: CaipNetworkId) => Promise<void>
  /** Gives the wallet's adapter token reads (`getTokenBalances`), answering with this (throw = the read fails). */
  tokenBalances?: (caipNetworkId: CaipNetworkId) => Promise<TokenHolding[]>
  /** Send: runs before a transfer's hash is returned (throw = the wallet refuses / fails). */
  send?: (request: unknown) => Promise<void>
  /** Send: the fee estimate (throw = the node refused to price it). Default 21000 × 1 gwei. */
  fee?: () => Promise<bigint>
  /** Send: the part of the fee that opens the receiver's account (`FeeEstimate.accountDeposit`, Solana token-account rent). */
  feeDeposit?: bigint
  /** Send: what the chain makes the account keep (the adapter's `getReserve`); absent: nothing kept. */
  reserve?: AccountReserve
  /** Send: settles when the transfer is included (default: at once), resolving its `TransactionOutcome` (default: succeeded). */
  mined?: (hash: string) => Promise<unknown>
}

export interface TestPorticoOptions {
  /** Each namespace's `wellKnownWallets` (the scripted adapters have none otherwise). */
  wellKnownWallets?: Partial<Record<ChainNamespace, readonly { name: string; url: string }[]>>
  /** The wallets offered; each namespace present gets its own scripted adapter. Default: `devWallet`. */
  connectors?: Connector[]
  /** Networks offered (default: the two local EVM networks, plus Solana Local when a Solana connector is given). */
  networks?: Network[]
  wallet?: WalletScript
  embedded?: boolean
  /** Views a plugin registers (the wallet directory, the WalletConnect QR…). */
  views?: Partial<Record<ViewName, ViewLoader>>
  /** Account actions a plugin registers. */
  actions?: AccountAction[]
  /** Name resolvers a plugin registers (Send's receiver field). */
  nameResolvers?: NameResolver[]
  /** Ids of WalletConnect-type connectors a plugin provides, one per namespace listed. */
  walletConnect?: { id: string; name?: string; namespaces: ChainNamespace[] }
  /** The connector the visitor used last time (stored, as after an earlier visit). */
  recentConnectorId?: string
  /** Base URL of a gateway (e.g. a `startGateway` server). Unset → API features off. */
  apiUrl?: string
  /**
   * The test plugin's setup waits for this (a slow plugin); `createTestPortico`
   * then returns without waiting for `portico.ready`.
   */
  pluginSetup?: Promise<void>
}

export interface TestPortico {
  portico: Portico
  /** The scripted adapter of each namespace given a connector. */
  adapters: Partial<Record<ChainNamespace, FakeAdapter>>
  /** Merges fields into an account, as a plugin does with `ctx.updateAccount` (e.g. the embedded wallet's `user`). */
  updateAccount(patch: Partial<AccountState>, namespace?: ChainNamespace): void
  /** Shows (or clears) an alert, as a plugin does with `ctx.setAlert`. */
  setAlert(alert: AlertState | undefined): void
  /** Connects the scripted wallet `connectorId` and waits until its balance is read. */
  connect(connectorId?: string, namespace?: ChainNamespace): Promise<void>
}

const nativeBalance = (network: Network | undefined, units: bigint) => ({
  value: units,
  decimals: network?.nativeCurrency.decimals ?? 18,
  symbol: network?.nativeCurrency.symbol ?? 'ETH',
  formatted: '',
})

/** Balances the scripted wallets hold: 10000.123456 ETH, 1000 SOL. */
const BALANCES: Partial<Record<ChainNamespace, bigint>> = {
  eip155: 10_000_123_456_000_000_000_000n,
  solana: 1_000_000_000_000n,
}
const ADDRESSES: Partial<Record<ChainNamespace, string>> = { eip155: ADDRESS, solana: SOL_ADDRESS }

function scriptedAdapter(
  namespace: ChainNamespace,
  networks: Network[],
  connectors: Connector[],
  script: WalletScript,
): FakeAdapter {
  const adapter = createFakeAdapter({
    namespace,
    networks,
    setup: (ctx) => ctx.setConnectors(namespace, connectors),
    ...(script.tokenBalances
      ? { tokenBalances: ({ caipNetworkId }) => script.tokenBalances!(caipNetworkId) }
      : {}),
  })
  adapter.connectors = connectors
  const address = ADDRESSES[namespace] ?? `${namespace}-address`
  adapter.connectImpl = async ({ caipNetworkId }) => {
    await script.connect?.()
    const network = caipNetworkId ?? networks[0]!.caipNetworkId
    return { accounts: [account(namespace, address, network)], caipNetworkId: network }
  }
  adapter.switchNetworkImpl = async ({ caipNetworkId }) => {
    await script.switchNetwork?.(caipNetworkId)
    return undefined
  }
  adapter.balanceImpl = async ({ caipNetworkId }) => {
    await script.balance?.(caipNetworkId)
    return nativeBalance(
      networks.find((n) => n.caipNetworkId === caipNetworkId),
      BALANCES[namespace] ?? 0n,
    )
  }
  // Send's adapter capabilities (the receiver check is core's per-namespace `isAddress`).
  adapter.transferRequest = (async ({ to, amount, token }) => ({
    to,
    value: amount,
    ...(token ? { token } : {}),
  })) as typeof adapter.transferRequest
  adapter.estimateFee = async () => {
    const value = script.fee ? await script.fee() : 21_000n * 1_000_000_000n
    const decimals = networks[0]?.nativeCurrency.decimals ?? 18
    const symbol = networks[0]?.nativeCurrency.symbol ?? 'ETH'
    const priced = (v: bigint) => ({
      value: v,
      decimals,
      symbol,
      formatted: formatBalance(formatUnits(v, decimals)),
    })
    return script.feeDeposit ? { ...priced(value), accountDeposit: priced(script.feeDeposit) } : priced(value)
  }
  if (script.reserve) adapter.getReserve = async () => script.reserve
  adapter.waitForTransaction = async ({ hash }) => {
    // The script settles it (default: included and succeeded), as a chain would.
    const outcome = (await script.mined?.(hash)) as TransactionOutcome | undefined
    return outcome ?? { status: 'succeeded', hash }
  }
  const sendTx = adapter.sendTransaction
  adapter.sendTransaction = async (params) => {
    await script.send?.(params.request)
    return sendTx(params)
  }
  const sign = adapter.signMessage
  adapter.signMessage = async (params) => {
    if (!script.signMessage) return sign(params)
    const text =
      typeof params.message === 'string' ? params.message : new TextDecoder().decode(params.message)
    return { signature: await script.signMessage(text) }
  }
  return adapter
}

/** Instances and servers of the running test: each test ends with them destroyed / closed. */
const live: (() => unknown)[] = []
afterEach(async () => {
  for (const end of live.splice(0)) await end()
})

/** A real Portico instance for a UI test, destroyed when the test ends. */
export async function createTestPortico(options: TestPorticoOptions = {}): Promise<TestPortico> {
  const connectors = options.connectors ?? [devWallet]
  const namespaces = [
    ...new Set<ChainNamespace>([
      'eip155',
      ...connectors.map((c) => c.chain),
      ...(Object.keys(options.wellKnownWallets ?? {}) as ChainNamespace[]),
    ]),
  ]
  const networks =
    options.networks ??
    (namespaces.includes('solana') ? [localNet, localNet2, solanaNet] : [localNet, localNet2])
  const script = options.wallet ?? {}
  const adapters: TestPortico['adapters'] = {}
  for (const ns of namespaces)
    adapters[ns] = scriptedAdapter(
      ns,
      networks.filter((n) => n.chainNamespace === ns),
      connectors.filter((c) => c.chain === ns && c.type !== 'WALLET_CONNECT'),
      script,
    )
  for (const [ns, wallets] of Object.entries(options.wellKnownWallets ?? {}))
    Object.assign(adapters[ns as ChainNamespace]!, { wellKnownWallets: wallets })
  const storage = createMemoryStorage()
  if (options.recentConnectorId) storage.set('recentConnectors', { eip155: options.recentConnectorId })
  let ctx: PluginContext | undefined
  const plugin = definePlugin({
    id: 'test',
    async setup(context) {
      ctx = context
      for (const [name, loader] of Object.entries(options.views ?? {}))
        context.registerView(name as ViewName, loader as ViewLoader)
      for (const action of options.actions ?? []) context.registerAccountAction(action)
      for (const resolver of options.nameResolvers ?? []) context.registerNameResolver?.(resolver)
      const wc = options.walletConnect
      if (wc) {
        const provider = createFakeConnectorProvider({ id: wc.id, namespaces: wc.namespaces })
        if (wc.name) for (const c of provider.connectors) c.name = wc.name
        context.registerConnector?.(provider)
      }
      await options.pluginSetup
    },
  })
  const portico = createPortico({
    adapters: Object.values(adapters),
    plugins: [plugin],
    networks,
    storage,
    logger: createRecordingLogger(),
    ...(options.embedded ? { embedded: true } : {}),
    ...(options.apiUrl ? { apiUrl: options.apiUrl, projectId: 'local' } : {}),
  })
  live.push(() => portico.destroy())
  if (!options.pluginSetup) await portico.ready
  const context = () => {
    if (!ctx) throw new Error('the test plugin was not set up')
    return ctx
  }
  if (!options.pluginSetup) context()
  return {
    portico,
    adapters,
    updateAccount(patch, namespace = 'eip155') {
      const pluginContext = context()
      if (!pluginContext.updateAccount) throw new Error('this core has no ctx.updateAccount')
      pluginContext.updateAccount(namespace, patch)
    },
    setAlert(alert) {
      const pluginContext = context()
      if (!pluginContext.setAlert) throw new Error('this core has no ctx.setAlert')
      pluginContext.setAlert(alert)
    },
    async connect(connectorId = 'dev', namespace = 'eip155') {
      await portico.connect(connectorId, { namespace })
      await portico.refreshBalance(namespace)
    },
  }
}

/** What the test gateway answers for the account history (SPEC §7); a throw answers HTTP 500. */
export type HistoryScript = (params: { cursor?: string }) => Promise<HistoryResponse>

/**
 * A real HTTP gateway on 127.0.0.1 (port 0), closed when the test ends,
 * allowing the page's origin like the real gateway (CORS),
 * answering the routes the Account view reads: supported chains (the local
 * networks), no name / avatar and no tokens for `address`, and its history
 * from `history`.
 */
export async function startGateway(history: HistoryScript, address = ADDRESS): Promise<TestServer> {
  const server = await startTestServer({ cors: true })
  live.push(() => server.close())
  server.on('GET /v1/supported-chains', {
    body: { http: [localNet.caipNetworkId, localNet2.caipNetworkId], ws: [] },
  })
  server.on(`GET /v1/identity/${address}`, { body: { name: null, avatar: null } })
  server.on(`GET /v1/account/${address}/balance`, { body: { balances: [] } })
  server.on(`GET /v1/account/${address}/history`, async (req) => {
    try {
      return { body: await history(req.query.cursor ? { cursor: req.query.cursor } : {}) }
    } catch (error) {
      return { status: 500, body: { code: 'internal', message: (error as Error).message } }
    }
  })
  return server
}
