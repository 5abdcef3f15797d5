import type { IdentityResponse, NameRecord, NameSuggestionsResponse } from '@portico/core'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import { ACCOUNT, CAIP2, EVM_ADDRESS, normalizeAccount, sdkParams } from '../http/schemas.js'
import { type AvatarLimits, AvatarUnavailableError, isServableAvatar, loadAvatar } from './avatar.js'
import type { NameService } from './service.js'

export interface NameRoutesOptions {
  /** The gateway's public base URL (avatar links point at it). */
  publicUrl: () => string
  avatars: AvatarLimits
}

/** Path of an address's avatar on the gateway (`address` as the identity route took it: EVM or CAIP-10). */
export const avatarPath = (address: string) => `/v1/identity/${encodeURIComponent(address)}/avatar`

const NAME_PARAM = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+){0,4}$',
})
const apiVersion = { apiVersion: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })) }
const sender = { sender: Type.Optional(Type.String({ pattern: EVM_ADDRESS })) }

/** SPEC §7 names: lookup, reverse, suggestions, registration; and GET /v1/identity/{address}. */
export function registerNameRoutes(app: App, names: NameService, options: NameRoutesOptions) {
  app.get(
    '/v1/profile/account/:name',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ name: NAME_PARAM }),
        querystring: Type.Object({ ...sdkParams, ...apiVersion }),
      },
    },
    async (request): Promise<NameRecord> => {
      const name = names.normalize(request.params.name)
      const record = name ? await names.lookup(name) : undefined
      if (!record) throw notFound(`${request.params.name} is not registered`, 'name_not_found')
      return record
    },
  )

  // Portico extension: forward ENS resolution for Send's receiver field (`alice.eth` → address). The name is
  // any text ENSIP-15 normalises (it may differ in case or width); the answer carries the normalised name.
  app.get(
    '/v1/ens/resolve/:name',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ name: Type.String({ minLength: 3, maxLength: 255 }) }),
        querystring: Type.Object({ ...sdkParams, chainId: Type.Optional(Type.String({ pattern: CAIP2 })) }),
      },
    },
    async (request): Promise<{ name: string; address: string }> =>
      names.ensAddress(request.params.name, request.query.chainId),
  )

  app.get(
    '/v1/profile/reverse/:address',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ address: Type.String({ pattern: EVM_ADDRESS }) }),
        querystring: Type.Object({ ...sdkParams, ...apiVersion, ...sender }),
      },
    },
    async (request): Promise<NameRecord[]> => names.reverse(normalizeAccount(request.params.address).address),
  )

  app.get(
    '/v1/profile/suggestions/:name',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ name: NAME_PARAM }),
        querystring: Type.Object({ ...sdkParams, zone: Type.Optional(Type.String({ maxLength: 200 })) }),
      },
    },
    async (request): Promise<NameSuggestionsResponse> => {
      const zone = request.query.zone
      if (zone !== undefined && zone !== '' && zone.replace(/^\./, '').toLowerCase() !== names.zone) {
        throw badRequest(`zone must be ${names.zone}`, 'unsupported_zone')
      }
      const raw = request.params.name.toLowerCase()
      const label = raw.endsWith(`.${names.zone}`) ? raw.slice(0, -(names.zone.length + 1)) : raw
      if (label.includes('.')) throw badRequest(`name must be a label of ${names.zone}`, 'invalid_name')
      return { suggestions: await names.suggestions(label) }
    },
  )

  app.post(
    '/v1/profile/account',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object({
          coin_type: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
          address: Type.String({ pattern: EVM_ADDRESS }),
          message: Type.String({ minLength: 2, maxLength: 4096 }),
          signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
        }),
      },
    },
    async (request) => names.register(request.body),
  )

  app.get(
    '/v1/identity/:address',
    {
      config: { auth: 'project' },
      schema: {
        // An EVM address, or a CAIP-10 account whose chain picks the ENS network.
        params: Type.Object({ address: Type.String({ pattern: ACCOUNT }) }),
        querystring: Type.Object({ ...sdkParams, ...sender }),
      },
    },
    async (request): Promise<IdentityResponse> => {
      const { address, chain } = normalizeAccount(request.params.address)
      const identity = await names.identity(address, chain)
      // The avatar record is a URL chosen by the name's owner: hand out the gateway's own avatar URL instead.
      const avatar = isServableAvatar(identity.avatar)
        ? `${options.publicUrl()}${avatarPath(request.params.address)}?projectId=${encodeURIComponent(request.project!.id)}`
        : null
      return { name: identity.name, avatar }
    },
  )

  // The avatar of an identity, fetched by the gateway through the egress filter (public addresses only,
  // size, time and image-type limits) and served from the gateway's origin. The record never reaches a browser.
  app.get(
    '/v1/identity/:address/avatar',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ address: Type.String({ pattern: ACCOUNT }) }),
        querystring: Type.Object({ ...sdkParams }),
      },
    },
    async (request, reply) => {
      const { address, chain } = normalizeAccount(request.params.address)
      const record = (await names.identity(address, chain)).avatar
      if (!record) throw notFound('this address has no avatar', 'avatar_not_found')
      let image: Awaited<ReturnType<typeof loadAvatar>>
      try {
        image = await loadAvatar(record, options.avatars)
      } catch (error) {
        if (!(error instanceof AvatarUnavailableError)) throw error
        request.log.warn({ address, reason: error.reason, code: error.egress?.code }, 'avatar not served')
        if (error.reason === 'unsupported_record')
          throw notFound('this avatar record is not served by the gateway', 'avatar_unsupported')
        throw new ApiError(502, 'avatar_unavailable', 'the avatar could not be fetched within the limits')
      }
      reply.header('content-type', image.contentType)
      reply.header('cache-control', 'public, max-age=3600')
      reply.header('x-content-type-options', 'nosniff')
      // An SVG from a stranger must not run script or load anything when opened directly.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      reply.header('cross-origin-resource-policy', 'cross-origin')
      return reply.send(image.body)
    },
  )
}
