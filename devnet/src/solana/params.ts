import { type Address, address, isAddress } from '@solana/kit'

/** A JSON-RPC error with its numeric code (Solana's server codes are -32002…-32016). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export type Params = unknown[]
export type Handler = (params: Params) => unknown

export function param<T>(params: Params, i: number, name: string, check: (v: unknown) => v is T): T {
  const v = params[i]
  if (!check(v)) throw new RpcError(-32602, `Invalid params: ${name}`)
  return v
}
export const isString = (v: unknown): v is string => typeof v === 'string'
export const isConfig = (v: unknown): v is Record<string, unknown> | undefined =>
  v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v))

export function addressParam(params: Params, i: number): Address {
  const v = param(params, i, 'address', isString)
  if (!isAddress(v)) throw new RpcError(-32602, `Invalid params: invalid pubkey ${v}`)
  return address(v)
}
