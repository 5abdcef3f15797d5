import type { IdentityResponse, NameRecord, NameSuggestionsResponse } from '@portico/core'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { badRequest, notFound } from '../http/errors.js'
import { ACCOUNT, EVM_ADDRESS, normalizeAccount, sdkParams } from '../http/schemas.js'
import type { NameService } from './service.js'

const NAME_PARAM = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+){0,4}$',
})
const apiVersion = { apiVersion: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })) }
const sender = { sender: Type.Optional(Type.String({ pattern: EVM_ADDRESS })) }

/** SPEC §7 names: lookup, reverse, suggestions, registration; and GET /v1/identity/{address}. */
export function registerNameRoutes(app: App, names: NameService) {
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
          signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130,2000}$' }),
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
      return names.identity(address, chain)
    },
  )
}
