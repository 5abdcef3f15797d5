import { PorticoError, type PorticoErrorOptions } from '@portico/core'

/**
 * A wallet answered with something that breaks the EIP-1193 contract
 * (malformed accounts, a non-hex chain id, a signature that is not hex…).
 * Thrown instead of passing garbage on; never crashes the modal.
 *
 * @example
 * catch (e) { if (e instanceof InvalidWalletResponseError) console.warn(e.method, e.details) }
 */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  override readonly code = 'INVALID_WALLET_RESPONSE' as const
  readonly method: string
  constructor(method: string, options: Omit<PorticoErrorOptions, 'code'> = {}) {
    super('The wallet returned an invalid response.', { ...options, metaMessages: [`Method: ${method}`] })
    this.method = method
  }
}

/**
 * The wallet already has a request of this kind waiting for the user and
 * refused a second one (EIP-1474 -32002, "resource unavailable": MetaMask,
 * Rabby and Coinbase Wallet answer a second connect this way). The visitor
 * finishes or closes the wallet's open prompt, then tries again.
 *
 * @example
 * catch (e) { if (e instanceof WalletRequestPendingError) showHint('Open your wallet: a request is waiting') }
 */
export class WalletRequestPendingError extends PorticoError {
  override name = 'WalletRequestPendingError'
  override readonly code = 'WALLET_REQUEST_PENDING' as const
  readonly method: string
  constructor(method: string, options: Omit<PorticoErrorOptions, 'code'> = {}) {
    super('A request is already waiting in your wallet. Finish it there, then try again.', {
      ...options,
      metaMessages: [`Method: ${method}`],
    })
    this.method = method
  }
}

/** The connector id is not one this adapter offers (or has no provider). */
export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  override readonly code = 'CONNECTOR_NOT_FOUND' as const
  constructor(connectorId: string) {
    super('Connector not found.', { details: connectorId })
  }
}

/**
 * `getPublicClient` was called before the adapter loaded viem (it loads on
 * first use, not with the page). Await `loadPublicClient` instead, or call
 * `getPublicClient` after a connect or a read.
 *
 * @example
 * const client = await adapter.loadPublicClient('eip155:1') // never throws this
 */
export class EvmClientNotLoadedError extends PorticoError {
  override name = 'EvmClientNotLoadedError'
  override readonly code = 'EVM_CLIENT_NOT_LOADED' as const
  constructor(caipNetworkId: string) {
    super('The EVM client is not loaded yet.', {
      details: caipNetworkId,
      metaMessages: ['Use `await adapter.loadPublicClient(caipNetworkId)`.'],
    })
  }
}
