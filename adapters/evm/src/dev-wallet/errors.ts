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
