import {
  type AccountRecord,
  AddressOrAuthConnectorNotFoundError,
  type CaipNetworkId,
  type ConnectResult,
  MethodNotSupportedError,
  type Network,
  type RequestChannel,
  type SwitchNetworkResult,
  UnsupportedChainError,
} from '@portico/core'
import type { Wallet } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { toSolanaPorticoError } from '../errors/index.js'
import { toStandardChain } from '../networks/index.js'
import { FEATURES, solanaAccounts } from '../wallets/index.js'
import { channelAccounts, channelBackend, solanaCodec, walletStandardBackend } from './backends.js'
import { type Emit, type SolanaSessions, toRecords } from './sessions.js'

/** Holds a Wallet Standard wallet's connection; its accounts usable on the cluster's chain come first. */
export function startWallet(
  sessions: SolanaSessions,
  connectorId: string,
  wallet: Wallet,
  accounts: ReturnType<typeof solanaAccounts>,
  caipNetworkId: CaipNetworkId,
): ConnectResult {
  const chain = toStandardChain(caipNetworkId)
  const sorted = [...accounts].sort(
    (a, b) => Number(b.chains.includes(chain)) - Number(a.chains.includes(chain)),
  )
  const backend = walletStandardBackend(wallet, sorted, sessions.eventsFor(connectorId))
  return sessions.open(connectorId, { backend, accounts: backend.accounts(), caipNetworkId })
}

/** Asks a Wallet Standard wallet to connect (`standard:connect`, which may prompt) and holds it on the cluster. */
export async function connectWallet(
  sessions: SolanaSessions,
  connectorId: string,
  wallet: Wallet,
  caipNetworkId: CaipNetworkId,
): Promise<ConnectResult> {
  const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
  if (!connect) throw new MethodNotSupportedError({ method: FEATURES.connect })
  let accounts: ReturnType<typeof solanaAccounts>
  try {
    accounts = solanaAccounts((await connect.connect()).accounts)
  } catch (e) {
    throw toSolanaPorticoError(e)
  }
  if (accounts.length === 0) throw new AddressOrAuthConnectorNotFoundError({ details: 'no Solana account' })
  return startWallet(sessions, connectorId, wallet, accounts, caipNetworkId)
}

/** Holds a plugin's session (request channel) on the cluster the app asked for, else the first one it covers. */
export async function connectChannel(
  sessions: SolanaSessions,
  networks: readonly Network[],
  connectorId: string,
  channel: RequestChannel,
  wanted?: CaipNetworkId,
): Promise<ConnectResult> {
  const chains = channel.chains().filter((c) => networks.some((n) => n.caipNetworkId === c))
  const caipNetworkId = wanted && chains.includes(wanted) ? wanted : chains[0]
  if (!caipNetworkId)
    throw new UnsupportedChainError({ details: 'the session covers no configured solana cluster' })
  const backend = channelBackend(channel, caipNetworkId, await solanaCodec(), sessions.eventsFor(connectorId))
  const accounts = backend.accounts()
  if (accounts.length === 0) {
    backend.close()
    throw new AddressOrAuthConnectorNotFoundError({ details: 'no Solana account in the session' })
  }
  return sessions.open(connectorId, { backend, accounts, caipNetworkId, channel })
}

/** The accounts of a held connection, or of a wallet the user authorized before (never a prompt). */
export async function restoreAccounts(
  deps: {
    sessions: SolanaSessions
    walletFor: (connectorId: string) => Wallet
    activeNetworkId: () => CaipNetworkId | undefined
    warn: (message: string, error: unknown) => void
  },
  connectorId: string,
): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }> {
  const { sessions } = deps
  try {
    const held = sessions.get(connectorId)
    if (held)
      return { accounts: toRecords(held.accounts, held.caipNetworkId), caipNetworkId: held.caipNetworkId }
    const wallet = deps.walletFor(connectorId)
    let accounts = solanaAccounts(wallet.accounts)
    if (accounts.length === 0) {
      // Restoring a recent connection (SPEC §4): a silent connect never prompts; an
      // app the user authorized before gets its accounts back.
      const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
      if (connect) accounts = solanaAccounts((await connect.connect({ silent: true })).accounts)
    }
    const network = deps.activeNetworkId()
    if (accounts.length === 0 || !network) return { accounts: [] }
    return startWallet(sessions, connectorId, wallet, accounts, network)
  } catch (e) {
    // SPEC §7: a failing accounts request logs a warning and yields empty accounts.
    deps.warn('solana adapter: could not read the wallet accounts', e)
    return { accounts: [], caipNetworkId: sessions.get(connectorId)?.caipNetworkId }
  }
}

/** Moves a connection to another (configured) cluster and tells the app with `chainChanged`. */
export async function switchSessionNetwork(
  sessions: SolanaSessions,
  emit: Emit,
  connectorId: string,
  caipNetworkId: CaipNetworkId,
): Promise<SwitchNetworkResult> {
  const session = sessions.get(connectorId)
  if (session?.channel) {
    // A session covers a fixed set of clusters; its accounts are re-read for the new one.
    if (!session.channel.chains().includes(caipNetworkId)) throw new UnsupportedChainError({ caipNetworkId })
    const accounts = channelAccounts(session.channel, caipNetworkId)
    if (accounts.length === 0) throw new UnsupportedChainError({ caipNetworkId })
    session.accounts = accounts
    session.backend = channelBackend(
      session.channel,
      caipNetworkId,
      await solanaCodec(),
      sessions.eventsFor(connectorId),
    )
  }
  // Wallet Standard wallets have no active chain: the app picks it per request.
  if (session) session.caipNetworkId = caipNetworkId
  const accounts = session ? toRecords(session.accounts, caipNetworkId) : undefined
  emit('chainChanged', { connectorId, caipNetworkId, ...(accounts ? { accounts } : {}) })
  return { status: 'switched', ...(accounts ? { accounts } : {}) }
}
