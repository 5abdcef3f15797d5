/**
 * Typed wallet errors. Adapters convert foreign EIP-1193 / EIP-1474 errors into
 * these at the boundary with `toPorticoError`, by numeric code only.
 */
import {
  ERROR_CODE_CHAIN_DISCONNECTED,
  ERROR_CODE_DEFAULT,
  ERROR_CODE_DISCONNECTED,
  ERROR_CODE_INTERNAL_RPC,
  ERROR_CODE_INVALID_CHAIN_ID,
  ERROR_CODE_UNAUTHORIZED,
  ERROR_CODE_UNRECOGNIZED_CHAIN,
  ERROR_CODE_UNSUPPORTED_METHOD,
  ERROR_CODE_USER_REJECTED,
} from '../constants/index.js'
import { PorticoError } from './base.js'
import type { CatalogueErrorOptions } from './catalogue.js'

/**
 * EIP-1193 4001: the user rejected the request in their wallet.
 *
 * @example
 * catch (e) { if (e instanceof UserRejectedRequestError) showToast('Cancelled') }
 */
export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError'
  override readonly code = ERROR_CODE_USER_REJECTED
  constructor(options: CatalogueErrorOptions = {}) {
    super('User rejected the request.', options)
  }
}

/** EIP-1193 4100: the method or account is not authorized by the user. */
export class UnauthorizedError extends PorticoError {
  override name = 'UnauthorizedError'
  override readonly code = ERROR_CODE_UNAUTHORIZED
  constructor(options: CatalogueErrorOptions = {}) {
    super('The requested method and/or account has not been authorized by the user.', options)
  }
}

/**
 * EIP-1193 4200: the wallet does not support the method. Also thrown by the
 * core when an optional adapter capability (`signTypedData?`, `estimateGas?`…)
 * is absent — adapters never ship stubs.
 *
 * @example
 * if (!adapter.signTypedData) throw new MethodNotSupportedError({ method: 'signTypedData' })
 */
export class MethodNotSupportedError extends PorticoError {
  override name = 'MethodNotSupportedError'
  override readonly code = ERROR_CODE_UNSUPPORTED_METHOD
  readonly method: string | undefined
  constructor(options: CatalogueErrorOptions & { method?: string } = {}) {
    const { method, ...rest } = options
    super(method ? `Method "${method}" is not supported.` : 'The method is not supported.', rest)
    this.method = method
  }
}

/** EIP-1193 4900: the provider is disconnected from all chains. */
export class ProviderDisconnectedError extends PorticoError {
  override name = 'ProviderDisconnectedError'
  override readonly code = ERROR_CODE_DISCONNECTED
  constructor(options: CatalogueErrorOptions = {}) {
    super('The provider is disconnected from all chains.', options)
  }
}

/** EIP-1193 4901: the provider is not connected to the requested chain. */
export class ChainDisconnectedError extends PorticoError {
  override name = 'ChainDisconnectedError'
  override readonly code = ERROR_CODE_CHAIN_DISCONNECTED
  constructor(options: CatalogueErrorOptions = {}) {
    super('The provider is not connected to the requested chain.', options)
  }
}

/** EIP-3085/3326 4902 (SPEC §8 "unrecognized chain"): the wallet does not know the chain; add it first. */
export class UnrecognizedChainError extends PorticoError {
  override name = 'UnrecognizedChainError'
  override readonly code = ERROR_CODE_UNRECOGNIZED_CHAIN
  constructor(options: CatalogueErrorOptions = {}) {
    super('Unrecognized chain ID. Try adding the chain first.', options)
  }
}

/** EIP-1474 -32603: internal JSON-RPC error. */
export class InternalRpcError extends PorticoError {
  override name = 'InternalRpcError'
  override readonly code = ERROR_CODE_INTERNAL_RPC
  constructor(options: CatalogueErrorOptions = {}) {
    super('An internal error was received.', options)
  }
}

/** SPEC §8 code 32603 (positive, as some wallets send it): invalid chain id. */
export class InvalidChainIdError extends PorticoError {
  override name = 'InvalidChainIdError'
  override readonly code = ERROR_CODE_INVALID_CHAIN_ID
  constructor(options: CatalogueErrorOptions = {}) {
    super('Invalid chain id.', options)
  }
}

/** Connecting to the connector that is already the current one is rejected (SPEC §4). */
export class AlreadyConnectedError extends PorticoError {
  override name = 'AlreadyConnectedError'
  override readonly code = 'ALREADY_CONNECTED' as const
  readonly connectorId: string | undefined
  constructor(options: CatalogueErrorOptions & { connectorId?: string } = {}) {
    const { connectorId, ...rest } = options
    super('Already connected with this connector.', { details: connectorId, ...rest })
    this.connectorId = connectorId
  }
}

/**
 * `switchConnection` / `disconnectConnection` got an id that names no wallet
 * connection of the instance (malformed, never connected, or already ended).
 */
export class ConnectionNotFoundError extends PorticoError {
  override name = 'ConnectionNotFoundError'
  override readonly code = 'CONNECTION_NOT_FOUND' as const
  readonly connectionId: string
  constructor(connectionId: unknown, options: CatalogueErrorOptions = {}) {
    const id = typeof connectionId === 'string' ? connectionId.slice(0, 200) : String(typeof connectionId)
    super('No wallet connection with this id.', { details: id, ...options })
    this.connectionId = id
  }
}

/** A connection cannot be switched to or ended while its namespace is connecting or restoring. */
export class ConnectionBusyError extends PorticoError {
  override name = 'ConnectionBusyError'
  override readonly code = 'CONNECTION_BUSY' as const
  constructor(namespace: string, options: CatalogueErrorOptions = {}) {
    super('A wallet is connecting in this namespace; try again when it is done.', {
      details: namespace,
      ...options,
    })
  }
}

/** Anything `toPorticoError` cannot classify; code 5000 (SPEC §8 default). */
export class UnknownError extends PorticoError {
  override name = 'UnknownError'
  override readonly code = ERROR_CODE_DEFAULT
  constructor(options: CatalogueErrorOptions = {}) {
    super('An unknown error occurred.', options)
  }
}

/**
 * The wallet's network is fixed at connect (Bitcoin wallets): switching means
 * disconnecting and connecting again on the other network. `details` names
 * the network asked for.
 */
export class ReconnectRequiredError extends PorticoError {
  override name = 'ReconnectRequiredError'
  override readonly code = 'RECONNECT_REQUIRED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Reconnect the wallet to use this network.', options)
  }
}
