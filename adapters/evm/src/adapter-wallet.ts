import type {
  AccountRecord,
  CaipNetworkId,
  ConnectResult,
  Logger,
  RequestChannel,
  SwitchNetworkResult,
} from '@portico/core'
import type { EvmClients } from './adapter-clients.js'
import { type ChannelProvider, channelProvider } from './channel/index.js'
import type { Connections } from './connections/index.js'
import { type EvmNetwork, parseEvmChainId, toCaipNetworkId } from './networks/index.js'
import {
  type Eip1193Provider,
  InvalidWalletResponseError,
  parseAccounts,
  toAccountRecords,
  walletRequest,
} from './provider/index.js'
import { readChainId, switchChain } from './wallet/index.js'

/** What the connection steps need from the adapter: its networks, held connections and wallets. */
export interface WalletDeps {
  networks: readonly EvmNetwork[]
  connections: Connections
  clients: Pick<EvmClients, 'networkOf' | 'routed' | 'runtimeInBackground'>
  logger: () => Pick<Logger, 'warn'>
  /** The wallet behind a connector id: a plugin's channel when one is held under it, else the connector's provider. */
  providerOf: (connectorId: string) => Eip1193Provider
  /** The provider of one of the adapter's own connectors (never a plugin's channel). */
  connectorProvider: (connectorId: string) => Eip1193Provider | undefined
}

/** Connects a wallet (an injected provider, or a plugin's channel driven as one). */
export async function connectWallet(
  deps: WalletDeps,
  connectorId: string,
  provider: Eip1193Provider,
  caipNetworkId: CaipNetworkId | undefined,
  channel?: ChannelProvider,
): Promise<ConnectResult> {
  // viem loads while the wallet asks the user, not before the prompt.
  const loading = deps.clients.runtimeInBackground()
  const answer = await walletRequest(provider, 'eth_requestAccounts')
  const rt = await loading
  const addresses = parseAccounts('eth_requestAccounts', answer, rt.getAddress)
  if (addresses.length === 0) {
    throw new InvalidWalletResponseError('eth_requestAccounts', { details: 'no accounts' })
  }
  let chainId = await readChainId(provider)
  const wanted = caipNetworkId ? parseEvmChainId(caipNetworkId) : undefined
  const wantedNetwork = deps.networks.find((n) => n.id === wanted)
  if (wantedNetwork && wanted !== chainId) {
    try {
      await switchChain(provider, deps.clients.routed(wantedNetwork))
      chainId = await readChainId(provider)
    } catch (error) {
      // Connected on the wallet's own chain; the core flags it if unsupported (SPEC §4).
      deps.logger().warn('Portico: connected, but the wallet stayed on its chain', error)
    }
  }
  deps.connections.attach(connectorId, provider, {
    chainId,
    accounts: addresses,
    ...(channel ? { channel } : {}),
  })
  return { accounts: toAccountRecords(addresses, chainId), caipNetworkId: toCaipNetworkId(chainId) }
}

/** Connects over a plugin's session: on the session chain the app asked for, else the first one it covers. */
export async function connectSession(
  deps: WalletDeps,
  connectorId: string,
  channel: RequestChannel,
  caipNetworkId: CaipNetworkId | undefined,
): Promise<ConnectResult> {
  const chains = channel.chains().filter((c) => deps.networks.some((n) => n.caipNetworkId === c))
  const start = caipNetworkId && chains.includes(caipNetworkId) ? caipNetworkId : chains[0]
  if (!start) {
    throw new InvalidWalletResponseError('session', {
      details: 'the session covers no configured eip155 chain',
    })
  }
  deps.connections.get(connectorId)?.detach()
  const provider = channelProvider(channel, start)
  try {
    return await connectWallet(deps, connectorId, provider, caipNetworkId, provider)
  } catch (error) {
    provider.close()
    throw error
  }
}

export async function disconnectWallet(deps: WalletDeps, connectorId: string): Promise<void> {
  const held = deps.connections.get(connectorId)
  // Detach first: a wallet answering the revoke with accountsChanged([]) must not disconnect twice.
  held?.detach()
  // A plugin's session is the plugin's to end: the adapter only let go of the channel.
  if (held?.channel) return
  const provider = deps.connectorProvider(connectorId)
  if (!provider) return
  try {
    await walletRequest(provider, 'wallet_revokePermissions', [{ eth_accounts: {} }])
  } catch (error) {
    // Not every wallet supports it (4200 / -32601); the connection is forgotten either way.
    deps.logger().warn('Portico: wallet_revokePermissions not supported or refused', error)
  }
}

/** The wallet's accounts and chain without a prompt; a failure is logged and yields no accounts (SPEC §7). */
export async function readWalletAccounts(
  deps: WalletDeps,
  connectorId: string,
): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }> {
  try {
    const provider = deps.providerOf(connectorId)
    const loading = deps.clients.runtimeInBackground()
    const answer = await walletRequest(provider, 'eth_accounts')
    const rt = await loading
    const accounts = parseAccounts('eth_accounts', answer, rt.getAddress)
    const chainId = await readChainId(provider)
    if (accounts.length > 0) {
      const channel = deps.connections.get(connectorId)?.channel
      deps.connections.attach(connectorId, provider, { chainId, accounts, ...(channel ? { channel } : {}) })
    }
    return { accounts: toAccountRecords(accounts, chainId), caipNetworkId: toCaipNetworkId(chainId) }
  } catch (error) {
    deps.logger().warn('Portico: could not read the wallet accounts', error)
    return { accounts: [] }
  }
}

export async function switchWalletNetwork(
  deps: WalletDeps,
  connectorId: string,
  caipNetworkId: CaipNetworkId,
): Promise<SwitchNetworkResult> {
  const network = deps.clients.networkOf(caipNetworkId)
  await switchChain(deps.providerOf(connectorId), deps.clients.routed(network))
  const held = deps.connections.get(connectorId)
  if (!held) return { status: 'switched' }
  return { status: 'switched', accounts: toAccountRecords(held.accounts, network.id) }
}
