import Type from 'typebox'
import type { ChainRegistry } from '../chains/index.js'
import type { App } from '../http/app.js'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import { ACCOUNT, CAIP2, normalizeAccount, sdkParams } from '../http/schemas.js'
import { NftUnavailableError } from './metadata.js'
import { decodeNftCursor, type NftService } from './service.js'

/** One NFT holding as `GET /v1/account/{address}/nfts` answers it. */
export interface NftItemBody {
  chainId: string
  contract: string
  standard: 'erc721' | 'erc1155'
  tokenId: string
  amount: string
  collection: { name: string | null; symbol: string | null }
  metadata:
    | { status: 'ok'; name: string | null; description: string | null; image: string | null }
    | { status: 'unavailable'; reason: string }
  flags: { is_spam: boolean }
}

const TOKEN_ID = '^(0|[1-9][0-9]{0,77})$'
const CONTRACT = '^0x[0-9a-fA-F]{40}$'

/** Path of a token's image on the gateway. */
export const nftImagePath = (chainId: string, contract: string, tokenId: string) =>
  `/v1/nft-image/${encodeURIComponent(chainId)}/${contract}/${tokenId}`

/**
 * GET /v1/account/{address}/nfts?chainId&cursor&limit&spam — our own endpoint
 * (the SPEC shows none): ERC-721 and ERC-1155 holdings from the indexer with
 * metadata read through the gateway; image links point at the gateway's own
 * GET /v1/nft-image/{chainId}/{contract}/{tokenId}, never at a stranger's host.
 */
export function registerNftRoutes(
  app: App,
  deps: { nfts: NftService; chains: ChainRegistry; publicUrl: () => string },
) {
  app.get(
    '/v1/account/:account/nfts',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ account: Type.String({ pattern: ACCOUNT }) }),
        querystring: Type.Object({
          ...sdkParams,
          chainId: Type.Optional(Type.String({ pattern: CAIP2 })),
          cursor: Type.Optional(Type.String({ maxLength: 200 })),
          limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
          spam: Type.Optional(Type.Union([Type.Literal('include'), Type.Literal('hide')])),
        }),
      },
    },
    async (request): Promise<{ data: NftItemBody[]; next: string | null }> => {
      const q = request.query
      const { address, chain: fromAccount } = normalizeAccount(request.params.account)
      const chain = q.chainId ?? fromAccount
      if (chain && !deps.chains.get(chain))
        throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
      let after: string | undefined
      if (q.cursor !== undefined && q.cursor !== '') {
        after = decodeNftCursor(q.cursor)
        if (!after) throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
      }
      const page = await deps.nfts.holdings({
        account: address,
        includeSpam: q.spam === 'include',
        ...(chain ? { chain } : {}),
        ...(after ? { after } : {}),
        ...(q.limit ? { limit: Number(q.limit) } : {}),
      })
      const project = encodeURIComponent(request.project!.id)
      const data = await Promise.all(
        page.items.map(async (h): Promise<NftItemBody> => {
          const [collection, meta] = await Promise.all([
            deps.nfts.collection(h.chainId, h.contract),
            deps.nfts.metadata(h),
          ])
          // The image URI is the token owner's choice: only the gateway's own link goes out.
          const metadata =
            meta.status === 'ok'
              ? {
                  ...meta,
                  image: meta.image
                    ? `${deps.publicUrl()}${nftImagePath(h.chainId, h.contract, h.tokenId)}?projectId=${project}`
                    : null,
                }
              : meta
          return { ...h, collection, metadata, flags: { is_spam: deps.nfts.isSpam(h.chainId, h.contract) } }
        }),
      )
      return { data, next: page.next }
    },
  )

  app.get(
    '/v1/nft-image/:chainId/:contract/:tokenId',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({
          chainId: Type.String({ pattern: CAIP2 }),
          contract: Type.String({ pattern: CONTRACT }),
          tokenId: Type.String({ pattern: TOKEN_ID }),
        }),
        querystring: Type.Object({ ...sdkParams }),
      },
    },
    async (request, reply) => {
      const { chainId, tokenId } = request.params
      const contract = request.params.contract.toLowerCase()
      if (!deps.chains.get(chainId))
        throw badRequest(`Network ${chainId} is not supported by this gateway`, 'unsupported_chain')
      const standard = await deps.nfts.standardOf(chainId, contract, tokenId)
      if (!standard) throw notFound('this token is not indexed by the gateway', 'nft_not_found')
      let image: { contentType: string; body: Buffer }
      try {
        image = await deps.nfts.image({ chainId, contract, tokenId, standard })
      } catch (error) {
        if (!(error instanceof NftUnavailableError)) throw error
        request.log.warn({ chainId, contract, tokenId, reason: error.reason }, 'nft image not served')
        if (error.reason === 'no_image' || error.reason === 'no_uri')
          throw notFound('this token has no image', 'nft_image_not_found')
        throw new ApiError(502, 'nft_image_unavailable', `the image is not served: ${error.reason}`)
      }
      reply.header('content-type', image.contentType)
      reply.header('cache-control', 'public, max-age=3600')
      reply.header('x-content-type-options', 'nosniff')
      // An SVG chosen by a stranger must not run script or load anything, even when opened directly:
      // no sources at all, a sandboxed document, and a download instead of a page on navigation.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      if (image.contentType === 'image/svg+xml')
        reply.header('content-disposition', 'attachment; filename="nft.svg"')
      reply.header('cross-origin-resource-policy', 'cross-origin')
      return reply.send(image.body)
    },
  )
}
