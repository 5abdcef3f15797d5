import type { ChainRequest } from '../chain-keys.js'
import { bitcoinParams, type Intention } from './networks.js'

/**
 * The Bitcoin requests of the frame protocol (v1), frame side: the
 * WalletConnect bip122 methods the Bitcoin adapter sends over a request
 * channel, `{ type: 'bip122', method, params, chainId }`. Only the fields the
 * frame uses are kept, each checked and capped; anything else makes the
 * message one the frame ignores.
 */
export const BITCOIN_PUBLIC_METHODS = ['getAccountAddresses'] as const

/** A message to sign: at most 4 KiB of UTF-8. */
export const MAX_MESSAGE_BYTES = 4096
/** A PSBT to sign: at most 256 KiB (full previous transactions included). */
export const MAX_PSBT_BYTES = 256 * 1024
/** Inputs one request may ask to sign. */
export const MAX_SIGN_INPUTS = 256

/** Any Bitcoin address shape: bech32 or base58 characters, 14–90 of them (checked for real against the wallet's). */
const ADDRESS = /^[0-9A-Za-z]{14,90}$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export type BitcoinRequest =
  | { method: 'getAccountAddresses'; params: { intentions: Intention[] } }
  | { method: 'signMessage'; params: { address: string; message: string; protocol: 'ecdsa' | 'bip322' } }
  | {
      method: 'signPsbt'
      params: {
        psbt: string
        signInputs: { address: string; index: number; sighashTypes?: number[] }[]
        broadcast: boolean
      }
    }

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isIndex = (v: unknown, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < max

function intentions(v: unknown): Intention[] | undefined {
  if (v === undefined) return ['payment', 'ordinal']
  if (!Array.isArray(v) || v.length === 0 || v.length > 2) return undefined
  if (!v.every((i) => i === 'payment' || i === 'ordinal')) return undefined
  return [...new Set(v as Intention[])]
}

function signInputs(
  v: unknown,
): Extract<BitcoinRequest, { method: 'signPsbt' }>['params']['signInputs'] | undefined {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_SIGN_INPUTS) return undefined
  const out: Extract<BitcoinRequest, { method: 'signPsbt' }>['params']['signInputs'] = []
  for (const entry of v) {
    if (!isObj(entry) || typeof entry.address !== 'string' || !ADDRESS.test(entry.address)) return undefined
    if (!isIndex(entry.index, 10_000)) return undefined
    const { sighashTypes } = entry
    if (sighashTypes === undefined) {
      out.push({ address: entry.address, index: entry.index })
      continue
    }
    if (
      !Array.isArray(sighashTypes) ||
      sighashTypes.length > 8 ||
      !sighashTypes.every((t) => isIndex(t, 256))
    )
      return undefined
    out.push({ address: entry.address, index: entry.index, sighashTypes: [...sighashTypes] })
  }
  return out
}

function params(method: unknown, p: Record<string, unknown>): BitcoinRequest | undefined {
  if (method === 'getAccountAddresses') {
    const wanted = intentions(p.intentions)
    return wanted && { method, params: { intentions: wanted } }
  }
  if (method === 'signMessage') {
    const { address, message, protocol = 'ecdsa' } = p
    if (typeof address !== 'string' || !ADDRESS.test(address)) return undefined
    if (typeof message !== 'string' || new TextEncoder().encode(message).length > MAX_MESSAGE_BYTES)
      return undefined
    if (protocol !== 'ecdsa' && protocol !== 'bip322') return undefined
    return { method, params: { address, message, protocol } }
  }
  if (method === 'signPsbt') {
    const { psbt, broadcast = false } = p
    if (typeof psbt !== 'string' || psbt.length === 0 || psbt.length > Math.ceil(MAX_PSBT_BYTES / 3) * 4)
      return undefined
    if (!BASE64.test(psbt) || typeof broadcast !== 'boolean') return undefined
    const inputs = signInputs(p.signInputs)
    return inputs && { method, params: { psbt, signInputs: inputs, broadcast } }
  }
  return undefined
}

/** The request when `payload` is a valid Bitcoin one on a network the frame knows, else undefined. */
export function parseBitcoinRequest(payload: Record<string, unknown>): ChainRequest | undefined {
  const { type, method, params: p, chainId } = payload
  if (type !== 'bip122' || typeof chainId !== 'string' || !bitcoinParams(chainId) || !isObj(p))
    return undefined
  const parsed = params(method, p)
  return parsed && { type: 'bip122', method: parsed.method, params: parsed.params, chainId }
}

/** The typed view of a parsed request (`parseBitcoinRequest` made it). */
export const asBitcoin = (request: ChainRequest) => request as ChainRequest & BitcoinRequest
