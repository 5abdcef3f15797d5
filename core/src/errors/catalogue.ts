/**
 * One class per SPEC §8 catalogue entry. `shortMessage` is the SPEC text,
 * character for character; `code` is a stable string so callers can switch on
 * it without reading messages.
 */
import { PorticoError, type PorticoErrorOptions } from './base.js'

/** Options every catalogue error accepts (the code is fixed by the class). */
export type CatalogueErrorOptions = Omit<PorticoErrorOptions, 'code'>

/**
 * An email login was triggered before the 30 s cool-down ended (SPEC §4, §8).
 * `seconds` is the remaining wait, whole seconds rounded up.
 *
 * @example
 * const wait = getEmailLoginWait(lastAttempt)
 * if (wait > 0) throw new EmailLoginTooEarlyError(wait) // "Please try again after 12 seconds"
 */
export class EmailLoginTooEarlyError extends PorticoError {
  override name = 'EmailLoginTooEarlyError'
  override readonly code = 'EMAIL_LOGIN_TOO_EARLY' as const
  readonly seconds: number
  constructor(seconds: number, options: CatalogueErrorOptions = {}) {
    super(`Please try again after ${seconds} seconds`, options)
    this.seconds = seconds
  }
}

/**
 * The token-balance fetch failed or the network is unsupported (SPEC §8).
 *
 * @example
 * state.error = new TokenBalanceUnavailableError().shortMessage // "Token Balance Unavailable"
 */
export class TokenBalanceUnavailableError extends PorticoError {
  override name = 'TokenBalanceUnavailableError'
  override readonly code = 'TOKEN_BALANCE_UNAVAILABLE' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Token Balance Unavailable', options)
  }
}

/**
 * Any non-OK HTTP answer (SPEC §8): "HTTP status code: {status}". The gateway's
 * `{ code, message }` body, when present, is kept in `body` and shown as details.
 *
 * @example
 * catch (e) { if (e instanceof HttpRequestError && e.status === 404) … }
 */
export class HttpRequestError extends PorticoError {
  override name = 'HttpRequestError'
  override readonly code = 'HTTP_REQUEST' as const
  readonly status: number
  readonly url: string | undefined
  readonly body: { code?: string; message?: string } | undefined
  constructor(
    status: number,
    options: CatalogueErrorOptions & { url?: string; body?: { code?: string; message?: string } } = {},
  ) {
    const { url, body, ...rest } = options
    super(`HTTP status code: ${status}`, {
      ...rest,
      details: rest.details ?? (typeof body?.message === 'string' ? body.message : undefined),
    })
    this.status = status
    this.url = url
    this.body = body
  }
}

/** The gas-price call was made on a network the API does not support (SPEC §8). */
export class GasPriceNetworkNotSupportedError extends PorticoError {
  override name = 'GasPriceNetworkNotSupportedError'
  override readonly code = 'GAS_PRICE_NETWORK_NOT_SUPPORTED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Network not supported for Gas Price', options)
  }
}

/** A swap call was made on a network the API does not support (SPEC §5, §8). */
export class SwapNetworkNotSupportedError extends PorticoError {
  override name = 'SwapNetworkNotSupportedError'
  override readonly code = 'SWAP_NETWORK_NOT_SUPPORTED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Network not supported for Swaps', options)
  }
}

/** Send needs an amount and a receiver address (SPEC §5). */
export class AmountAndReceiverRequiredError extends PorticoError {
  override name = 'AmountAndReceiverRequiredError'
  override readonly code = 'AMOUNT_AND_RECEIVER_REQUIRED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('An amount and receiver address are required', options)
  }
}

/** Send needs a token (SPEC §5). */
export class TokenRequiredError extends PorticoError {
  override name = 'TokenRequiredError'
  override readonly code = 'TOKEN_REQUIRED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('A token is required', options)
  }
}

/** An operation met a chain it cannot serve, e.g. a blockchain API call on an unsupported network (SPEC §6). */
export class UnsupportedChainError extends PorticoError {
  override name = 'UnsupportedChainError'
  override readonly code = 'UNSUPPORTED_CHAIN' as const
  readonly caipNetworkId: string | undefined
  constructor(options: CatalogueErrorOptions & { caipNetworkId?: string } = {}) {
    const { caipNetworkId, ...rest } = options
    super('Unsupported chain', { details: caipNetworkId, ...rest })
    this.caipNetworkId = caipNetworkId
  }
}

/** The requested network is not in the configured networks array (SPEC §8). */
export class NetworkNotFoundError extends PorticoError {
  override name = 'NetworkNotFoundError'
  override readonly code = 'NETWORK_NOT_FOUND' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Network not found', options)
  }
}

/** SPEC §8: 'Address or auth connector not found'. */
export class AddressOrAuthConnectorNotFoundError extends PorticoError {
  override name = 'AddressOrAuthConnectorNotFoundError'
  override readonly code = 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Address or auth connector not found', options)
  }
}

/** SPEC §8: 'Chain is not supported'. */
export class ChainNotSupportedError extends PorticoError {
  override name = 'ChainNotSupportedError'
  override readonly code = 'CHAIN_NOT_SUPPORTED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Chain is not supported', options)
  }
}

/** What a chain was required for; each gives one SPEC §8 text. */
export type ChainRequiredPurpose = 'update chain account data' | 'get connection controller client'

/**
 * A namespace/chain argument was missing (SPEC §8): "Chain is required to update
 * chain account data" or "Chain is required to get connection controller client".
 *
 * @example
 * if (!namespace) throw new ChainRequiredError('update chain account data')
 */
export class ChainRequiredError extends PorticoError {
  override name = 'ChainRequiredError'
  override readonly code = 'CHAIN_REQUIRED' as const
  readonly purpose: ChainRequiredPurpose
  constructor(
    purpose: ChainRequiredPurpose = 'update chain account data',
    options: CatalogueErrorOptions = {},
  ) {
    super(`Chain is required to ${purpose}`, options)
    this.purpose = purpose
  }
}

/** No adapter is registered for the namespace (SPEC §8: 'Chain adapter not found'). */
export class ChainAdapterNotFoundError extends PorticoError {
  override name = 'ChainAdapterNotFoundError'
  override readonly code = 'CHAIN_ADAPTER_NOT_FOUND' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Chain adapter not found', options)
  }
}

/** SPEC §8: 'NetworkController client not set'. */
export class NetworkControllerClientNotSetError extends PorticoError {
  override name = 'NetworkControllerClientNotSetError'
  override readonly code = 'NETWORK_CONTROLLER_CLIENT_NOT_SET' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('NetworkController client not set', options)
  }
}

/** SPEC §8: 'ConnectionController client not set'. */
export class ConnectionControllerClientNotSetError extends PorticoError {
  override name = 'ConnectionControllerClientNotSetError'
  override readonly code = 'CONNECTION_CONTROLLER_CLIENT_NOT_SET' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('ConnectionController client not set', options)
  }
}

/** SPEC §8: 'WalletConnectConnector not found'. */
export class WalletConnectConnectorNotFoundError extends PorticoError {
  override name = 'WalletConnectConnectorNotFoundError'
  override readonly code = 'WALLETCONNECT_CONNECTOR_NOT_FOUND' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('WalletConnectConnector not found', options)
  }
}

// ── Embedded wallet (SPEC §8) ────────────────────────────────────────────────

/** Embedded wallet: 'Failed to fetch transactions'. */
export class FetchTransactionsFailedError extends PorticoError {
  override name = 'FetchTransactionsFailedError'
  override readonly code = 'FETCH_TRANSACTIONS_FAILED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Failed to fetch transactions', options)
  }
}

/** Embedded wallet: 'Signature declined'. */
export class SignatureDeclinedError extends PorticoError {
  override name = 'SignatureDeclinedError'
  override readonly code = 'SIGNATURE_DECLINED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Signature declined', options)
  }
}

/** Embedded wallet: 'This application might not support Smart Accounts'. */
export class SmartAccountsNotSupportedError extends PorticoError {
  override name = 'SmartAccountsNotSupportedError'
  override readonly code = 'SMART_ACCOUNTS_NOT_SUPPORTED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('This application might not support Smart Accounts', options)
  }
}

/** Embedded wallet: 'A problem occurred while trying initialize authentication' (SPEC wording kept). */
export class AuthInitializationError extends PorticoError {
  override name = 'AuthInitializationError'
  override readonly code = 'AUTH_INITIALIZATION' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('A problem occurred while trying initialize authentication', options)
  }
}

/** Embedded wallet: 'Requested RPC call is not allowed'. */
export class RpcCallNotAllowedError extends PorticoError {
  override name = 'RpcCallNotAllowedError'
  override readonly code = 'RPC_CALL_NOT_ALLOWED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Requested RPC call is not allowed', options)
  }
}

/** Embedded wallet: 'Action not allowed'. */
export class ActionNotAllowedError extends PorticoError {
  override name = 'ActionNotAllowedError'
  override readonly code = 'ACTION_NOT_ALLOWED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Action not allowed', options)
  }
}

/** Embedded wallet: 'Unable to load email login dependency'. */
export class EmailLoginDependencyError extends PorticoError {
  override name = 'EmailLoginDependencyError'
  override readonly code = 'EMAIL_LOGIN_DEPENDENCY' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Unable to load email login dependency', options)
  }
}

/** Embedded wallet (and abortable clients): 'Request was aborted'. */
export class RequestAbortedError extends PorticoError {
  override name = 'RequestAbortedError'
  override readonly code = 'REQUEST_ABORTED' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Request was aborted', options)
  }
}

/** Embedded wallet: 'Something went wrong'. */
export class SomethingWentWrongError extends PorticoError {
  override name = 'SomethingWentWrongError'
  override readonly code = 'SOMETHING_WENT_WRONG' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('Something went wrong', options)
  }
}

/** Embedded wallet: 'An error occurred' (its generic fallback). */
export class EmbeddedWalletError extends PorticoError {
  override name = 'EmbeddedWalletError'
  override readonly code = 'EMBEDDED_WALLET_ERROR' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('An error occurred', options)
  }
}

// ── Input errors raised by the utilities (not in SPEC §8; typed so callers never parse text) ──

/** `parseCaipAddress` met a value that is not `namespace:reference:address` with a known namespace (SPEC §5). */
export class InvalidCaipAddressError extends PorticoError {
  override name = 'InvalidCaipAddressError'
  override readonly code = 'INVALID_CAIP_ADDRESS' as const
  readonly value: unknown
  constructor(value: unknown, options: CatalogueErrorOptions = {}) {
    super('Invalid CAIP address', { details: describeValue(value), ...options })
    this.value = value
  }
}

/** `parseCaipNetworkId` met a value that is not `namespace:reference` with a known namespace. */
export class InvalidCaipNetworkIdError extends PorticoError {
  override name = 'InvalidCaipNetworkIdError'
  override readonly code = 'INVALID_CAIP_NETWORK_ID' as const
  readonly value: unknown
  constructor(value: unknown, options: CatalogueErrorOptions = {}) {
    super('Invalid CAIP network id', { details: describeValue(value), ...options })
    this.value = value
  }
}

/** `parseUnits` met a value that is not a decimal number string. */
export class InvalidDecimalNumberError extends PorticoError {
  override name = 'InvalidDecimalNumberError'
  override readonly code = 'INVALID_DECIMAL_NUMBER' as const
  readonly value: unknown
  constructor(value: unknown, options: CatalogueErrorOptions = {}) {
    super('Invalid decimal number', { details: describeValue(value), ...options })
    this.value = value
  }
}

/** Connect / update-email got an invalid email (SPEC §5). */
export class InvalidEmailError extends PorticoError {
  override name = 'InvalidEmailError'
  override readonly code = 'INVALID_EMAIL' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('A valid email is required', options)
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  try {
    return String(value)
  } catch {
    return typeof value
  }
}

/** A request never got an HTTP answer (offline, DNS, CORS, connection reset) or the answer was not JSON. */
export class NetworkRequestError extends PorticoError {
  override name = 'NetworkRequestError'
  override readonly code = 'NETWORK_REQUEST' as const
  readonly url: string | undefined
  constructor(options: CatalogueErrorOptions & { url?: string } = {}) {
    const { url, ...rest } = options
    super('Network request failed', rest)
    this.url = url
  }
}

/**
 * A wallet request (`signMessage`, `sendTransaction`, `signTransaction`,
 * `signTypedData`) was made while no wallet is connected in its namespace.
 * Its text is for visitors (the modal shows it as is), unlike the SPEC §8
 * 'Address or auth connector not found', which names an internal part; hosts
 * match on `code` ('WALLET_NOT_CONNECTED') and read `namespace`.
 *
 * @example
 * catch (e) { if (e instanceof WalletNotConnectedError) await portico.open() }
 */
export class WalletNotConnectedError extends PorticoError {
  override name = 'WalletNotConnectedError'
  override readonly code = 'WALLET_NOT_CONNECTED' as const
  /** The namespace the request was for (undefined when no namespace is active). */
  readonly namespace: string | undefined
  constructor(options: CatalogueErrorOptions & { namespace?: string } = {}) {
    const { namespace, ...rest } = options
    super('No wallet is connected', { metaMessages: ['Connect a wallet, then try again.'], ...rest })
    this.namespace = namespace
  }
}

/**
 * The gateway answered 200 with a body that is not the shape its endpoint
 * promises (a field missing, the wrong type, a stranger's image link). Shown
 * to visitors as is; `details` names the first field that failed.
 *
 * @example
 * catch (e) { if (e instanceof GatewayResponseInvalidError) console.warn(e.details) }
 */
export class GatewayResponseInvalidError extends PorticoError {
  override name = 'GatewayResponseInvalidError'
  override readonly code = 'GATEWAY_RESPONSE_INVALID' as const
  constructor(options: CatalogueErrorOptions = {}) {
    super('The gateway sent an answer Portico cannot read', options)
  }
}
