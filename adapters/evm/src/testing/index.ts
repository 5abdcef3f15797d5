/**
 * `@portico/adapter-evm/testing` — for a plugin's tests: a real Portico on a local EVM
 * devnet (anvil 31337 and 31338), connected through the EVM dev wallet with one of the
 * devnet's keys. Nothing here is mocked: the dev wallet signs with the key and the
 * adapter talks to the given RPC endpoints and gateway.
 */
import { createPortico, type Plugin, type Portico } from '@portico/core'
import { evmAdapter } from '../adapter.js'
import { createDevWallet } from '../dev-wallet/index.js'
import { anvil31337, anvil31338, withRpcUrls } from '../networks/index.js'

/** The connector id of the dev wallet in a Portico made by {@link connectedDevPortico}. */
export const DEV_WALLET_ID = 'dev.portico.wallet'

/** What {@link connectedDevPortico} needs of a devnet: an `EvmDevnet`, or its JSON handed over by a global setup. */
export interface DevPorticoDevnet {
  /** The two anvil chains, 31337 first. */
  chains: { rpcUrl: string }[]
  fixtures: { accounts: { privateKey: `0x${string}` }[] }
}

/** Options of {@link connectedDevPortico}. */
export interface DevPorticoOptions {
  devnet: DevPorticoDevnet
  /** The gateway's URL. */
  apiUrl: string
  /** Index of the devnet account the dev wallet signs with. */
  account: number
  plugins?: Plugin[]
  /** Default `local`. */
  projectId?: string
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/**
 * A real Portico on the devnet with the dev wallet (one devnet key) and the given plugins,
 * connected; in-memory storage and a silent logger.
 *
 * @example
 * const portico = await connectedDevPortico({ devnet, apiUrl: gatewayUrl, account: 1, plugins: [namesPlugin()] })
 */
export async function connectedDevPortico(opts: DevPorticoOptions): Promise<Portico> {
  const [a, b] = opts.devnet.chains
  const privateKey = opts.devnet.fixtures.accounts[opts.account]?.privateKey
  if (!a || !b) throw new Error('connectedDevPortico: the devnet needs its two chains (31337, 31338)')
  if (!privateKey) throw new Error(`connectedDevPortico: the devnet has no account ${opts.account}`)
  const networks = [withRpcUrls(anvil31337, [a.rpcUrl]), withRpcUrls(anvil31338, [b.rpcUrl])]
  const wallet = createDevWallet({ networks, privateKeys: [privateKey] })
  const portico = createPortico({
    apiUrl: opts.apiUrl,
    projectId: opts.projectId ?? 'local',
    adapters: [
      evmAdapter({
        networks,
        connectors: [{ id: DEV_WALLET_ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      }),
    ],
    plugins: opts.plugins ?? [],
    storage: 'memory',
    logger: quiet,
  })
  await portico.connect(DEV_WALLET_ID)
  return portico
}
