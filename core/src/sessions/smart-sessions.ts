import type {
  BlockchainApi,
  ChainAdapter,
  ChainNamespace,
  Portico,
  SessionListResponse,
  SessionResponse,
} from '../contracts/index.js'
import {
  AddressOrAuthConnectorNotFoundError,
  MethodNotSupportedError,
  PorticoError,
} from '../errors/index.js'
import { REVOKE_DEADLINE_MS, SessionRevokeRefusedError } from './errors.js'

export interface SmartSessionsDeps {
  blockchain: BlockchainApi
  /** The connected address of a namespace (default: active), or undefined. */
  account(namespace?: ChainNamespace): { namespace: ChainNamespace; address: string } | undefined
  adapter(namespace: ChainNamespace): ChainAdapter | undefined
  signTypedData: Portico['signTypedData']
  now?: () => number
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The connected account's smart sessions on the gateway: list the active
 * ones; revoke one with the wallet's signature. Core stays chain-neutral:
 * the namespace's adapter builds what the wallet signs
 * (`sessionRevokeTypedData`, EIP-712 on eip155).
 */
export function createSmartSessions(deps: SmartSessionsDeps) {
  const connected = (namespace?: ChainNamespace) => {
    const account = deps.account(namespace)
    if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: namespace })
    return account
  }
  return {
    async listSessions(params: { namespace?: ChainNamespace } = {}): Promise<SessionListResponse> {
      const { address } = connected(params.namespace)
      if (!deps.blockchain.listSessions) throw new MethodNotSupportedError({ method: 'listSessions' })
      return deps.blockchain.listSessions({ address })
    },

    async revokeSession(params: { session: SessionResponse; namespace?: ChainNamespace }): Promise<void> {
      const { namespace, address } = connected(params.namespace)
      const { session } = params
      if (session.address.toLowerCase() !== address.toLowerCase())
        throw new PorticoError('The session belongs to another account', {
          code: 'SESSION_NOT_OWNED',
          details: session.id,
        })
      const adapter = deps.adapter(namespace)
      if (!adapter?.sessionRevokeTypedData)
        throw new MethodNotSupportedError({ method: 'sessionRevokeTypedData' })
      const nonce = randomNonce()
      const deadline = (deps.now ?? Date.now)() + REVOKE_DEADLINE_MS
      const typedData = await adapter.sessionRevokeTypedData({ ...session, nonce, deadline })
      const signature = await deps.signTypedData({ typedData, namespace })
      const answer = await deps.blockchain.revokeSession(session.id, {
        pci: session.pci,
        signature,
        nonce,
        deadline,
      })
      if (!answer.success) throw new SessionRevokeRefusedError(session.id)
    },
  }
}
