import { createHash, randomBytes } from 'node:crypto'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@portico/core'
import { ApiError } from '../../http/errors.js'
import { type Database, whenConditionFails } from '../../storage/index.js'
import { type AuthKeys, deriveKeys, mac } from '../core/crypto.js'
import type { SessionStore } from '../core/sessions.js'
import type { SocialConfig } from './config.js'
import { verifyIdToken } from './id-token.js'
import { JwksSource } from './jwks.js'
import { type ProviderEndpoints, resolveEndpoints } from './presets.js'

/** A session made from a social login: the bearer token the frame keeps, and who it is for the account name. */
export interface SocialSession {
  token: string
  expiresAt: number
  provider: SocialProvider
  label: string
}

const b64url = (n: number) => randomBytes(n).toString('base64url')
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/**
 * Social login for the embedded wallet: OAuth 2.0 authorization code with
 * PKCE, the gateway as the confidential client (client secrets stay here).
 * `start` stores the state, nonce and PKCE challenge and answers the
 * provider's authorization URL; `exchange` takes the code back once (state
 * single-use), checks the PKCE verifier, redeems the code with the client
 * secret, verifies the ID token (or reads the user endpoint of an OAuth-only
 * provider) and opens the same kind of session the email flow does.
 */
export class SocialAuthService {
  readonly #keys: AuthKeys
  readonly #jwks: JwksSource
  constructor(
    private readonly db: Database,
    private readonly config: SocialConfig,
    private readonly sessions: SessionStore,
    private readonly options: {
      secret: string
      /** The signer listener's callback URL (known once it listens). */
      redirectUri(): string
      now?: () => number
      fetch?: typeof fetch
    },
  ) {
    this.#keys = deriveKeys(options.secret)
    this.#jwks = new JwksSource({
      now: () => this.#now(),
      allowLoopback: config.allowLoopback,
    })
  }

  #now() {
    return (this.options.now ?? Date.now)()
  }

  /** The providers this gateway has credentials for, in SPEC §2 order. */
  enabled(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((p) => this.config.providers[p] !== undefined)
  }

  #provider(name: string): {
    id: SocialProvider
    endpoints: ProviderEndpoints
    clientId: string
    secret: string
  } {
    const id = SOCIAL_PROVIDERS.find((p) => p === name)
    const cfg = id ? this.config.providers[id] : undefined
    if (!id || !cfg) throw new ApiError(400, 'provider_not_enabled', 'This social provider is not enabled')
    return { id, endpoints: resolveEndpoints(id, cfg), clientId: cfg.clientId, secret: cfg.clientSecret }
  }

  /** Stores a new authorization request and answers where to send the popup. */
  async start(
    projectId: string,
    provider: string,
    codeChallenge: string,
  ): Promise<{ url: string; state: string }> {
    const p = this.#provider(provider)
    const state = b64url(32)
    const nonce = b64url(32)
    const now = this.#now()
    await this.db.query(
      'INSERT INTO auth_social_states (state_hash, provider, project_id, nonce, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        mac(this.#keys, 'social-state', state),
        p.id,
        projectId,
        nonce,
        codeChallenge,
        now + this.config.stateTtlMs,
      ],
    )
    await this.db.query('DELETE FROM auth_social_states WHERE expires_at < ?', [now])
    const url = new URL(p.endpoints.authorizationEndpoint)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', p.clientId)
    url.searchParams.set('redirect_uri', this.options.redirectUri())
    url.searchParams.set('scope', p.endpoints.scope)
    url.searchParams.set('state', state)
    if (p.endpoints.issuer) url.searchParams.set('nonce', nonce)
    url.searchParams.set('code_challenge', codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
    return { url: url.toString(), state }
  }

  /** Redeems the code of a finished sign-in (state single-use) and opens a session. */
  async exchange(input: {
    projectId: string
    provider: string
    state: string
    code: string
    codeVerifier: string
  }): Promise<SocialSession> {
    const p = this.#provider(input.provider)
    const stateHash = mac(this.#keys, 'social-state', input.state)
    const [row] = await this.db.query<{
      provider: string
      project_id: string
      nonce: string
      code_challenge: string
      expires_at: number | string
    }>(
      'SELECT provider, project_id, nonce, code_challenge, expires_at FROM auth_social_states WHERE state_hash = ?',
      [stateHash],
    )
    const mismatch = () =>
      new ApiError(400, 'state_mismatch', 'This sign-in was not started here, or has expired')
    if (!row) throw mismatch()
    // Single use: whoever deletes the row redeems it.
    await this.db
      .batch([
        { sql: 'DELETE FROM auth_social_states WHERE state_hash = ?', params: [stateHash], expectChanges: 1 },
      ])
      .catch(whenConditionFails(() => mismatch()))
    if (row.provider !== p.id || row.project_id !== input.projectId || Number(row.expires_at) <= this.#now())
      throw mismatch()
    if (s256(input.codeVerifier) !== row.code_challenge)
      throw new ApiError(400, 'pkce_mismatch', 'The PKCE verifier does not match this sign-in')
    const tokens = await this.#redeem(p, input.code, input.codeVerifier)
    let sub: string
    let label: string
    if (p.endpoints.issuer && p.endpoints.jwksUri) {
      if (typeof tokens.id_token !== 'string')
        throw new ApiError(502, 'id_token_missing', 'The provider sent no ID token')
      const claims = await verifyIdToken(tokens.id_token, this.#jwks.keyResolver(p.endpoints.jwksUri), {
        issuer: p.endpoints.issuer,
        audience: p.clientId,
        nonce: row.nonce,
        nowSeconds: Math.floor(this.#now() / 1000),
        clockSkewSeconds: this.config.clockSkewSeconds,
      })
      sub = claims.sub
      label = (claims.emailVerified !== false ? claims.email : undefined) ?? claims.name ?? p.id
    } else {
      const user = await this.#userinfo(p, tokens.access_token)
      sub = user.sub
      label = user.label
    }
    // The subject (`provider:sub`) is the account: a wallet per provider account, never merged by email.
    const session = await this.sessions.create(`${p.id}:${sub}`, input.projectId, { method: p.id, label })
    return { ...session, provider: p.id, label }
  }

  async #redeem(
    p: { id: SocialProvider; endpoints: ProviderEndpoints; clientId: string; secret: string },
    code: string,
    verifier: string,
  ): Promise<{ id_token?: unknown; access_token?: unknown }> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.options.redirectUri(),
      client_id: p.clientId,
      client_secret: p.secret,
      code_verifier: verifier,
    })
    const f = this.options.fetch ?? fetch
    let res: Response
    try {
      // The token endpoint is the operator's configuration, not a URL a visitor chose.
      res = await f(p.endpoints.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      throw Object.assign(
        new ApiError(502, 'provider_unreachable', 'The login provider could not be reached'),
        {
          cause: error,
        },
      )
    }
    const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!res.ok || !json)
      throw new ApiError(
        401,
        'code_refused',
        `The login provider refused the code (${String(json?.error ?? res.status)})`,
      )
    return json
  }

  async #userinfo(
    p: { id: SocialProvider; endpoints: ProviderEndpoints },
    accessToken: unknown,
  ): Promise<{ sub: string; label: string }> {
    if (typeof accessToken !== 'string' || !p.endpoints.userinfoEndpoint)
      throw new ApiError(502, 'access_token_missing', 'The provider sent no access token')
    const f = this.options.fetch ?? fetch
    const res = await f(p.endpoints.userinfoEndpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    })
    const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined
    // x answers { data: { id, username } }; the others { id, login | username | name }.
    const u = (json && typeof json.data === 'object' && json.data !== null ? json.data : json) as
      | Record<string, unknown>
      | undefined
    const id = u?.id
    if (!res.ok || (typeof id !== 'string' && typeof id !== 'number'))
      throw new ApiError(502, 'userinfo_failed', 'The login provider did not say who signed in')
    const name = [u?.login, u?.username, u?.name].find((v) => typeof v === 'string') as string | undefined
    return { sub: String(id), label: (name ?? p.id).slice(0, 120) }
  }
}
