import type { AccountRecord, AdapterEvents } from '@portico/core'
import { AddressOrAuthConnectorNotFoundError, type CaipNetworkId } from '@portico/core'
import type { BitcoinPurpose } from '../contract/index.js'
import { addressParams } from '../networks/index.js'
import type { BitcoinWalletDriver } from '../wallets/index.js'
import { toAccountRecords } from './accounts.js'

/** A connection the adapter holds: the wallet's driver, its validated accounts and the network fixed at connect. */
export interface Session {
  driver: BitcoinWalletDriver
  accounts: AccountRecord[]
  caipNetworkId: CaipNetworkId
  off: () => void
}

/**
 * The adapter's connections by connector id. A wallet's account changes are
 * validated like a connect's answer: invalid ones are logged and ignored, an
 * empty list ends the session with `disconnect`.
 */
export function createSessions(deps: {
  emit: <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void
  warn: (message: string, error: unknown) => void
}) {
  const sessions = new Map<string, Session>()

  function end(connectorId: string) {
    sessions.get(connectorId)?.off()
    sessions.delete(connectorId)
  }

  return {
    get: (connectorId: string) => sessions.get(connectorId),
    ids: () => [...sessions.keys()],
    end,

    /** The session of a connector, or `AddressOrAuthConnectorNotFoundError` when it is not connected. */
    require(connectorId: string): Session {
      const session = sessions.get(connectorId)
      if (!session) throw new AddressOrAuthConnectorNotFoundError({ details: connectorId })
      return session
    },

    /** The session's account `address`, or (none given) its first account of `purpose`. */
    account(
      session: Session,
      address: string | undefined,
      purpose: BitcoinPurpose = 'payment',
    ): AccountRecord {
      const account = address
        ? session.accounts.find((a) => a.address === address)
        : (session.accounts.find((a) => a.purpose === purpose) ?? session.accounts[0])
      if (!account)
        throw new AddressOrAuthConnectorNotFoundError({ details: address ?? `no ${purpose} account` })
      return account
    },

    open(
      connectorId: string,
      driver: BitcoinWalletDriver,
      accounts: AccountRecord[],
      caipNetworkId: CaipNetworkId,
    ) {
      end(connectorId)
      const off = driver.onAccountsChanged((raw) => {
        const session = sessions.get(connectorId)
        if (!session) return
        let next: AccountRecord[]
        try {
          next = toAccountRecords(raw, session.caipNetworkId, addressParams(session.caipNetworkId))
        } catch (e) {
          deps.warn('bitcoin adapter: the wallet reported invalid accounts; ignored', e)
          return
        }
        if (next.length === 0) {
          end(connectorId)
          deps.emit('disconnect', { connectorId, reason: 'wallet removed the accounts' })
          return
        }
        session.accounts = next
        deps.emit('accountsChanged', { connectorId, accounts: next })
      })
      const session: Session = { driver, accounts, caipNetworkId, off }
      sessions.set(connectorId, session)
      return session
    },
  }
}
