import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  approveFarcasterSignIn,
  type EvmDevnet,
  FARCASTER_DEV_CUSTODY,
  ID_REGISTRY_ADDRESS,
  type LocalFarcasterRelay,
  startEvmDevnet,
  startFarcasterRelay,
} from '@portico/devnet'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestGateway, type TestGateway } from '../../test-helpers/gateway.js'

/** A recovery blob in the frame's format (the gateway checks its shape only). */
const RECOVERY = `pbkdf2-sha256.600000.${'s'.repeat(22)}.${'i'.repeat(16)}.${'c'.repeat(40)}`
// A passphrase verifier as the frame sends it (issue 29): SHA-256, base64url.
const VERIFIER = 'v'.repeat(43)

const SECRET = 'test-secret-test-secret-test-secret-0123'
const ORIGIN = 'http://localhost:5173'

/**
 * A relay in front of the local one: forwards everything, unless a test sets
 * `forged` — then channel status answers that body instead (the relay is untrusted).
 */
async function startProxyRelay(target: string) {
  const state: { forged?: { status: number; body: string } } = {}
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (state.forged && req.url?.startsWith('/v1/channel/status')) {
        res.writeHead(state.forged.status, { 'content-type': 'application/json' })
        return res.end(state.forged.body)
      }
      let body = ''
      for await (const c of req) body += String(c)
      const up = await fetch(new URL(req.url ?? '/', target), {
        method: req.method ?? 'GET',
        headers: {
          ...(req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {}),
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        },
        ...(body ? { body } : {}),
      })
      res.writeHead(up.status, { 'content-type': 'application/json' })
      res.end(await up.text())
    })()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

let devnet: EvmDevnet
let relay: LocalFarcasterRelay
let proxy: Awaited<ReturnType<typeof startProxyRelay>>
beforeAll(async () => {
  ;[devnet, relay] = await Promise.all([startEvmDevnet(), startFarcasterRelay()])
  proxy = await startProxyRelay(relay.url)
}, 120_000)
afterAll(async () => {
  await proxy?.close()
  await relay?.close()
  await devnet?.stop()
})

describe.each(['sqlite', 'postgres'] as const)(
  'Sign In With Farcaster through the local relay (%s)',
  (kind) => {
    let t: TestGateway
    let signer: string
    beforeAll(async () => {
      t = await startTestGateway(kind, {
        projects: [{ id: 'local', name: 'Local', allowedOrigins: ['http://localhost:*'] }],
        embeddedWallet: {
          secret: SECRET,
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: 2525, from: 'login@portico.test' },
          farcaster: {
            relayUrl: proxy.url,
            registry: { rpcUrl: devnet.chains[0]!.rpcUrl, address: ID_REGISTRY_ADDRESS },
          },
        },
      })
      signer = t.gateway.signerUrl() as string
    })
    afterAll(async () => {
      await t?.close()
    })

    const start = async () => {
      const s = await call(`${signer}/v1/auth/farcaster/start`, {
        json: { projectId: 'local', origin: ORIGIN },
      })
      expect(s.status, JSON.stringify(s.body)).toBe(200)
      return s.body as { channelToken: string; exchangeKey: string; url: string; expiresAt: number }
    }
    const exchange = (s: { channelToken: string; exchangeKey: string }) =>
      call(`${signer}/v1/auth/farcaster/exchange`, {
        json: { projectId: 'local', channelToken: s.channelToken, exchangeKey: s.exchangeKey },
      })
    const approve = (url: string, extra: Partial<Parameters<typeof approveFarcasterSignIn>[0]> = {}) =>
      approveFarcasterSignIn({ relayUrl: relay.url, deepLink: url, fid: 1, ...extra })

    it('pending (202) until the dev client approves; then the fid the registry gives the custody key gets a session (account farcaster:1) that holds an auth share', async () => {
      const s = await start()
      expect(s.url).toMatch(/^farcaster:\/\/connect\?/)
      const link = new URL(s.url)
      expect(link.searchParams.get('domain')).toBe('localhost:5173')
      expect(link.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
      const pending = await exchange(s)
      expect(pending.status).toBe(202)
      expect(pending.body).toEqual({ state: 'pending' })
      const { message } = await approve(s.url)
      expect(message).toContain('Farcaster Auth')
      expect(message).toContain('Chain ID: 10')
      const r = await exchange(s)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({ state: 'completed', fid: 1, label: '@portico-dev' })
      const auth = { authorization: `Bearer ${r.body.token}`, 'x-portico-project': 'local' }
      const session = await call(`${signer}/v1/auth/session`, { headers: auth })
      expect(session.body).toMatchObject({ method: 'farcaster', label: '@portico-dev', email: 'farcaster:1' })
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
    })

    it('a nonce signs in once: the same channel again is refused (410), and a signed message carried to another channel is refused', async () => {
      const a = await start()
      const signed = await approve(a.url)
      expect((await exchange(a)).status).toBe(200)
      const again = await exchange(a)
      expect(again.status).toBe(410)
      expect(again.body.code).toBe('channel_expired')
      // Replay: channel B gets A's message and signature.
      const b = await start()
      const token = new URL(b.url).searchParams.get('channelToken')
      const res = await fetch(`${relay.url}/v1/channel/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...signed, fid: 1, custody: FARCASTER_DEV_CUSTODY }),
      })
      expect(res.status).toBe(201)
      const replay = await exchange(b)
      expect(replay.status).toBe(401)
      expect(replay.body.code).toBe('siwf_refused')
    })

    it('issue 29: the channel token read from the deep link (what the dApp page shows) does not mint a session without the start’s exchange key', async () => {
      const s = await start()
      const fromLink = new URL(s.url).searchParams.get('channelToken') as string
      expect(fromLink).toBe(s.channelToken)
      await approve(s.url)
      const noKey = await call(`${signer}/v1/auth/farcaster/exchange`, {
        json: { projectId: 'local', channelToken: fromLink },
      })
      expect(noKey.status).toBe(400)
      const guessed = await exchange({ channelToken: fromLink, exchangeKey: 'A'.repeat(43) })
      expect(guessed.status).toBe(403)
      expect(guessed.body.code).toBe('exchange_key_wrong')
      expect(guessed.body).not.toHaveProperty('token')
      // The frame, which holds the key, still signs in: the refusals spent nothing.
      const r = await exchange(s)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body).toMatchObject({ state: 'completed', fid: 1 })
    })

    it('a message for another domain is refused', async () => {
      const s = await start()
      await approve(s.url, { tamper: { domain: 'evil.example' } })
      const r = await exchange(s)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Farcaster sign-in refused: the message is for another domain')
    })

    it('a message with another Chain ID than 10 is refused', async () => {
      const s = await start()
      await approve(s.url, { tamper: { chainId: 1 } })
      const r = await exchange(s)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Farcaster sign-in refused: the Chain ID is not 10')
    })

    it('a message with another nonce than the gateway issued is refused', async () => {
      const s = await start()
      await approve(s.url, { tamper: { nonce: 'aaaaaaaaaaaaaaaaaaaaaaaa' } })
      const r = await exchange(s)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Farcaster sign-in refused: the nonce is not this sign-in’s')
    })

    it('an fid the custody address does not own (idOf(custody) ≠ fid) is refused, and so is a key with no fid', async () => {
      const s = await start()
      await approve(s.url, { fid: 2 })
      const r = await exchange(s)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Farcaster sign-in refused: the custody address does not own fid 2')
      const s2 = await start()
      await approve(s2.url, { custodyKey: generatePrivateKey() })
      const r2 = await exchange(s2)
      expect(r2.status).toBe(401)
      expect(r2.body.message).toBe('Farcaster sign-in refused: the custody address does not own fid 1')
    })

    it('a signature from another key than the custody address (forged) is refused', async () => {
      const s = await start()
      await approve(s.url, { tamper: { signWith: generatePrivateKey() } })
      const r = await exchange(s)
      expect(r.status).toBe(401)
      expect(r.body.message).toMatch(/^Farcaster sign-in refused: the signature is not the custody address/)
    })

    it('a malformed relay answer is refused (502 relay_invalid) and opens no session', async () => {
      const forged = [
        { status: 200, body: JSON.stringify({ state: 'completed', message: 42, signature: '0x', fid: 1 }) },
        { status: 200, body: 'not json' },
        { status: 202, body: JSON.stringify({ state: 'done' }) },
        { status: 500, body: '{}' },
      ]
      for (const f of forged) {
        const s = await start()
        proxy.state.forged = f
        try {
          const r = await exchange(s)
          expect(r.status, f.body).toBe(502)
          expect(r.body.code).toBe('relay_invalid')
        } finally {
          proxy.state.forged = undefined
        }
      }
    })

    it('start refuses an origin outside the project allowlist and malformed bodies; exchange refuses an unknown channel', async () => {
      const off = await call(`${signer}/v1/auth/farcaster/start`, {
        json: { projectId: 'local', origin: 'https://evil.example' },
      })
      expect(off.status).toBe(403)
      const bad = await call(`${signer}/v1/auth/farcaster/start`, {
        json: { projectId: 'local', origin: ORIGIN, extra: 1 },
      })
      expect(bad.status).toBe(400)
      const unknown = await exchange({ channelToken: 'A'.repeat(32), exchangeKey: 'B'.repeat(43) })
      expect(unknown.status).toBe(410)
      const short = await call(`${signer}/v1/auth/farcaster/exchange`, {
        json: { projectId: 'local', channelToken: 'x' },
      })
      expect(short.status).toBe(400)
    })
  },
)
