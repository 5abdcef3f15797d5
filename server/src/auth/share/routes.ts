import Type from 'typebox'
import type { App } from '../../http/app.js'
import { EVM_ADDRESS } from '../../http/schemas.js'
import type { Statement } from '../../storage/index.js'
import { CODE, NO_STORE, RECOVERY_BLOB } from '../core/schemas.js'
import { bearer, type SessionStore } from '../core/sessions.js'
import type { KeyExportService } from './export.js'
import type { ShareReleasePolicy } from './policy.js'
import type { ShareStore } from './store.js'

/** A Shamir share of a 32-byte key as hex (33 bytes); room for other key sizes later. */
const SHARE = Type.String({ pattern: '^[0-9a-f]{66,258}$' })

/**
 * The auth share of the session's wallet, on the signer listener:
 * GET /v1/auth/share → `{ address, share }` (404 without a wallet);
 * PUT /v1/auth/share `{ address, share, recovery, recoveryVerifier }` → 201 (once per account; the auth share is stored
 * only with its passphrase-sealed recovery share, so an abandoned passphrase prompt leaves no wallet);
 * POST /v1/auth/export/otp, POST /v1/auth/export `{ code }` → `{ address, share }`.
 */
export function registerShareRoutes(
  app: App,
  sessions: SessionStore,
  shares: ShareStore,
  policy: ShareReleasePolicy,
  keyExport: KeyExportService,
  /** The recovery room's INSERT of a recovery blob (injected: the share room does not import it). */
  recoveryRow: (email: string, address: string, blob: string, verifier: string) => Statement,
) {
  // The same policy as Export (re-authentication, daily limit, audit), for signing.
  app.get('/v1/auth/share', { config: { auth: 'public' } }, async (request, reply) => {
    const s = await sessions.session(bearer(request.headers.authorization))
    const share = await policy.release(s, 'sign', request.ip, undefined)
    request.log.info(
      { event: 'share_release', purpose: 'sign', address: share.address },
      'auth share released',
    )
    return reply.headers(NO_STORE).send(share)
  })

  app.put(
    '/v1/auth/share',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            address: Type.String({ pattern: EVM_ADDRESS }),
            share: SHARE,
            /** The passphrase-sealed recovery share: required, stored with the auth share or not at all. */
            recovery: Type.String({ pattern: RECOVERY_BLOB }),
            /** Issue 29: its passphrase verifier, which every later release of the recovery share must match. */
            recoveryVerifier: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const s = await sessions.session(bearer(request.headers.authorization))
      const { address, share, recovery, recoveryVerifier } = request.body
      await shares.put(s.email, { address, share }, [
        recoveryRow(s.email, address, recovery, recoveryVerifier),
      ])
      return reply.code(201).send({ ok: true })
    },
  )
  app.post('/v1/auth/export/otp', { config: { auth: 'public' } }, async (request, reply) =>
    reply
      .headers(NO_STORE)
      .send(await keyExport.requestCode(bearer(request.headers.authorization), request.ip)),
  )
  app.post(
    '/v1/auth/export',
    {
      config: { auth: 'public' },
      schema: { body: Type.Object({ code: CODE }, { additionalProperties: false }) },
    },
    async (request, reply) => {
      const share = await keyExport.export(
        bearer(request.headers.authorization),
        request.body.code,
        request.ip,
      )
      // The audit line (the table has the full record): who exported which wallet, never the share.
      request.log.warn(
        { event: 'key_export', address: share.address },
        'embedded wallet private key exported',
      )
      return reply.headers(NO_STORE).send(share)
    },
  )
}
