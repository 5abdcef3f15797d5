import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type LocalOidcProvider, startOidcProvider } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'

/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

const SECRET = 'test-secret-test-secret-test-secret-0123'

/** A browser stand-in for the popup: follows the provider's redirects with its cookies, picks a test user, consents. */
async function signInAtProvider(
  authorizeUrl: string,
  opts: { user: string; consent: 'allow' | 'deny' },
): Promise<URL> {
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
  }
  let url = new URL(authorizeUrl)
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    })
    keep(res)
    const location = res.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (
        next.origin !== url.origin &&
        !next.pathname.startsWith('/interaction') &&
        next.pathname.endsWith('/callback')
      )
        return next
      url = next
      method = 'GET'
      body = undefined
      continue
    }
    const html = await res.text()
    expect(res.status, html).toBe(200)
    if (html.includes('data-user=')) {
      url = new URL(`${url.pathname}/login`, url)
      body = new URLSearchParams({ sub: opts.user })
    } else if (html.includes('name="decision"')) {
      expect(html).toContain('Allow access?')
      url = new URL(`${url.pathname}/consent`, url)
      body = new URLSearchParams({ decision: opts.consent })
    } else throw new Error(`unexpected provider page: ${html.slice(0, 200)}`)
    method = 'POST'
  }
  throw new Error('too many redirects at the provider')
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

describe.each(['sqlite', 'postgres'] as const)(
  'social login through the local OpenID provider (%s)',
  (kind) => {
    let idp: LocalOidcProvider
    let t: TestGateway
    let signer: string
    let rogue: Server
    let rogueUrl: string
    let rogueIdToken = ''

    beforeAll(async () => {
      idp = await startOidcProvider()
      // A token endpoint that answers a forged ID token (signed by a key the provider never published).
      rogue = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ id_token: rogueIdToken, access_token: 'x', token_type: 'Bearer' }))
      })
      await new Promise<void>((r) => rogue.listen(0, '127.0.0.1', () => r()))
      rogueUrl = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}/token`
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: 2525, from: 'login@portico.test' },
          social: {
            allowLoopback: true,
            providers: {
              google: {
                clientId: 'portico-local',
                clientSecret: 'local-secret',
                issuer: idp.issuer,
                authorizationEndpoint: idp.authorizationEndpoint,
                tokenEndpoint: idp.tokenEndpoint,
                jwksUri: idp.jwksUri,
              },
              apple: {
                clientId: 'portico-local',
                clientSecret: 'local-secret',
                issuer: idp.issuer,
                authorizationEndpoint: idp.authorizationEndpoint,
                tokenEndpoint: rogueUrl,
                jwksUri: idp.jwksUri,
              },
            },
          },
        },
      })
      signer = t.gateway.signerUrl() as string
      idp.addClient({
        clientId: 'portico-local',
        clientSecret: 'local-secret',
        redirectUris: [`${signer}/v1/auth/social/callback`],
      })
    })
    afterAll(async () => {
      await t?.close()
      await idp?.close()
      await new Promise((r) => rogue?.close(r))
    })

    const start = (provider: string, challenge: string) =>
      call(`${signer}/v1/auth/social/start`, {
        json: { projectId: 'local', provider, codeChallenge: challenge },
      })
    const exchange = (json: Record<string, unknown>) =>
      call(`${signer}/v1/auth/social/exchange`, { json: { projectId: 'local', provider: 'google', ...json } })

    it('code + PKCE through the provider (test user, consent) gives a session that gets the auth share like an email session', async () => {
      const { verifier, challenge } = pkce()
      const s = await start('google', challenge)
      expect(s.status).toBe(200)
      const url = new URL(s.body.url)
      expect(url.origin + url.pathname).toBe(idp.authorizationEndpoint)
      expect(url.searchParams.get('code_challenge')).toBe(challenge)
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(url.searchParams.get('redirect_uri')).toBe(`${signer}/v1/auth/social/callback`)
      expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(url.searchParams.get('client_id')).toBe('portico-local')
      expect(s.body.url).not.toContain('local-secret')
      const back = await signInAtProvider(s.body.url, { user: 'local-user-ada', consent: 'allow' })
      expect(back.searchParams.get('state')).toBe(s.body.state)
      const r = await exchange({
        state: s.body.state,
        code: back.searchParams.get('code'),
        codeVerifier: verifier,
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({ provider: 'google', label: 'ada@oidc.test' })
      const auth = { authorization: `Bearer ${r.body.token}`, 'x-portico-project': 'local' }
      const session = await call(`${signer}/v1/auth/session`, { headers: auth })
      expect(session.body).toMatchObject({
        method: 'google',
        label: 'ada@oidc.test',
        email: 'google:local-user-ada',
      })
      const address = '0x000000000000000000000000000000000000bEEF'
      const share = 'cd'.repeat(33)
      expect(
        (
          await call(`${signer}/v1/auth/share`, {
            method: 'PUT',
            json: { address, share, recovery: RECOVERY, recoveryVerifier: VERIFIER },
            headers: auth,
          })
        ).status,
      ).toBe(201)
      expect((await call(`${signer}/v1/auth/share`, { headers: auth })).body).toEqual({ address, share })
      // Revoked: no share.
      await call(`${signer}/v1/auth/logout`, { method: 'POST', headers: auth })
      expect((await call(`${signer}/v1/auth/share`, { headers: auth })).status).toBe(401)
    })

    it('a PKCE verifier that does not match the challenge is refused (and the state is spent)', async () => {
      const { challenge } = pkce()
      const s = await start('google', challenge)
      const back = await signInAtProvider(s.body.url, { user: 'local-user-grace', consent: 'allow' })
      const code = back.searchParams.get('code')
      const wrong = await exchange({ state: s.body.state, code, codeVerifier: pkce().verifier })
      expect(wrong.status).toBe(400)
      expect(wrong.body.code).toBe('pkce_mismatch')
      const again = await exchange({ state: s.body.state, code, codeVerifier: pkce().verifier })
      expect(again.body.code).toBe('state_mismatch')
    })

    it('a state the gateway did not issue, or one used already, is refused', async () => {
      const { verifier, challenge } = pkce()
      const unknown = await exchange({
        state: randomBytes(32).toString('base64url'),
        code: 'abc',
        codeVerifier: verifier,
      })
      expect(unknown.status).toBe(400)
      expect(unknown.body.code).toBe('state_mismatch')
      const s = await start('google', challenge)
      const back = await signInAtProvider(s.body.url, { user: 'local-user-ada', consent: 'allow' })
      const code = back.searchParams.get('code')
      expect((await exchange({ state: s.body.state, code, codeVerifier: verifier })).status).toBe(200)
      const replay = await exchange({ state: s.body.state, code, codeVerifier: verifier })
      expect(replay.body.code).toBe('state_mismatch')
      // A state started for one provider is not redeemed for another.
      const other = await start('google', challenge)
      const cross = await call(`${signer}/v1/auth/social/exchange`, {
        json: {
          projectId: 'local',
          provider: 'apple',
          state: other.body.state,
          code: 'abc',
          codeVerifier: verifier,
        },
      })
      expect(cross.body.code).toBe('state_mismatch')
    })

    it('the provider refuses the code when the verifier is right for the gateway but the code was redeemed', async () => {
      const { verifier, challenge } = pkce()
      const s = await start('google', challenge)
      const back = await signInAtProvider(s.body.url, { user: 'local-user-ada', consent: 'allow' })
      const code = back.searchParams.get('code')
      const first = await exchange({ state: s.body.state, code, codeVerifier: verifier })
      expect(first.status).toBe(200)
      const s2 = await start('google', challenge)
      const reuse = await exchange({ state: s2.body.state, code, codeVerifier: verifier })
      expect(reuse.status).toBe(401)
      expect(reuse.body.code).toBe('code_refused')
    })

    it('a forged ID token from the token endpoint is refused, so no session', async () => {
      const { verifier, challenge } = pkce()
      const s = await start('apple', challenge)
      const nonce = new URL(s.body.url).searchParams.get('nonce')
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      const jwks = (await (await fetch(idp.jwksUri)).json()) as { keys: { kid: string }[] }
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
      const now = Math.floor(Date.now() / 1000)
      const input = `${b64({ alg: 'RS256', kid: jwks.keys[0]?.kid })}.${b64({ iss: idp.issuer, aud: 'portico-local', sub: 'mallory', nonce, iat: now, exp: now + 300 })}`
      rogueIdToken = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
      const r = await call(`${signer}/v1/auth/social/exchange`, {
        json: {
          projectId: 'local',
          provider: 'apple',
          state: s.body.state,
          code: 'any',
          codeVerifier: verifier,
        },
      })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('id_token_invalid')
      expect(r.body.message).toMatch(/signature/)
    })

    it('a provider that is not enabled, an unknown project or a bad challenge is a clear 4xx', async () => {
      const { challenge } = pkce()
      const off = await start('github', challenge)
      expect(off.status).toBe(400)
      expect(off.body.code).toBe('provider_not_enabled')
      expect(
        (
          await call(`${signer}/v1/auth/social/start`, {
            json: { projectId: 'nope', provider: 'google', codeChallenge: challenge },
          })
        ).status,
      ).toBe(401)
      expect((await start('google', 'short')).status).toBe(400)
      expect((await call(`${signer}/v1/auth/social/providers`)).body).toEqual({
        providers: ['google', 'apple'],
      })
    })

    it('the callback page runs only its own script (CSP) and is not frameable', async () => {
      const r = await fetch(`${signer}/v1/auth/social/callback?code=x&state=y`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      const js = await (await fetch(`${signer}/v1/auth/social/callback.js`)).text()
      expect(js).toContain('location.origin')
    })
  },
)
