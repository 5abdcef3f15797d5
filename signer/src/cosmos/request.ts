import type { ChainRequest } from '../chain-keys.js'
import { type AminoSignDoc, parseAminoSignDoc } from './amino.js'

/**
 * The Cosmos requests of the frame protocol, frame side:
 * `{ type: 'cosmos', method, params, chainId }` with the WalletConnect cosmos
 * method names the Cosmos adapter sends over a request channel, bytes as
 * base64. The dApp side checks the same shapes and caps before it sends, so a
 * request ignored here is one no honest page makes.
 */
export const COSMOS_PUBLIC_METHODS = ['cosmos_getAccounts'] as const

export interface DirectSignDocWire {
  chainId: string
  /** Decimal uint64. */
  accountNumber: string
  /** Base64. */
  authInfoBytes: string
  /** Base64. */
  bodyBytes: string
}

export type CosmosRequest =
  | { type: 'cosmos'; method: 'cosmos_getAccounts'; params: { bech32Prefix: string }; chainId: string }
  | {
      type: 'cosmos'
      method: 'cosmos_signDirect'
      params: { signerAddress: string; signDoc: DirectSignDocWire }
      chainId: string
    }
  | {
      type: 'cosmos'
      method: 'cosmos_signAmino'
      params: { signerAddress: string; signDoc: AminoSignDoc }
      chainId: string
    }

/** A Cosmos chain's CAIP-2 id (CAIP-5: `cosmos:` and 1–32 of `[-_a-zA-Z0-9]`). */
export const COSMOS_CHAIN = /^cosmos:[-_a-zA-Z0-9]{1,32}$/
/** A bech32 prefix as Cosmos chains use them (`cosmos`, `osmo`, `c4e`). */
export const BECH32_PREFIX = /^[a-z][a-z0-9]{0,31}$/
/** A lowercase bech32 string of at most 90 characters (checksum checked when it is used). */
const ADDRESS = /^[a-z0-9]{1,83}1[02-9ac-hj-np-z]{6,88}$/
const CHAIN_ID = /^[-_a-zA-Z0-9]{1,32}$/
const UINT64_MAX = 2n ** 64n - 1n
/** Padded base64 of at most `bytes` bytes. */
const base64Of = (value: unknown, bytes: number): value is string =>
  typeof value === 'string' &&
  value.length % 4 === 0 &&
  value.length <= Math.ceil(bytes / 3) * 4 &&
  /^[A-Za-z0-9+/]*={0,2}$/.test(value)

/** A transaction body of at most 64 KiB (a contract call's JSON fits; a code upload is not a wallet's job). */
export const MAX_BODY_BYTES = 64 * 1024
/** Auth info: signer infos and fee, at most 8 KiB. */
export const MAX_AUTH_INFO_BYTES = 8 * 1024

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function directDoc(d: unknown): DirectSignDocWire | undefined {
  if (!isObj(d)) return undefined
  const { chainId, accountNumber, authInfoBytes, bodyBytes } = d
  if (typeof chainId !== 'string' || !CHAIN_ID.test(chainId)) return undefined
  if (typeof accountNumber !== 'string' || !/^\d{1,20}$/.test(accountNumber)) return undefined
  if (BigInt(accountNumber) > UINT64_MAX) return undefined
  if (!base64Of(authInfoBytes, MAX_AUTH_INFO_BYTES) || !base64Of(bodyBytes, MAX_BODY_BYTES)) return undefined
  if (bodyBytes.length === 0) return undefined
  return { chainId, accountNumber, authInfoBytes, bodyBytes }
}

/** The request when `p` is a valid Cosmos one, else undefined (the message is then ignored). */
export function parseCosmosRequest(p: Record<string, unknown>): (CosmosRequest & ChainRequest) | undefined {
  const { type, method, params, chainId } = p
  if (type !== 'cosmos' || typeof chainId !== 'string' || !COSMOS_CHAIN.test(chainId) || !isObj(params))
    return undefined
  if (method === 'cosmos_getAccounts')
    return typeof params.bech32Prefix === 'string' && BECH32_PREFIX.test(params.bech32Prefix)
      ? { type, method, params: { bech32Prefix: params.bech32Prefix }, chainId }
      : undefined
  const { signerAddress } = params
  if (typeof signerAddress !== 'string' || signerAddress.length > 90 || !ADDRESS.test(signerAddress))
    return undefined
  if (method === 'cosmos_signDirect') {
    const signDoc = directDoc(params.signDoc)
    return signDoc ? { type, method, params: { signerAddress, signDoc }, chainId } : undefined
  }
  if (method === 'cosmos_signAmino') {
    const signDoc = parseAminoSignDoc(params.signDoc)
    return signDoc ? { type, method, params: { signerAddress, signDoc }, chainId } : undefined
  }
  return undefined
}
