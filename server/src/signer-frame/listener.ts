import type { AddressInfo } from 'node:net'
import { chainScript, FRAME_CSS, FRAME_HTML, frameChunk, frameScript } from '@portico/signer'
import Type from 'typebox'
import { type AuthServices, type EmbeddedWalletConfig, registerAuthRoutes } from '../auth/index.js'
import type { PolkadotNetworkConfig, ProjectConfig } from '../config/index.js'
import { type App, type AppOptions, buildApp } from '../http/app.js'
import { originAllowed } from '../http/origins.js'
import { registerPolkadotMetadataRoute } from './polkadot-metadata.js'

/** The signer listener: the frame's own origin, serving the page and the auth endpoints. */
export interface SignerListener {
  app: App
  /** Starts listening; resolves to the public base URL of the signer origin. */
  listen(): Promise<string>
  url(): string | undefined
  close(): Promise<void>
}

const ORIGIN = '^https?://[^\\s/?#]+$'

/** A CSP source list from an allowlist: each entry must be a plain origin or a `*` port / subdomain pattern. */
export function frameAncestors(allowed: readonly string[]): string {
  // CSP host sources have no IPv6 literal form: Chromium drops `http://[::1]:*` with a warning,
  // so it is left out here (a page on [::1] cannot embed the frame).
  const sources = allowed.filter((o) => /^https?:\/\/[A-Za-z0-9.*:-]+$/.test(o) && o !== '*')
  return sources.length ? sources.join(' ') : "'none'"
}

export function createSignerListener(options: {
  config: EmbeddedWalletConfig
  host: string
  projects: readonly ProjectConfig[]
  /** Every auth service (sessions, the login methods, shares, recovery, account). */
  auth: AuthServices
  /** The Polkadot networks whose runtime metadata the frame may read (`GET /polkadot/metadata`); none when absent. */
  polkadotNetworks?: readonly PolkadotNetworkConfig[]
  app: Omit<AppOptions, 'health' | 'projects'>
}): SignerListener {
  const { config, projects } = options
  const app = buildApp({ ...options.app, projects, health: async () => ({ signer: true }) })
  let listening: string | undefined

  app.get(
    '/frame',
    {
      config: { auth: 'public' },
      schema: {
        querystring: Type.Object({
          projectId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
          origin: Type.String({ pattern: ORIGIN, maxLength: 512 }),
          /** The modal's BCP 47 locale: the frame's cards speak it (page/strings.ts). */
          locale: Type.Optional(
            Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$', maxLength: 35 }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const project = projects.find((p) => p.id === request.query.projectId)
      const ancestors = frameAncestors(project?.allowedOrigins ?? [])
      reply.headers({
        'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      })
      if (!project || !originAllowed(request.query.origin, project.allowedOrigins)) {
        return reply.code(403).type('text/plain').send('Unauthorized: origin not allowed')
      }
      return reply.type('text/html; charset=utf-8').send(FRAME_HTML)
    },
  )
  app.get('/frame.js', { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(await frameScript()),
  )
  // Each namespace's keys, imported by the frame on that namespace's first request (bundle.ts).
  app.get<{ Params: { name: string } }>(
    '/chains/:name',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const script = await chainScript(request.params.name)
      if (script === undefined) return reply.code(404).type('text/plain').send('Not found')
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(script)
    },
  )
  // The frame's lazy modules (the EVM and Solana signers, the Farcaster card) and their shared chunks.
  app.get<{ Params: { name: string } }>(
    '/chunks/:name',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const script = await frameChunk(request.params.name)
      if (script === undefined) return reply.code(404).type('text/plain').send('Not found')
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(script)
    },
  )
  app.get('/frame.css', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('x-content-type-options', 'nosniff').send(FRAME_CSS),
  )
  registerAuthRoutes(app, options.auth, projects)
  registerPolkadotMetadataRoute(app, options.polkadotNetworks ?? [])

  return {
    app,
    url: () => listening,
    async listen() {
      const host = config.signerHost ?? options.host
      await app.listen({ host, port: config.signerPort })
      const { port } = app.server.address() as AddressInfo
      const h = host.includes(':') ? `[${host}]` : host
      listening = config.signerUrl ?? `http://${h}:${port}`
      return listening
    },
    async close() {
      await app.close()
    },
  }
}
