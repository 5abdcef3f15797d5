import Type from 'typebox'
import type { App } from '../http/app.js'
import { notFound } from '../http/errors.js'
import { CAIP2, EVM_ADDRESS, normalizeAccount, sdkParams } from '../http/schemas.js'
import { MAX_EXPIRY, MAX_SESSIONS_LISTED, type SessionService } from './service.js'

const ID = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
})
/** A CAIP-10 EVM account, `eip155:<chain>:0x<40 hex>`. */
const CAIP10_EVM = '^eip155:[0-9]{1,12}:0x[0-9a-fA-F]{40}$'
const PCI = Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9:_-]+$' })
/** A 65-byte ECDSA signature (its canonical form is checked by the service). */
const SIGNATURE = Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' })
/** One-time value chosen by the client (e.g. 16 random bytes as hex); a signed request is accepted once. */
const NONCE = Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })

/**
 * GET /v1/sessions?address=&chainId=&limit= (the address's active sessions
 * in the calling project, soonest expiry first, at most 100, `truncated` when
 * cut), GET /v1/sessions/{id}, POST /v1/sessions/{id}/revoke (SPEC §7), and
 * POST /v1/sessions to create one: `{ address, pci, chainId, expiry,
 * permissions?, nonce, signature }`, the signature being the owner's EIP-712
 * signature over `sessionTypedData` (project, owner, fields, nonce). Revoke
 * takes `{ pci, signature, nonce, deadline }`, the signature over
 * `sessionRevokeTypedData` (everything the session authorised).
 */
export function registerSessionRoutes(app: App, sessions: SessionService) {
  app.post(
    '/v1/sessions',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object({
          address: Type.String({ pattern: EVM_ADDRESS }),
          pci: PCI,
          chainId: Type.String({ pattern: CAIP2 }),
          // Epoch ms up to the last instant a Date holds: 1e300 is a 400, not a database overflow.
          expiry: Type.Integer({ minimum: 0, maximum: MAX_EXPIRY }),
          permissions: Type.Optional(
            Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 50 }),
          ),
          nonce: NONCE,
          signature: SIGNATURE,
        }),
      },
    },
    async (request, reply) => reply.code(201).send(await sessions.create(request.project!.id, request.body)),
  )

  // The active sessions of one address in the calling project (the "Active sessions" view).
  app.get(
    '/v1/sessions',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          address: Type.String({ pattern: EVM_ADDRESS }),
          chainId: Type.Optional(Type.String({ pattern: CAIP2 })),
          // 1–100 (MAX_SESSIONS_LISTED); query strings are text (no type coercion).
          limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
        }),
      },
    },
    async (request) => {
      const { address, chainId, limit } = request.query
      return sessions.listActive(request.project!.id, {
        address,
        chainId,
        limit: limit ? Math.min(Number(limit), MAX_SESSIONS_LISTED) : undefined,
      })
    },
  )

  // `{id}` is a session id, or a CAIP-10 EVM account: AppKit's `getSmartSessions` asks
  // `/v1/sessions/{caipAddress}` and reads `{ pcis }` with `expiry` in seconds (it multiplies by 1000).
  app.get(
    '/v1/sessions/:id',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ id: Type.Union([ID.properties.id, Type.String({ pattern: CAIP10_EVM })]) }),
        querystring: Type.Object({ ...sdkParams }),
      },
    },
    async (request) => {
      if (request.params.id.startsWith('eip155:')) {
        const { address, chain } = normalizeAccount(request.params.id)
        const list = await sessions.listActive(request.project!.id, { address, chainId: chain })
        return { pcis: list.sessions.map((v) => ({ ...v, expiry: Math.floor(v.expiry / 1000) })) }
      }
      const s = await sessions.get(request.params.id, request.project!.id)
      if (!s) throw notFound('session not found', 'session_not_found')
      return s
    },
  )

  app.post(
    '/v1/sessions/:id/revoke',
    {
      config: { auth: 'project' },
      schema: {
        params: ID,
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object(
          {
            pci: PCI,
            signature: SIGNATURE,
            nonce: NONCE,
            // Epoch ms; the service refuses one past or more than 10 minutes ahead.
            deadline: Type.Integer({ minimum: 0, maximum: MAX_EXPIRY }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => sessions.revoke(request.params.id, request.project!.id, request.body),
  )
}
