import type {
  AllowedOriginsResponse,
  AnalyticsConfigResponse,
  ProjectConfigResponse,
  WalletListResponse,
} from '@portico/core'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { badRequest, notFound } from '../http/errors.js'
import { CAIP2, sdkParams } from '../http/schemas.js'
import type { WalletDirectory } from './directory.js'
import { monogramSvg } from './images.js'

const ID_LIST = '^[a-z0-9-]{1,64}(,[a-z0-9-]{1,64}){0,99}$'
const caip2 = new RegExp(CAIP2)

/** Wallet list, project config, allowed origins, analytics config, images (paths as core's DIRECTORY_PATHS). */
export function registerDirectoryRoutes(
  app: App,
  directory: WalletDirectory,
  options: { publicUrl: () => string },
) {
  app.get(
    '/v1/wallets',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
          entries: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
          include: Type.Optional(Type.String({ pattern: ID_LIST })),
          exclude: Type.Optional(Type.String({ pattern: ID_LIST })),
          chains: Type.Optional(Type.String({ maxLength: 2000 })),
          search: Type.Optional(Type.String({ maxLength: 100 })),
          badge_type: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('certified')])),
        }),
      },
    },
    async (request): Promise<WalletListResponse> => {
      const q = request.query
      const chains = q.chains ? q.chains.split(',') : undefined
      if (chains?.some((c) => !caip2.test(c))) throw badRequest('chains must be comma-separated CAIP-2 ids')
      const base = options.publicUrl()
      return directory.list(
        {
          page: Number(q.page ?? 1),
          entries: Number(q.entries ?? 40),
          ...(q.include ? { include: q.include.split(',') } : {}),
          ...(q.exclude ? { exclude: q.exclude.split(',') } : {}),
          ...(chains ? { chains } : {}),
          ...(q.search ? { search: q.search.trim() } : {}),
          ...(q.badge_type ? { badge_type: q.badge_type } : {}),
        },
        (id) => `${base}/v1/images/wallet/${id}`,
      )
    },
  )

  const projectQuery = {
    config: { auth: 'project' as const },
    schema: { querystring: Type.Object({ ...sdkParams }) },
  }

  app.get('/v1/project/config', projectQuery, async (request): Promise<ProjectConfigResponse> => {
    const p = request.project!
    return { id: p.id, name: p.name, features: p.features ?? {} }
  })

  app.get(
    '/v1/project/allowed-origins',
    projectQuery,
    async (request): Promise<AllowedOriginsResponse> => ({
      allowedOrigins: request.project!.allowedOrigins,
    }),
  )

  app.get(
    '/v1/project/analytics-config',
    projectQuery,
    async (request): Promise<AnalyticsConfigResponse> => ({
      isAnalyticsEnabled: request.project!.features?.analytics === true,
    }),
  )

  // Images are public: <img src> sends no Origin, and an image reveals nothing about a project.
  app.get(
    '/v1/images/:kind/:id',
    {
      config: { auth: 'public' },
      schema: {
        params: Type.Object({
          kind: Type.Union(
            ['wallet', 'network', 'connector', 'token', 'currency'].map((k) => Type.Literal(k)),
          ),
          id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,80}$' }),
        }),
        querystring: Type.Object({ ...sdkParams }),
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params
      let svg: string
      if (kind === 'wallet') {
        const w = directory.find(id)
        if (!w) throw notFound(`no image for wallet ${id}`)
        svg = monogramSvg(w.id, w.name, w.color)
      } else {
        svg = monogramSvg(`${kind}:${id}`, id.replace(/^.*:/, ''))
      }
      reply.header('content-type', 'image/svg+xml; charset=utf-8')
      reply.header('cache-control', 'public, max-age=86400, immutable')
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      reply.header('cross-origin-resource-policy', 'cross-origin')
      return svg
    },
  )
}
