import type { HistoryResponse } from '@portico/core'
import Type from 'typebox'
import type { ChainRegistry } from '../chains/index.js'
import type { App } from '../http/app.js'
import { badRequest } from '../http/errors.js'
import { ACCOUNT, CAIP2, normalizeAccount, sdkParams } from '../http/schemas.js'
import { decodeCursor, type HistoryService } from './history.js'

/** GET /v1/account/{account}/history?cursor&onramp&chainId → { data, next } (SPEC §7). */
export function registerHistoryRoutes(app: App, deps: { history: HistoryService; chains: ChainRegistry }) {
  app.get(
    '/v1/account/:account/history',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ account: Type.String({ pattern: ACCOUNT }) }),
        querystring: Type.Object({
          ...sdkParams,
          cursor: Type.Optional(Type.String({ maxLength: 100 })),
          onramp: Type.Optional(Type.String({ maxLength: 32, pattern: '^[a-z0-9_-]*$' })),
          chainId: Type.Optional(Type.String({ pattern: CAIP2 })),
          limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
        }),
      },
    },
    async (request): Promise<HistoryResponse> => {
      const { address, chain: fromAccount } = normalizeAccount(request.params.account)
      const q = request.query
      const chain = q.chainId ?? fromAccount
      if (chain && !deps.chains.get(chain)) {
        throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
      }
      let after: string | undefined
      if (q.cursor !== undefined && q.cursor !== '') {
        after = decodeCursor(q.cursor)
        if (!after) throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
      }
      return deps.history.page({
        account: address,
        ...(chain ? { chain } : {}),
        ...(after ? { after } : {}),
        ...(q.limit ? { limit: Number(q.limit) } : {}),
      })
    },
  )
}
