import { describe, expect, it } from 'vitest'
import { PorticoError } from './base.js'
import * as errors from './index.js'

describe('SPEC §8 error catalogue', () => {
  it('every catalogue entry has its exact SPEC §8 message text', () => {
    const rendered = [
      new errors.EmailLoginTooEarlyError(12),
      new errors.TokenBalanceUnavailableError(),
      new errors.HttpRequestError(404),
      new errors.GasPriceNetworkNotSupportedError(),
      new errors.SwapNetworkNotSupportedError(),
      new errors.AmountAndReceiverRequiredError(),
      new errors.TokenRequiredError(),
      new errors.UnsupportedChainError(),
      new errors.NetworkNotFoundError(),
      new errors.AddressOrAuthConnectorNotFoundError(),
      new errors.ChainNotSupportedError(),
      new errors.ChainRequiredError('update chain account data'),
      new errors.ChainRequiredError('get connection controller client'),
      new errors.ChainAdapterNotFoundError(),
      new errors.NetworkControllerClientNotSetError(),
      new errors.ConnectionControllerClientNotSetError(),
      new errors.WalletConnectConnectorNotFoundError(),
      new errors.FetchTransactionsFailedError(),
      new errors.SignatureDeclinedError(),
      new errors.SmartAccountsNotSupportedError(),
      new errors.AuthInitializationError(),
      new errors.RpcCallNotAllowedError(),
      new errors.ActionNotAllowedError(),
      new errors.EmailLoginDependencyError(),
      new errors.RequestAbortedError(),
      new errors.SomethingWentWrongError(),
      new errors.EmbeddedWalletError(),
    ].map((e) => `${e.name} [${e.code}]: ${e.message}`)
    expect(rendered).toMatchInlineSnapshot(`
      [
        "EmailLoginTooEarlyError [EMAIL_LOGIN_TOO_EARLY]: Please try again after 12 seconds",
        "TokenBalanceUnavailableError [TOKEN_BALANCE_UNAVAILABLE]: Token Balance Unavailable",
        "HttpRequestError [HTTP_REQUEST]: HTTP status code: 404",
        "GasPriceNetworkNotSupportedError [GAS_PRICE_NETWORK_NOT_SUPPORTED]: Network not supported for Gas Price",
        "SwapNetworkNotSupportedError [SWAP_NETWORK_NOT_SUPPORTED]: Network not supported for Swaps",
        "AmountAndReceiverRequiredError [AMOUNT_AND_RECEIVER_REQUIRED]: An amount and receiver address are required",
        "TokenRequiredError [TOKEN_REQUIRED]: A token is required",
        "UnsupportedChainError [UNSUPPORTED_CHAIN]: Unsupported chain",
        "NetworkNotFoundError [NETWORK_NOT_FOUND]: Network not found",
        "AddressOrAuthConnectorNotFoundError [ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND]: Address or auth connector not found",
        "ChainNotSupportedError [CHAIN_NOT_SUPPORTED]: Chain is not supported",
        "ChainRequiredError [CHAIN_REQUIRED]: Chain is required to update chain account data",
        "ChainRequiredError [CHAIN_REQUIRED]: Chain is required to get connection controller client",
        "ChainAdapterNotFoundError [CHAIN_ADAPTER_NOT_FOUND]: Chain adapter not found",
        "NetworkControllerClientNotSetError [NETWORK_CONTROLLER_CLIENT_NOT_SET]: NetworkController client not set",
        "ConnectionControllerClientNotSetError [CONNECTION_CONTROLLER_CLIENT_NOT_SET]: ConnectionController client not set",
        "WalletConnectConnectorNotFoundError [WALLETCONNECT_CONNECTOR_NOT_FOUND]: WalletConnectConnector not found",
        "FetchTransactionsFailedError [FETCH_TRANSACTIONS_FAILED]: Failed to fetch transactions",
        "SignatureDeclinedError [SIGNATURE_DECLINED]: Signature declined",
        "SmartAccountsNotSupportedError [SMART_ACCOUNTS_NOT_SUPPORTED]: This application might not support Smart Accounts",
        "AuthInitializationError [AUTH_INITIALIZATION]: A problem occurred while trying initialize authentication",
        "RpcCallNotAllowedError [RPC_CALL_NOT_ALLOWED]: Requested RPC call is not allowed",
        "ActionNotAllowedError [ACTION_NOT_ALLOWED]: Action not allowed",
        "EmailLoginDependencyError [EMAIL_LOGIN_DEPENDENCY]: Unable to load email login dependency",
        "RequestAbortedError [REQUEST_ABORTED]: Request was aborted",
        "SomethingWentWrongError [SOMETHING_WENT_WRONG]: Something went wrong",
        "EmbeddedWalletError [EMBEDDED_WALLET_ERROR]: An error occurred",
      ]
    `)
  })

  it('"Please try again after N seconds" carries N as seconds', () => {
    const e = new errors.EmailLoginTooEarlyError(30)
    expect(e.shortMessage).toBe('Please try again after 30 seconds')
    expect(e.seconds).toBe(30)
    expect(e).toBeInstanceOf(PorticoError)
  })

  it('"HTTP status code: {status}" keeps the status and the gateway body as details', () => {
    const e = new errors.HttpRequestError(403, {
      url: 'http://127.0.0.1/x',
      body: { code: 'forbidden', message: 'Unauthorized: origin not allowed' },
    })
    expect(e.status).toBe(403)
    expect(e.shortMessage).toBe('HTTP status code: 403')
    expect(e.message).toMatchInlineSnapshot(`
      "HTTP status code: 403

      Details: Unauthorized: origin not allowed"
    `)
  })

  it('a cause is kept and walk() finds it', () => {
    const inner = new errors.UserRejectedRequestError()
    const outer = new errors.SignatureDeclinedError({ cause: inner })
    expect(outer.cause).toBe(inner)
    expect(outer.walk((c) => c instanceof errors.UserRejectedRequestError)).toBe(inner)
    expect(outer.details).toBe(undefined)
  })

  it('every class is a PorticoError whose name is its class name', () => {
    for (const [key, value] of Object.entries(errors)) {
      if (typeof value !== 'function' || !/^[A-Z]\w*Error$/.test(key) || value === PorticoError) continue
      const Ctor = value as unknown as new (...args: unknown[]) => PorticoError
      const instance = key === 'EmailLoginTooEarlyError' ? new Ctor(1) : new Ctor(undefined)
      expect(instance, key).toBeInstanceOf(PorticoError)
      expect(instance.name).toBe(key)
      expect(instance.code, key).toBeDefined()
    }
  })
})

describe('typed wallet errors (EIP-1193 codes)', () => {
  it('carry codes 4001, 4100, 4200, 4900, 4901, 4902, -32603, 32603 and render their messages', () => {
    const rendered = [
      new errors.UserRejectedRequestError(),
      new errors.UnauthorizedError(),
      new errors.MethodNotSupportedError({ method: 'signTypedData' }),
      new errors.ProviderDisconnectedError(),
      new errors.ChainDisconnectedError(),
      new errors.UnrecognizedChainError(),
      new errors.InternalRpcError(),
      new errors.InvalidChainIdError(),
      new errors.AlreadyConnectedError({ connectorId: 'dev.portico.wallet' }),
      new errors.UnknownError(),
    ].map((e) => `${e.name} [${e.code}]: ${e.message}`)
    expect(rendered).toMatchInlineSnapshot(`
      [
        "UserRejectedRequestError [4001]: User rejected the request.",
        "UnauthorizedError [4100]: The requested method and/or account has not been authorized by the user.",
        "MethodNotSupportedError [4200]: Method "signTypedData" is not supported.",
        "ProviderDisconnectedError [4900]: The provider is disconnected from all chains.",
        "ChainDisconnectedError [4901]: The provider is not connected to the requested chain.",
        "UnrecognizedChainError [4902]: Unrecognized chain ID. Try adding the chain first.",
        "InternalRpcError [-32603]: An internal error was received.",
        "InvalidChainIdError [32603]: Invalid chain id.",
        "AlreadyConnectedError [ALREADY_CONNECTED]: Already connected with this connector.

      Details: dev.portico.wallet",
        "UnknownError [5000]: An unknown error occurred.",
      ]
    `)
  })
})
