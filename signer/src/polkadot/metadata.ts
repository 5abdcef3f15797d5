import { type CallDecoder, callDecoder } from './decode.js'
import { fromHex } from './scale.js'

/** Which runtime's metadata: the chain, the payload's spec version and the block it names (its mortality checkpoint). */
export interface MetadataQuery {
  chainId: string
  specVersion: number
  blockHash: string
}

/** The runtime's metadata bytes, or undefined when they cannot be had (the card then says "not decoded"). */
export type MetadataSource = (query: MetadataQuery) => Promise<Uint8Array | undefined>

/** The gateway route the frame reads metadata from (same origin as the frame: its CSP is `connect-src 'self'`). */
export const METADATA_PATH = '/polkadot/metadata'
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/

/**
 * Metadata from the signer origin's gateway (`GET /polkadot/metadata`), which
 * reads it from the node of a network it is configured with, and only those.
 * The answer must be for the spec version asked; anything else (the gateway
 * has no such network, the node is down, another runtime) is undefined.
 */
export const gatewayMetadata: MetadataSource = async ({ chainId, specVersion, blockHash }) => {
  if (typeof location === 'undefined') return undefined
  const query = new URLSearchParams({ chainId, specVersion: String(specVersion), blockHash })
  const res = await fetch(`${METADATA_PATH}?${query}`, { credentials: 'omit' })
  if (!res.ok) {
    console.warn(`[portico signer] no metadata for ${chainId} spec ${specVersion}: HTTP ${res.status}`)
    return undefined
  }
  const body = (await res.json()) as { specVersion?: unknown; metadata?: unknown }
  if (body.specVersion !== specVersion || typeof body.metadata !== 'string' || !HEX.test(body.metadata)) {
    console.warn(
      `[portico signer] the gateway's metadata answer for ${chainId} spec ${specVersion} is not usable`,
    )
    return undefined
  }
  return fromHex(body.metadata.slice(2))
}

/**
 * Call decoders by chain and spec version (a spec version names one
 * runtime, so one metadata): each runtime's metadata is fetched and parsed
 * once for the frame's life. A failed read is not kept: the next card tries
 * again.
 */
export function decoderCache(source: MetadataSource) {
  const cache = new Map<string, Promise<CallDecoder | undefined>>()
  return (query: MetadataQuery): Promise<CallDecoder | undefined> => {
    const key = `${query.chainId}#${query.specVersion}`
    let decoder = cache.get(key)
    if (!decoder) {
      decoder = source(query)
        .then((bytes) => (bytes ? callDecoder(bytes) : undefined))
        .catch((error: unknown) => {
          // Said on the card ("not decoded"); the reason goes to the console.
          console.warn(`[portico signer] the metadata of ${key} could not be read`, error)
          return undefined
        })
      cache.set(key, decoder)
      void decoder.then((d) => {
        if (!d) cache.delete(key)
      })
    }
    return decoder
  }
}
