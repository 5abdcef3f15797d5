import { PorticoError, type PorticoErrorOptions } from '@portico/core'

/**
 * A wallet answered with something that breaks the EIP-1193 contract
 * (malformed accounts, a non-hex chain id, a signature that is not hex…).
 * Thrown instead of passing garbage on; never crashes the modal. When the
 * adapter knows which wallet answered (its connector's name), the message
 * names it: "MetaMask returned an invalid response.".
 *
 * @example
 * catch (e) { if (e instanceof InvalidWalletResponseError) console.warn(e.wallet, e.method, e.details) }
 */
export class InvalidWalletResponseError extends PorticoError {
  override name = 'InvalidWalletResponseError'
  override readonly code = 'INVALID_WALLET_RESPONSE' as const
  readonly method: string
  /** The wallet's name (its connector's), when known. */
  readonly wallet: string | undefined
  constructor(method: string, options: Omit<PorticoErrorOptions, 'code'> & { wallet?: string } = {}) {
    const { wallet, ...rest } = options
    super(wallet ? `${wallet} returned an invalid response.` : 'The wallet returned an invalid response.', {
      ...rest,
      metaMessages: [`Method: ${method}`],
    })
    this.method = method
    this.wallet = wallet
  }
}

/**
 * The same error naming the wallet that answered, for errors raised where the
 * answer was parsed (which knows the method, not the wallet). Anything else,
 * or an error already naming a wallet, is returned as it is.
 */
export function namingWallet(error: unknown, wallet: string | undefined): unknown {
  if (!wallet || !(error instanceof InvalidWalletResponseError) || error.wallet) return error
  return new InvalidWalletResponseError(error.method, {
    wallet,
    ...(error.details ? { details: error.details } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  })
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
