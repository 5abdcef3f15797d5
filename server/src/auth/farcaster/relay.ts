import Type from 'typebox'
import { Compile } from 'typebox/compile'
import { ApiError } from '../../http/errors.js'

/** The relay is untrusted: each answer must match these shapes exactly, or the sign-in stops. */
const ChannelCreated = Type.Object({
  channelToken: Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' }),
  url: Type.String({ pattern: '^(https://|farcaster://)[^\\s<>"]+$', maxLength: 2048 }),
  nonce: Type.String({ maxLength: 128 }),
})
const ChannelPending = Type.Object({ state: Type.Literal('pending') })
const ChannelCompleted = Type.Object({
  state: Type.Literal('completed'),
  message: Type.String({ minLength: 1, maxLength: 4096 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130,8192}$' }),
  fid: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  custody: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  username: Type.Optional(Type.String({ maxLength: 64 })),
})
const checkCreated = Compile(ChannelCreated)
const checkPending = Compile(ChannelPending)
const checkCompleted = Compile(ChannelCompleted)

/** A completed channel: what the visitor's Farcaster app signed. */
export interface RelayCompletion {
  message: string
  signature: `0x${string}`
  fid: number
  custody: `0x${string}`
  username?: string
}

const MAX_ANSWER = 64 * 1024
const bad = (why: string) => new ApiError(502, 'relay_invalid', `The Farcaster relay answered ${why}`)

async function call(
  relayUrl: string,
  path: string,
  init: { method: 'GET' | 'POST'; token?: string; body?: unknown },
): Promise<{ status: number; json: unknown }> {
  let res: Response
  try {
    // The relay URL is the operator's configuration, never a visitor's.
    res = await fetch(new URL(path, relayUrl), {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    })
  } catch (error) {
    throw Object.assign(new ApiError(502, 'relay_unreachable', 'The Farcaster relay could not be reached'), {
      cause: error,
    })
  }
  const text = await res.text()
  if (text.length > MAX_ANSWER) throw bad('too much')
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    throw bad('something that is not JSON')
  }
  return { status: res.status, json }
}

/** Opens a channel for one sign-in; the nonce and domain are the gateway's. */
export async function openChannel(
  relayUrl: string,
  req: { domain: string; siweUri: string; nonce: string },
): Promise<{ channelToken: string; url: string }> {
  const { status, json } = await call(relayUrl, '/v1/channel', { method: 'POST', body: req })
  if (status !== 200 && status !== 201) throw bad(`HTTP ${status} to a new channel`)
  if (!checkCreated.Check(json)) throw bad('a channel of the wrong shape')
  if (json.nonce !== req.nonce) throw bad('a channel with another nonce')
  return { channelToken: json.channelToken, url: json.url }
}

/** Reads a channel: pending, completed (with the signed message), or gone (expired or unknown at the relay). */
export async function readChannel(
  relayUrl: string,
  channelToken: string,
): Promise<{ state: 'pending' } | { state: 'gone' } | ({ state: 'completed' } & RelayCompletion)> {
  const { status, json } = await call(relayUrl, '/v1/channel/status', { method: 'GET', token: channelToken })
  if (status === 401 || status === 404 || status === 410) return { state: 'gone' }
  if (status === 202) {
    if (!checkPending.Check(json)) throw bad('a pending channel of the wrong shape')
    return { state: 'pending' }
  }
  if (status !== 200) throw bad(`HTTP ${status} for a channel`)
  if (!checkCompleted.Check(json)) throw bad('a completed channel of the wrong shape')
  return {
    state: 'completed',
    message: json.message,
    signature: json.signature as `0x${string}`,
    fid: json.fid,
    custody: json.custody as `0x${string}`,
    ...(json.username !== undefined ? { username: json.username } : {}),
  }
}
