import {
  type AccountRecord,
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type CaipAddress,
  type CaipNetworkId,
  type ConnectResult,
  type RequestChannel,
} from '@portico/core'
import type { BackendEvents, HeldAccount, WalletBackend } from './backends.js'

/** A connection the adapter holds: the wallet behind it, its accounts and the cluster it is on. */
export interface Session {
  backend: WalletBackend
  accounts: HeldAccount[]
  caipNetworkId: CaipNetworkId
  /** Set when a plugin's request channel carries the session. */
  channel?: RequestChannel
}

export type Emit = <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void

export const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Held accounts as records on a cluster: the adapter composes the CAIP-10 ids. */
export function toRecords(accounts: readonly HeldAccount[], caipNetworkId: CaipNetworkId): AccountRecord[] {
  return accounts.map((a) => ({
    namespace: 'solana',
    address: a.address,
    caipAddress: `${caipNetworkId}:${a.address}` as CaipAddress,
    type: 'eoa',
    ...(a.publicKey ? { publicKey: hex(a.publicKey) } : {}),
  }))
}

/** The session's account `address`, or (none given) its first account. */
export function accountFor(session: Session, address: string | undefined): HeldAccount {
  const account = address ? session.accounts.find((a) => a.address === address) : session.accounts[0]
  if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: address })
  return account
}

export type SolanaSessions = ReturnType<typeof createSessions>

/**
 * The adapter's connections by connector id. A wallet's account changes and
 * disconnects reach the app through `emit`, tagged with the connector.
 */
export function createSessions(emit: Emit) {
  const sessions = new Map<string, Session>()

  function end(connectorId: string) {
    sessions.get(connectorId)?.backend.close()
    sessions.delete(connectorId)
  }

  return {
    get: (connectorId: string) => sessions.get(connectorId),
    entries: () => sessions.entries(),
    ids: () => [...sessions.keys()],
    end,

    /** The session of a connector, or `AddressOrAuthConnectorNotFoundError` when it is not connected. */
    require(connectorId: string): Session {
      const session = sessions.get(connectorId)
      if (!session) throw new AddressOrAuthConnectorNotFoundError({ details: connectorId })
      return session
    },

    /** Starts holding a connection; the accounts usable on the network's chain come first. */
    open(connectorId: string, session: Session): ConnectResult {
      end(connectorId)
      sessions.set(connectorId, session)
      return {
        accounts: toRecords(session.accounts, session.caipNetworkId),
        caipNetworkId: session.caipNetworkId,
      }
    },

    /** Wallet events of a session → adapter events tagged with its connector. */
    eventsFor(connectorId: string): BackendEvents {
      return {
        onAccounts(accounts) {
          const session = sessions.get(connectorId)
          if (!session) return
          session.accounts = accounts
          emit('accountsChanged', { connectorId, accounts: toRecords(accounts, session.caipNetworkId) })
        },
        onDisconnect(reason) {
          if (!sessions.has(connectorId)) return
          end(connectorId)
          emit('disconnect', { connectorId, reason })
        },
      }
    },
  }
}
