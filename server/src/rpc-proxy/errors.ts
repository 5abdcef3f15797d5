/** JSON-RPC 2.0 ids: a string, a number or null (absent = a notification). */
export type RpcId = string | number | null

export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export interface RpcAnswer {
  jsonrpc: '2.0'
  id: RpcId
  result?: unknown
  error?: RpcErrorObject
}

/** The proxy's typed JSON-RPC errors (codes from JSON-RPC 2.0 and EIP-1474). */
export const RpcErrors = {
  parse: (): RpcErrorObject => ({ code: -32700, message: 'Parse error: the body is not valid JSON' }),
  invalidRequest: (why: string): RpcErrorObject => ({ code: -32600, message: `Invalid request: ${why}` }),
  /** SPEC §8 text. */
  notAllowed: (method: string): RpcErrorObject => ({
    code: -32601,
    message: 'Requested RPC call is not allowed',
    data: { method },
  }),
  invalidParams: (why: string): RpcErrorObject => ({ code: -32602, message: `Invalid params: ${why}` }),
  /** SPEC §8 text. */
  unsupportedChain: (): RpcErrorObject => ({ code: -32602, message: 'Unsupported chain' }),
  /** EIP-1474 "limit exceeded". */
  rateLimited: (message: string): RpcErrorObject => ({ code: -32005, message }),
  upstreamUnavailable: (): RpcErrorObject => ({ code: -32603, message: 'Upstream RPC unavailable' }),
  noAnswer: (): RpcErrorObject => ({ code: -32603, message: 'The upstream gave no answer to this call' }),
  tooLarge: (limit: number): RpcErrorObject => ({
    code: -32600,
    message: `Invalid request: the body is larger than ${limit} bytes`,
  }),
}

/** One answer object. */
export function rpcError(id: RpcId, error: RpcErrorObject): RpcAnswer {
  return { jsonrpc: '2.0', id, error }
}

/** Whether a value is a valid JSON-RPC id (numbers must be finite). */
export function isRpcId(x: unknown): x is RpcId {
  return x === null || typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))
}
