import type { AdapterEvents, Logger } from '@portico/core'
import type { ChannelProvider } from '../channel/index.js'
import { toCaipNetworkId } from '../networks/index.js'
import { type Eip1193Provider, parseAccounts, parseChainId, toAccountRecords } from '../provider/index.js'

/** One wallet connection the adapter holds: an injected provider, or a plugin's channel driven as one. */
export interface Connection {
  connectorId: string
  provider: Eip1193Provider
  /** Set when a plugin connector (WalletConnect…) owns the session. */
  channel?: ChannelProvider
  /** The wallet's chain, as last reported (composes the accounts' CAIP-10 ids). */
  chainId: number
  accounts: readonly `0x${string}`[]
  detach(): void
}

type Emit = <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void

/**
 * The connections of one adapter, by connector id, and the wallet events they
 * relay: every event is validated (malformed payloads are dropped with a
 * warning) and tagged with its connector id; accounts carry CAIP-10 ids for
 * the current chain.
 */
export function createConnections(deps: {
  emit: Emit
  logger(): Pick<Logger, 'warn'>
  checksum(address: `0x${string}`): `0x${string}`
}) {
  const byId = new Map<string, Connection>()

  function attach(
    connectorId: string,
    provider: Eip1193Provider,
    state: { chainId: number; accounts: readonly `0x${string}`[]; channel?: ChannelProvider },
  ): Connection {
    const existing = byId.get(connectorId)
    if (existing && existing.provider === provider) {
      existing.chainId = state.chainId
      existing.accounts = state.accounts
      return existing
    }
    existing?.detach()
    const onAccounts = (value: unknown) => {
      let accounts: `0x${string}`[]
      try {
        accounts = parseAccounts('accountsChanged', value, deps.checksum)
      } catch (error) {
        deps.logger().warn('Portico: dropped a malformed accountsChanged event', error)
        return
      }
      connection.accounts = accounts
      deps.emit('accountsChanged', { connectorId, accounts: toAccountRecords(accounts, connection.chainId) })
    }
    const onChain = (value: unknown) => {
      let chainId: number
      try {
        chainId = parseChainId('chainChanged', value)
      } catch (error) {
        deps.logger().warn('Portico: dropped a malformed chainChanged event', error)
        return
      }
      connection.chainId = chainId
      deps.emit('chainChanged', {
        connectorId,
        caipNetworkId: toCaipNetworkId(chainId),
        accounts: toAccountRecords(connection.accounts, chainId),
      })
    }
    const onDisconnect = (error: unknown) => {
      const reason =
        error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message.slice(0, 200)
          : undefined
      connection.detach()
      deps.emit('disconnect', { connectorId, ...(reason ? { reason } : {}) })
    }
    const connection: Connection = {
      connectorId,
      provider,
      ...(state.channel ? { channel: state.channel } : {}),
      chainId: state.chainId,
      accounts: state.accounts,
      detach() {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
        state.channel?.close()
        if (byId.get(connectorId) === connection) byId.delete(connectorId)
      },
    }
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    byId.set(connectorId, connection)
    return connection
  }

  return {
    attach,
    get: (connectorId: string) => byId.get(connectorId),
    /** Detaches every connection (destroy). */
    clear() {
      for (const c of [...byId.values()]) c.detach()
    },
  }
}

export type Connections = ReturnType<typeof createConnections>
