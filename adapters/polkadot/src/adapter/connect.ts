import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type Logger,
  type RequestChannel,
} from '@portico/core'
import { namingExtension, toPolkadotPorticoError } from '../errors/index.js'
import { type DiscoveredExtension, toExtensionAccounts, validateInjected } from '../extensions/index.js'
import type { PolkadotNetwork } from '../networks/index.js'
import { channelInjected } from './channel.js'
import { accountRecords, type Session, type Sessions } from './sessions.js'

/** What opening a session needs from the adapter: its sessions, event emitter and logger. */
export interface OpenSessionDeps {
  sessions: Sessions
  emit: <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void
  warn: Logger['warn']
}

/** Enables the extension for the app and opens a session with its accounts on `network`. */
export async function openSession(
  deps: OpenSessionDeps,
  ext: Pick<DiscoveredExtension, 'connector'> & Partial<Pick<DiscoveredExtension, 'entry'>>,
  network: PolkadotNetwork,
  appName: string,
  channel?: RequestChannel,
): Promise<Session> {
  const { sessions, emit } = deps
  let injected: ReturnType<typeof validateInjected>
  let listed: unknown
  try {
    // A plugin connector's request channel stands in for an extension.
    injected = channel
      ? channelInjected(channel, network)
      : validateInjected(await ext.entry?.enable(appName))
    listed = await injected.accounts.get()
  } catch (e) {
    throw namingExtension(toPolkadotPorticoError(e), ext.connector.name)
  }
  const skipped: string[] = []
  const skip = (why: string) => {
    skipped.push(why)
    deps.warn(`polkadot adapter: ${ext.connector.name}: ${why}`)
  }
  let accounts: Session['accounts']
  try {
    accounts = toExtensionAccounts(listed, network, skip)
  } catch (e) {
    throw namingExtension(e, ext.connector.name)
  }
  if (accounts.length === 0)
    throw new AddressOrAuthConnectorNotFoundError({
      details: `${ext.connector.name} shared no usable account${skipped.length ? ` (${skipped.slice(0, 3).join('; ')})` : ''}`,
    })
  const connectorId = ext.connector.id
  const session: Session = {
    connectorId,
    name: ext.connector.name,
    injected,
    accounts,
    network,
    off: () => {},
  }
  sessions.open(session)
  const unsubscribe = injected.accounts.subscribe?.((changed) => {
    const current = sessions.get(connectorId)
    if (current !== session) return
    let next: Session['accounts']
    try {
      next = toExtensionAccounts(changed, current.network, skip)
    } catch (e) {
      deps.warn(`polkadot adapter: ${ext.connector.name} sent invalid accounts`, e)
      return
    }
    if (next.map((a) => a.publicKey).join() === current.accounts.map((a) => a.publicKey).join()) return
    if (next.length === 0) {
      sessions.end(connectorId)
      emit('disconnect', { connectorId, reason: 'the extension removed the accounts' })
      return
    }
    current.accounts = next
    emit('accountsChanged', { connectorId, accounts: accountRecords(current) })
  })
  session.off = typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {}
  return session
}
