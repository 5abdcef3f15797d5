import Type from 'typebox'
import { rpc } from '../chains/polkadot.js'
import type { PolkadotNetworkConfig } from '../config/index.js'
import type { App } from '../http/app.js'
import { ApiError, badRequest, notFound } from '../http/errors.js'

/** One runtime's metadata as the frame gets it: the spec version it is for and the `state_getMetadata` bytes. */
export interface RuntimeMetadata {
  specVersion: number
  metadata: string
}

/** How many runtimes' metadata the gateway keeps (a runtime upgrade adds one; each is a few hundred KiB). */
export const METADATA_CACHE_ENTRIES = 8
const HEX = /^0x(?:[0-9a-fA-F]{2})+$/
/** The metadata of a real runtime is well under this (Polkadot's is ~400 KiB); more is refused. */
const MAX_METADATA_HEX = 2 * 8 * 1024 * 1024 + 2

type Rpc = (url: string, method: string, params: unknown[]) => Promise<unknown>

/**
 * Reads a Polkadot-SDK runtime's metadata for the signer frame's Approve
 * card, from the node of a network the gateway is configured with, and no
 * other (the frame names a chain id, never a URL): `state_getRuntimeVersion`
 * then `state_getMetadata`, both at the block the payload names (its
 * mortality checkpoint), or at the chain head when that block is not the
 * runtime asked for (an immortal payload names the genesis). Kept by chain
 * and spec version: a spec version is one runtime, so one metadata.
 * Resolves to undefined when the node runs no such runtime.
 */
export function polkadotMetadataReader(networks: readonly PolkadotNetworkConfig[], read: Rpc = rpc) {
  const cache = new Map<string, Promise<RuntimeMetadata | undefined>>()

  async function fetchRuntime(url: string, specVersion: number, blockHash: string) {
    for (const at of [[blockHash], []]) {
      let version: unknown
      try {
        version = await read(url, 'state_getRuntimeVersion', at)
      } catch (error) {
        // An unknown block: the head is tried next.
        if (at.length) continue
        throw error
      }
      if ((version as { specVersion?: unknown } | null)?.specVersion !== specVersion) continue
      const metadata = await read(url, 'state_getMetadata', at)
      if (typeof metadata !== 'string' || metadata.length > MAX_METADATA_HEX || !HEX.test(metadata))
        throw new Error('state_getMetadata answered no metadata')
      return { specVersion, metadata }
    }
    return undefined
  }

  return (chainId: string, specVersion: number, blockHash: string): Promise<RuntimeMetadata | undefined> => {
    const network = networks.find((n) => n.caipNetworkId === chainId)
    if (!network) return Promise.resolve(undefined)
    const key = `${chainId}#${specVersion}`
    const kept = cache.get(key)
    if (kept) return kept
    const reading = fetchRuntime(network.rpcUrl, specVersion, blockHash)
    cache.set(key, reading)
    // Only a runtime found is kept (a failure is asked again next time); the oldest goes first.
    reading.then(
      (found) => {
        if (!found) cache.delete(key)
      },
      () => cache.delete(key),
    )
    while (cache.size > METADATA_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
    return reading
  }
}

/**
 * `GET /polkadot/metadata?chainId&specVersion&blockHash` on the signer
 * listener: the frame's CSP is `connect-src 'self'`, so the runtime metadata
 * its Approve card decodes calls with comes from its own origin. 404 when
 * the gateway has no such network (`unknown_network`) or the node runs no
 * such runtime (`unknown_runtime`); 502 when
 * the node fails. The frame then shows the call as bytes, "not decoded".
 */
export function registerPolkadotMetadataRoute(app: App, networks: readonly PolkadotNetworkConfig[]) {
  const metadataOf = polkadotMetadataReader(networks)
  app.get(
    '/polkadot/metadata',
    {
      config: { auth: 'public' },
      schema: {
        querystring: Type.Object({
          chainId: Type.String({ pattern: '^polkadot:[0-9a-f]{32}$' }),
          specVersion: Type.String({ pattern: '^(0|[1-9][0-9]{0,9})$' }),
          blockHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
        }),
      },
    },
    async (request, reply) => {
      const { chainId, blockHash } = request.query
      const specVersion = Number(request.query.specVersion)
      if (specVersion > 4294967295) throw badRequest('specVersion is a u32')
      if (!networks.some((n) => n.caipNetworkId === chainId))
        throw notFound(`No Polkadot network ${chainId} on this gateway`, 'unknown_network')
      let found: RuntimeMetadata | undefined
      try {
        found = await metadataOf(chainId, specVersion, blockHash)
      } catch (error) {
        request.log.warn({ err: error, chainId }, 'polkadot metadata read failed')
        throw new ApiError(502, 'upstream_error', `The ${chainId} node did not answer its metadata`)
      }
      if (!found)
        throw notFound(
          `The ${chainId} node runs no runtime of spec version ${specVersion}`,
          'unknown_runtime',
        )
      return reply.header('cache-control', 'no-cache').send(found)
    },
  )
}
