import type { ChainRequest } from '../chain-keys.js'
import { readPayload } from './payload.js'
import { isSs58Prefix, ss58Decode } from './ss58.js'

/**
 * The Polkadot requests of the frame protocol (v1), frame side:
 * `{ type: 'polkadot', method, params, chainId }` with the WalletConnect
 * `polkadot` method names the Polkadot adapter sends over a request channel,
 * plus `polkadot_getAccounts`, which the frame protocol adds (the dApp side
 * passes the network's SS58 prefix: the frame does not know the networks).
 */
export const POLKADOT_PUBLIC_METHODS = ['polkadot_getAccounts'] as const

/** A Polkadot-SDK chain's CAIP-2 id: `polkadot:` and the first 32 hex characters of its genesis hash. */
export const POLKADOT_CHAIN = /^polkadot:[0-9a-f]{32}$/
/** A message to sign: at most 4 KiB, as 0x hex or as text. */
export const MAX_MESSAGE_BYTES = 4096
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The bytes of a `polkadot_signMessage` message: 0x hex is bytes (what polkadot.js' `signRaw` sends), anything else UTF-8 text. */
export function messageBytes(message: string): Uint8Array {
  if (HEX.test(message))
    return Uint8Array.from(message.slice(2).match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  return new TextEncoder().encode(message)
}

/** The request when `p` is a valid Polkadot one, else undefined (the frame then ignores it). */
export function parsePolkadotRequest(p: Record<string, unknown>): ChainRequest | undefined {
  const { method, params, chainId } = p
  if (p.type !== 'polkadot' || typeof chainId !== 'string' || !POLKADOT_CHAIN.test(chainId) || !isObj(params))
    return undefined
  const request = (params: Record<string, unknown>): ChainRequest => ({
    type: 'polkadot',
    method: method as string,
    params,
    chainId,
  })
  if (method === 'polkadot_getAccounts')
    return isSs58Prefix(params.ss58Prefix) ? request({ ss58Prefix: params.ss58Prefix }) : undefined
  const { address } = params
  if (typeof address !== 'string' || !ss58Decode(address)) return undefined
  if (method === 'polkadot_signMessage') {
    const { message } = params
    if (typeof message !== 'string' || message.length > 2 * MAX_MESSAGE_BYTES + 2) return undefined
    return messageBytes(message).length <= MAX_MESSAGE_BYTES ? request({ address, message }) : undefined
  }
  if (method === 'polkadot_signTransaction') {
    const transactionPayload = readPayload(params.transactionPayload)
    return transactionPayload ? request({ address, transactionPayload }) : undefined
  }
  return undefined
}
