/** An EIP-1193 error as wallets throw it: numeric `code`, `message`, optional `data`. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
export const unauthorized = (
  why = 'The requested account and/or method has not been authorized by the user.',
) => new ProviderRpcError(4100, why)
export const unrecognizedChain = (chainId: string) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`,
  )
export const invalidParams = (why: string) => new ProviderRpcError(-32602, `Invalid params: ${why}`)
export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The wallet does not support ${method}.`)
/** EIP-1474's "resource unavailable": a request of this kind is already waiting for the user. */
export const requestPending = (method: string) =>
  new ProviderRpcError(-32002, `Request of type '${method}' already pending. Please wait.`)
/** EIP-1474's internal error, wrapping the wallet's own error in `data.originalError`. */
export const internalError = (original: ProviderRpcError) =>
  new ProviderRpcError(-32603, `Internal JSON-RPC error.`, {
    originalError: { code: original.code, message: original.message },
  })
