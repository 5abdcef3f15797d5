import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError, badRequest } from '../http/errors.js'
import { isLoopback, sameSecret } from '../http/guard.js'
import { sdkParams } from '../http/schemas.js'
import type { Database } from '../storage/index.js'
import type { AnalyticsWriter } from './writer.js'

/** Largest accepted analytics body (error reports carry a stack trace). */
export const ANALYTICS_BODY_LIMIT = 16 * 1024

const EventBody = Type.Object({
  eventId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  url: Type.String({ maxLength: 2048 }),
  domain: Type.String({ maxLength: 253 }),
  timestamp: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
  props: Type.Object(
    {
      event: Type.String({ minLength: 1, maxLength: 64 }),
      address: Type.Optional(Type.String({ maxLength: 128 })),
    },
    { maxProperties: 50 },
  ),
})

/** C0 controls and DEL: never in a one-line field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
/** In free text (messages, stack traces) tab, line feed and carriage return are kept; other controls are not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The JSON path of the first string (key or value) with a control character, or undefined. */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_IN_TEXT.test(value) ? path || '/' : undefined
  if (value === null || typeof value !== 'object' || depth > 32) return undefined
  for (const [k, v] of Object.entries(value)) {
    if (CONTROL.test(k)) return `${path}/${k.replace(CONTROL, '?')}`
    const found = findControlCharacter(v, `${path}/${k}`, depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * POST /e (SPEC §7 analytics) and GET /v1/analytics/events to read a
 * project's events. Reading needs the project's secret as a bearer token;
 * only in `dev` mode may a loopback peer read without one.
 */
export function registerAnalyticsRoutes(
  app: App,
  deps: { writer: AnalyticsWriter; db: Database; dev?: boolean },
) {
  app.post(
    '/e',
    {
      config: { auth: 'project' },
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: { querystring: Type.Object({ ...sdkParams }), body: EventBody },
    },
    async (request, reply) => {
      const b = request.body
      // PostgreSQL refuses NUL in text, and controls in a URL or name are never real: refuse the event, not the batch.
      for (const [field, text] of [
        ['url', b.url],
        ['domain', b.domain],
        ['props/event', b.props.event],
        ['props/address', b.props.address ?? ''],
      ] as const) {
        if (CONTROL.test(text))
          throw badRequest(`body/${field} contains a control character`, 'control_character')
      }
      const bad = findControlCharacter(b.props, '/props')
      if (bad) throw badRequest(`body${bad} contains a control character`, 'control_character')
      const { event, address, ...rest } = b.props
      await deps.writer.write({
        projectId: request.project!.id,
        eventId: b.eventId,
        event,
        url: b.url,
        domain: b.domain,
        timestamp: b.timestamp,
        address: address ?? null,
        st: request.query.st ?? null,
        sv: request.query.sv ?? null,
        props: JSON.stringify(rest),
      })
      // Answered only after the commit: a 2xx means the event is stored.
      return reply.code(204).send()
    },
  )

  app.get(
    '/v1/analytics/events',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          event: Type.Optional(Type.String({ maxLength: 64 })),
          cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,16}:[A-Za-z0-9_-]{1,128}$' })),
          limit: Type.Optional(Type.String({ pattern: '^(1000|[1-9][0-9]{0,2})$' })),
        }),
      },
    },
    async (request) => {
      const project = request.project!
      // Events are private to the project: its secret as a bearer token. The client IP proves nothing
      // (behind a same-host proxy every client is 127.0.0.1); only dev mode trusts a loopback socket peer.
      const auth = request.headers.authorization
      if (project.secret && auth !== undefined) {
        if (!sameSecret(auth, `Bearer ${project.secret}`)) {
          throw new ApiError(401, 'invalid_secret', 'Unauthorized: a project secret is required')
        }
      } else if (!(deps.dev && isLoopback(request.socket.remoteAddress))) {
        if (project.secret)
          throw new ApiError(401, 'invalid_secret', 'Unauthorized: a project secret is required')
        throw new ApiError(
          403,
          'forbidden',
          'Reading events needs the project secret: set projects[].secret (or run the gateway in dev mode)',
        )
      }
      const q = request.query
      const where = ['project_id = ?']
      const args: (string | number)[] = [project.id]
      if (q.event) {
        where.push('event = ?')
        args.push(q.event)
      }
      if (q.cursor) {
        const i = q.cursor.indexOf(':')
        const at = Number(q.cursor.slice(0, i))
        if (!Number.isSafeInteger(at)) throw badRequest('invalid cursor', 'invalid_cursor')
        where.push('(received_at > ? OR (received_at = ? AND event_id > ?))')
        args.push(at, at, q.cursor.slice(i + 1))
      }
      const limit = Number(q.limit ?? 100)
      const rows = await deps.db.query<{
        event_id: string
        event: string
        url: string
        domain: string
        ts: number
        received_at: number
        address: string | null
        st: string | null
        sv: string | null
        props: string
      }>(
        `SELECT event_id, event, url, domain, ts, received_at, address, st, sv, props FROM analytics_events
         WHERE ${where.join(' AND ')} ORDER BY received_at, event_id LIMIT ?`,
        [...args, limit + 1],
      )
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        data: page.map((r) => ({
          eventId: r.event_id,
          url: r.url,
          domain: r.domain,
          timestamp: r.ts,
          receivedAt: r.received_at,
          st: r.st,
          sv: r.sv,
          props: { ...JSON.parse(r.props), event: r.event, ...(r.address ? { address: r.address } : {}) },
        })),
        next: rows.length > limit && last ? `${last.received_at}:${last.event_id}` : null,
      }
    },
  )
}
