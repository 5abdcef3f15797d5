import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type PorticoContext,
  PorticoError,
  type RequestChannel,
} from '@portico/core'
import type { Keplr } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import { channelKeplr } from './channel.js'
import { type CosmosSession, enableChains, readKey } from './session.js'

export type Emit = <E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) => void

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

/** What the connections read from the adapter, late (the adapter's state changes after setup). */
export interface ConnectionDeps {
  networks: readonly CosmosNetwork[]
  emit: Emit
  /** The window-like object wallets' events are fired on. */
  root: () => object | undefined
  /** The discovered or configured wallet behind a connector. */
  provider: (connectorId: string) => Keplr | undefined
  /** A wallet handed in through options (its keystore event is Keplr's). */
  isConfigured: (connectorId: string) => boolean
  logger: () => PorticoContext['logger'] | undefined
}

/**
 * The adapter's live connections, one per connector: opening one (enable the
 * chains, read and validate the key), following the wallet's account changes
 * (`<wallet>_keystorechange` on the window, or the WalletConnect channel's
 * events) and ending it.
 */
export function createConnections(deps: ConnectionDeps) {
  const sessions = new Map<string, CosmosSession>()

  function end(connectorId: string) {
    sessions.get(connectorId)?.off()
    sessions.delete(connectorId)
  }

  /** The connection of a connector (and, when given, of that address), or a typed error. */
  function require(connectorId: string, address?: string): CosmosSession {
    const session = sessions.get(connectorId)
    if (!session) throw new AddressOrAuthConnectorNotFoundError({ details: connectorId })
    if (address !== undefined && address !== session.key.record.address) {
      throw new AddressOrAuthConnectorNotFoundError({ details: `${address} is not the connected account` })
    }
    return session
  }

  /** The window event a wallet fires when the user switches key (`keplr_keystorechange`…). */
  function keystoreEvent(connectorId: string): string {
    const name = connectorId.slice('keplr:'.length).split('.')[0]
    return `${deps.isConfigured(connectorId) ? 'keplr' : name}_keystorechange`
  }

  function watchKeystore(connectorId: string): () => void {
    const target = deps.root() as Partial<EventTarget> | undefined
    if (!target?.addEventListener) return () => {}
    const event = keystoreEvent(connectorId)
    const onChange = () => reread(connectorId)
    target.addEventListener(event, onChange)
    return () => target.removeEventListener?.(event, onChange)
  }

  /** A WalletConnect session: its account changes re-read the key, its end ends the connection. */
  function watchChannel(connectorId: string, channel: RequestChannel): () => void {
    const offs = [
      channel.on('accountsChanged', () => reread(connectorId)),
      channel.on('disconnect', () => {
        if (!sessions.has(connectorId)) return
        end(connectorId)
        deps.emit('disconnect', { connectorId, reason: 'the WalletConnect session ended' })
      }),
    ]
    return () => {
      for (const off of offs) off()
    }
  }

  /** Re-reads the key after the session's account changed; ends the session when it cannot. */
  function reread(connectorId: string) {
    const session = sessions.get(connectorId)
    if (!session) return
    readKey(session.keplr, session.network).then(
      (key) => {
        if (sessions.get(connectorId) !== session) return
        session.key = key
        deps.emit('accountsChanged', { connectorId, accounts: [key.record] })
      },
      (e) => {
        deps.logger()?.warn('cosmos adapter: the wallet key changed and could not be read', e)
        end(connectorId)
        deps.emit('disconnect', { connectorId, reason: 'the wallet key could not be read' })
      },
    )
  }

  async function open(
    connectorId: string,
    network: CosmosNetwork,
    enable: readonly CosmosNetwork[],
    channel?: RequestChannel,
  ): Promise<CosmosSession> {
    const keplr = channel ? channelKeplr(channel, deps.networks) : deps.provider(connectorId)
    if (!keplr) throw new ConnectorNotFoundError(connectorId)
    await enableChains(keplr, enable)
    const key = await readKey(keplr, network)
    end(connectorId)
    const session: CosmosSession = { keplr, network, key, off: () => {} }
    sessions.set(connectorId, session)
    session.off = channel ? watchChannel(connectorId, channel) : watchKeystore(connectorId)
    return session
  }

  return {
    get: (connectorId: string) => sessions.get(connectorId),
    all: () => sessions.entries(),
    require,
    open,
    end,
    endAll() {
      for (const id of [...sessions.keys()]) end(id)
    },
  }
}

export type Connections = ReturnType<typeof createConnections>
