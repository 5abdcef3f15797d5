import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A person who can sign in at the local identity provider. */
export interface OidcTestUser {
  /** The `sub` claim (stable per user). */
  sub: string
  email: string
  name: string
}

/** An OAuth client registered at the local provider (the gateway, standing in for a real provider's app). */
export interface OidcTestClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

/** The running local OpenID Connect provider. */
export interface LocalOidcProvider {
  /** `http://127.0.0.1:<port>`; discovery at `{issuer}/.well-known/openid-configuration`. */
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  users: readonly OidcTestUser[]
  /** Registers (or replaces) a client; the gateway's redirect URI is known only once it listens. */
  addClient(client: OidcTestClient): void
  close(): Promise<void>
}

/** The devnet's test users (shown as buttons on the provider's login page). */
export const OIDC_TEST_USERS: readonly OidcTestUser[] = Object.freeze([
  { sub: 'local-user-ada', email: 'ada@oidc.test', name: 'Ada Lovelace' },
  { sub: 'local-user-grace', email: 'grace@oidc.test', name: 'Grace Hopper' },
])

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string): string {
  // Own markup only: nothing loaded from elsewhere (the provider's built-in dev pages pull a web font).
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}main{max-width:360px;margin:40px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:10px;font:inherit;border-radius:8px;border:1px solid #888;cursor:pointer}button.primary{background:#1f5eff;color:#fff;border-color:#1f5eff}</style>
</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = ''
  for await (const chunk of req) {
    raw += String(chunk)
    if (raw.length > 10_000) throw new Error('form too large')
  }
  return new URLSearchParams(raw)
}

/**
 * Starts an OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with a
 * free port: authorization code + PKCE, RS256 ID tokens, test users picked
 * on a login page, then a consent step. It stands in for google, github…
 * in tests and the demo, so nothing leaves the machine.
 *
 * @example
 * const idp = await startOidcProvider()
 * idp.addClient({ clientId: 'portico', clientSecret: 's3cret', redirectUris: [`${signer}/v1/auth/social/callback`] })
 */
export async function startOidcProvider(
  options: { users?: readonly OidcTestUser[]; idTokenTtlSeconds?: number } = {},
): Promise<LocalOidcProvider> {
  const users = options.users ?? OIDC_TEST_USERS
  // A specifier in a variable: oidc-provider ships no types, OidcProviderInstance describes the slice used.
  const specifier = 'oidc-provider'
  const { default: Provider } = (await import(specifier)) as {
    default: new (issuer: string, config: Record<string, unknown>) => OidcProviderInstance
  }
  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients: Record<string, unknown>[] = []
  const config = (): Record<string, unknown> => ({
    clients,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like google: the scope's claims (email, name) ride in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600 },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.find((u) => u.sub === sub)
      if (!user) return undefined
      return {
        accountId: user.sub,
        claims: async () => ({ sub: user.sub, email: user.email, email_verified: true, name: user.name }),
      }
    },
  })
  let provider = new Provider(issuer, config())

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res)
    const base = `/interaction/${details.uid}`
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      if (details.prompt.name === 'login') {
        const buttons = users
          .map(
            (u) =>
              `<button type="submit" name="sub" value="${esc(u.sub)}" data-user="${esc(u.sub)}">${esc(u.name)} (${esc(u.email)})</button>`,
          )
          .join('')
        return res.end(
          page(
            'Sign in to Local ID',
            `<p>Choose a test user.</p><form method="post" action="${base}/login">${buttons}</form>`,
          ),
        )
      }
      return res.end(
        page(
          'Allow access?',
          `<p>The app asks to see your name and email address.</p><form method="post" action="${base}/consent"><button class="primary" type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form>`,
        ),
      )
    }
    const form = await formBody(req)
    if (req.url?.endsWith('/login')) {
      const sub = form.get('sub') ?? ''
      if (!users.some((u) => u.sub === sub)) {
        res.statusCode = 400
        return res.end('unknown user')
      }
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub } },
        { mergeWithLastSubmission: false },
      )
    }
    if (form.get('decision') !== 'allow')
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access' },
        { mergeWithLastSubmission: false },
      )
    const accountId = details.session?.accountId ?? ''
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? 'openid'))
    const grantId = await grant.save()
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 400
        res.setHeader('content-type', 'text/plain; charset=utf-8')
        res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`)
      })
      return
    }
    provider.callback()(req, res)
  })

  return {
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    jwksUri: `${issuer}/jwks`,
    users,
    addClient(client) {
      const i = clients.findIndex((c) => c.client_id === client.clientId)
      const entry = {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      }
      if (i >= 0) clients[i] = entry
      else clients.push(entry)
      // Static clients are read when the provider is made: a new one means a new provider (same issuer, new keys).
      provider = new Provider(issuer, config())
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The slice of `oidc-provider`'s Provider used here (the package ships no types). */
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{
    uid: string
    prompt: { name: string }
    params: Record<string, unknown>
    session?: { accountId?: string }
  }>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    opts: { mergeWithLastSubmission: boolean },
  ): Promise<void>
  Grant: new (init: {
    accountId: string
    clientId: string
  }) => {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
}
