import {
  type AccountRecord,
  AddressOrAuthConnectorNotFoundError,
  type CaipNetworkId,
  type Connector,
  type ConnectResult,
} from '@portico/core'
import type { BitcoinPurpose } from '../contract/index.js'
import { toBitcoinPorticoError } from '../errors/index.js'
import { addressParams, toStandardChain } from '../networks/index.js'
import type { BitcoinWalletDriver } from '../wallets/index.js'
import { toAccountRecords } from './accounts.js'
import type { createSessions } from './sessions.js'

type Sessions = ReturnType<typeof createSessions>

const DEFAULT_PURPOSES: BitcoinPurpose[] = ['payment', 'ordinals']

/**
 * Asks the wallet (through its driver) for accounts of the purposes wanted,
 * default both, validates them for the network and holds the session. The
 * wallet's name and icon come from its connector when it has one.
 */
export async function connectDriver(params: {
  sessions: Sessions
  connectorId: string
  driver: BitcoinWalletDriver
  caipNetworkId: CaipNetworkId
  purposes: BitcoinPurpose[] | undefined
  connector: Connector | undefined
}): Promise<ConnectResult> {
  const { sessions, connectorId, driver, caipNetworkId, connector } = params
  const purposes = params.purposes?.length ? params.purposes : DEFAULT_PURPOSES
  let raw: Awaited<ReturnType<BitcoinWalletDriver['connect']>>
  try {
    raw = await driver.connect(purposes, toStandardChain(caipNetworkId))
  } catch (e) {
    throw toBitcoinPorticoError(e)
  }
  const accounts = toAccountRecords(raw, caipNetworkId, addressParams(caipNetworkId))
  if (accounts.length === 0)
    throw new AddressOrAuthConnectorNotFoundError({ details: 'the wallet granted no Bitcoin account' })
  const session = sessions.open(connectorId, driver, accounts, caipNetworkId)
  return {
    accounts: session.accounts,
    caipNetworkId: session.caipNetworkId,
    ...(connector
      ? { wallet: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}) } }
      : {}),
  }
}

/** The accounts of a held session, or of a wallet that already granted some (never a prompt). */
export async function restoreAccounts(
  deps: {
    sessions: Sessions
    driverFor: (connectorId: string) => BitcoinWalletDriver
    activeNetworkId: () => CaipNetworkId | undefined
    warn: (message: string, error: unknown) => void
  },
  connectorId: string,
): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }> {
  const { sessions } = deps
  const existing = sessions.get(connectorId)
  if (existing) return { accounts: existing.accounts, caipNetworkId: existing.caipNetworkId }
  try {
    // Restoring (SPEC §4): only accounts the wallet already granted, never a prompt.
    const driver = deps.driverFor(connectorId)
    const granted = driver.grantedAccounts()
    const network = deps.activeNetworkId()
    if (!granted?.length || !network) return { accounts: [] }
    const accounts = toAccountRecords(granted, network, addressParams(network))
    const session = sessions.open(connectorId, driver, accounts, network)
    return { accounts: session.accounts, caipNetworkId: network }
  } catch (e) {
    deps.warn('bitcoin adapter: could not read the wallet accounts', e)
    return { accounts: [] }
  }
}
