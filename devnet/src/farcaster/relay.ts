import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a Farcaster client posted for a channel once the user approved. */
export interface FarcasterApproval {
  message: string
  signature: string
  fid: number
  custody: string
  username?: string
  displayName?: string
}

interface Channel {
  nonce: string
  domain: string
  siweUri: string
  url: string
  expiresAt: number
  approval?: FarcasterApproval
}

/** The running local Sign In With Farcaster relay. */
export interface LocalFarcasterRelay {
  /** `http://127.0.0.1:<port>`: the base URL a gateway's `farcaster.relayUrl` points at. */
  url: string
  close(): Promise<void>
}

const MAX_BODY = 16_384
const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = ''
  for await (const chunk of req) {
    raw += String(chunk)
    if (raw.length > MAX_BODY) throw new Error('body too large')
  }
  const parsed: unknown = JSON.parse(raw || '{}')
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
  return parsed as Record<string, unknown>
}

/**
 * Starts a Sign In With Farcaster relay on 127.0.0.1 (free port), standing in
 * for the hosted one: `POST /v1/channel` `{ domain, siweUri, nonce }` → 201
 * `{ channelToken, url, nonce }`; `GET /v1/channel/status` (Bearer channel
 * token) → 202 pending / 200 completed with the signed message; `POST
 * /v1/channel/authenticate` (Bearer channel token) `{ message, signature,
 * fid, custody }` from the Farcaster client. The deep link (`url`) is
 * `farcaster://connect?channelToken=…&nonce=…&domain=…&siweUri=…`; the relay
 * checks nothing about the message — the gateway verifies it (the relay is
 * untrusted by design). Channels expire after `channelTtlMs` (default 5 min).
 */
export async function startFarcasterRelay(
  opts: { channelTtlMs?: number } = {},
): Promise<LocalFarcasterRelay> {
  const ttl = opts.channelTtlMs ?? 300_000
  const channels = new Map<string, Channel>()
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const channelOf = (req: IncomingMessage): [string, Channel] | undefined => {
    const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(req.headers.authorization ?? '')
    const c = m ? channels.get(m[1]!) : undefined
    if (!m || !c) return undefined
    if (c.expiresAt <= Date.now()) {
      channels.delete(m[1]!)
      return undefined
    }
    return [m[1]!, c]
  }
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://relay').pathname
      if (req.method === 'POST' && path === '/v1/channel') {
        const b = await jsonBody(req)
        if (!str(b.domain, 255) || !str(b.siweUri, 1024) || !str(b.nonce, 128))
          return send(res, 400, { error: 'domain, siweUri and nonce are required' })
        const channelToken = randomBytes(24).toString('base64url')
        const link = new URL('farcaster://connect')
        link.searchParams.set('channelToken', channelToken)
        link.searchParams.set('nonce', b.nonce as string)
        link.searchParams.set('domain', b.domain as string)
        link.searchParams.set('siweUri', b.siweUri as string)
        const url = link.toString()
        channels.set(channelToken, {
          nonce: b.nonce as string,
          domain: b.domain as string,
          siweUri: b.siweUri as string,
          url,
          expiresAt: Date.now() + ttl,
        })
        return send(res, 201, { channelToken, url, nonce: b.nonce })
      }
      if (req.method === 'GET' && path === '/v1/channel/status') {
        const found = channelOf(req)
        if (!found) return send(res, 401, { error: 'unknown or expired channel' })
        const [, c] = found
        if (!c.approval) return send(res, 202, { state: 'pending', nonce: c.nonce, url: c.url })
        return send(res, 200, { state: 'completed', nonce: c.nonce, url: c.url, ...c.approval })
      }
      if (req.method === 'POST' && path === '/v1/channel/authenticate') {
        const found = channelOf(req)
        if (!found) return send(res, 401, { error: 'unknown or expired channel' })
        const b = await jsonBody(req)
        if (
          !str(b.message, 4096) ||
          !str(b.signature, 4096) ||
          !str(b.custody, 64) ||
          typeof b.fid !== 'number' ||
          !Number.isSafeInteger(b.fid)
        )
          return send(res, 400, { error: 'message, signature, fid and custody are required' })
        found[1].approval = {
          message: b.message as string,
          signature: b.signature as string,
          fid: b.fid,
          custody: b.custody as string,
          ...(str(b.username, 64) ? { username: b.username as string } : {}),
          ...(str(b.displayName, 64) ? { displayName: b.displayName as string } : {}),
        }
        return send(res, 201, { state: 'completed' })
      }
      send(res, 404, { error: 'not found' })
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { error: String(error instanceof Error ? error.message : error) })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
