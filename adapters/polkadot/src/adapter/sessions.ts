import type { AccountRecord, CaipNetworkId } from '@portico/core'
import { AddressOrAuthConnectorNotFoundError } from '@portico/core'
import { encodeSs58, polkadotCaipAddress } from '../address/index.js'
import type { ExtensionAccount, ValidInjected } from '../extensions/index.js'
import type { PolkadotNetwork } from '../networks/index.js'

/** A connection to one extension: its injected object, the accounts it granted and the active network. */
export interface Session {
  connectorId: string
  name: string
  injected: ValidInjected
  /** Granted accounts (public keys); addresses are derived per network. */
  accounts: ExtensionAccount[]
  network: PolkadotNetwork
  off: () => void
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array((hex.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16)
  return out
}

/** The session's accounts as v2 records for its current network (address and CAIP-10 with its prefix). */
export function accountRecords(session: Pick<Session, 'accounts' | 'network'>): AccountRecord[] {
  return session.accounts.map((a) => {
    const address = encodeSs58(hexToBytes(a.publicKey), session.network.ss58Prefix)
    return {
      namespace: 'polkadot',
      address,
      caipAddress: polkadotCaipAddress(session.network.caipNetworkId, address),
      type: 'eoa',
      publicKey: a.publicKey,
      addressType: a.keyType,
    }
  })
}

/** The session account `address` names (any prefix of the same key is refused: it must be this network's). */
export function sessionAccount(session: Session, address: string | undefined): AccountRecord {
  const records = accountRecords(session)
  const found = address === undefined ? records[0] : records.find((r) => r.address === address)
  if (!found) throw new AddressOrAuthConnectorNotFoundError({ details: address ?? 'no account' })
  return found
}

export class Sessions {
  readonly #byId = new Map<string, Session>()

  get(connectorId: string): Session | undefined {
    return this.#byId.get(connectorId)
  }

  require(connectorId: string): Session {
    const session = this.#byId.get(connectorId)
    if (!session)
      throw new AddressOrAuthConnectorNotFoundError({ details: `${connectorId} is not connected` })
    return session
  }

  open(session: Session): Session {
    this.end(session.connectorId)
    this.#byId.set(session.connectorId, session)
    return session
  }

  end(connectorId: string): boolean {
    const session = this.#byId.get(connectorId)
    if (!session) return false
    this.#byId.delete(connectorId)
    session.off()
    return true
  }

  ids(): string[] {
    return [...this.#byId.keys()]
  }

  /** The network of a connected session, for callers that name none. */
  networkOf(connectorId: string): CaipNetworkId | undefined {
    return this.#byId.get(connectorId)?.network.caipNetworkId
  }
}
