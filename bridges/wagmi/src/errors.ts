import { PorticoError, type PorticoErrorOptions } from '@portico/core'

/** JSON-RPC 2.0 -32602: what viem maps to `InvalidParamsRpcError`. */
export const INVALID_PARAMS_CODE = -32602

/**
 * Thrown by `porticoConnector` and `createPorticoProvider` when they are
 * handed something that is not a usable Portico instance or option (a missing
 * `portico`, no eip155 adapter, a blank id). Raised at configuration time so a
 * misconfigured app fails on start, not on the visitor's first click.
 *
 * @example
 * try { porticoConnector({ portico: undefined as never }) }
 * catch (e) { if (e instanceof PorticoWagmiOptionsError) console.error(e.shortMessage) }
 */
export class PorticoWagmiOptionsError extends PorticoError {
  override name = 'PorticoWagmiOptionsError'
  override readonly code = 'WAGMI_INVALID_OPTIONS' as const
  constructor(shortMessage: string, options: Omit<PorticoErrorOptions, 'code'> = {}) {
    super(shortMessage, options)
  }
}

/**
 * EIP-1474 -32602 from the Portico EIP-1193 provider: a request's params are
 * not what the method takes (a malformed address, a non-hex message, a
 * transaction field Portico cannot forward). viem turns it into
 * `InvalidParamsRpcError`; nothing is sent to the wallet.
 *
 * @example
 * await provider.request({ method: 'personal_sign', params: ['hello', account] })
 * // → InvalidProviderParamsError: personal_sign: the message must be 0x-hex
 */
export class InvalidProviderParamsError extends PorticoError {
  override name = 'InvalidProviderParamsError'
  override readonly code = INVALID_PARAMS_CODE
  readonly method: string
  constructor(method: string, details: string) {
    super(`Invalid params for "${method}".`, { details })
    this.method = method
  }
}
