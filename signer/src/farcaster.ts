/**
 * Sign In With Farcaster inside the signer frame. The frame asks the gateway
 * to open a relay channel for the parent's origin (the SIWE domain), keeps the
 * channel token and the deep link that carries it under a name of its own
 * (issue 29: the link is drawn as a QR code in this frame's card, never handed
 * to the page), and polls the gateway's exchange until the visitor's Farcaster
 * app has signed; the session token the exchange answers never leaves this
 * origin. A channel the frame did not start is unknown here; the gateway
 * checks the signed message, the nonce, the domain and the fid on the ID
 * registry.
 */

/** Time between two exchange polls while the visitor approves in their Farcaster app. */
export const FARCASTER_POLL_MS = 1000

interface Pending {
  channelToken: string
  /** The deep link (`farcaster://connect?channelToken=…` or an https client link): it carries the channel token. */
  url: string
  /** Issue 29: the gateway's key for this sign-in's exchange; the deep link the page shows does not carry it. */
  exchangeKey: string
  expiresAt: number
  cancelled: boolean
  wake?: () => void
}

const pending = new Map<string, Pending>()

function newChannelName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Why a wait ended without a session: the visitor (or the modal) dropped it, or it ran out. */
export class FarcasterWaitEnded extends Error {
  constructor(readonly reason: 'cancelled' | 'expired') {
    super(reason)
  }
}

/** The gateway answered a start the frame cannot use (no deep link it would draw, no token, no key). */
export class FarcasterStartError extends Error {}

/**
 * A deep link the card may draw and open: `farcaster:` (the Farcaster app) or
 * `https:` (a Farcaster client's page), nothing else (no `javascript:`, no
 * plain http), at most 2 KiB. Answers the normalised link, or undefined.
 */
export function farcasterLink(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 2048) return undefined
  try {
    const u = new URL(url)
    return u.protocol === 'farcaster:' || u.protocol === 'https:' ? u.toString() : undefined
  } catch {
    return undefined
  }
}

const TOKEN = /^[A-Za-z0-9_.~+/=-]{8,512}$/

/**
 * Opens a channel: answers the frame's name for it and its expiry. The deep
 * link (with the relay's channel token in it) stays here, for the card.
 */
export async function startFarcaster(
  post: (path: string, body: unknown) => Promise<unknown>,
  origin: string,
): Promise<{ channel: string; expiresAt: number }> {
  const started = (await post('/v1/auth/farcaster/start', { origin })) as Record<string, unknown> | null
  const url = farcasterLink(started?.url)
  const { channelToken, exchangeKey, expiresAt } = started ?? {}
  if (
    !url ||
    typeof channelToken !== 'string' ||
    !TOKEN.test(channelToken) ||
    typeof exchangeKey !== 'string' ||
    !TOKEN.test(exchangeKey) ||
    typeof expiresAt !== 'number' ||
    !Number.isSafeInteger(expiresAt)
  )
    throw new FarcasterStartError(
      'the gateway answered a Farcaster start without a usable link, token or key',
    )
  const channel = newChannelName()
  pending.set(channel, { channelToken, url, exchangeKey, expiresAt, cancelled: false })
  return { channel, expiresAt }
}

/** The deep link of a sign-in this frame started (for its card), or undefined when it holds no such channel. */
export function farcasterUrlOf(channel: string): string | undefined {
  return pending.get(channel)?.url
}

/**
 * Polls the exchange for `channel` until it answers a session token (a
 * gateway refusal — a dishonest client, a used nonce — rejects with it).
 * Rejects with `FarcasterWaitEnded` when cancelled or past its expiry.
 */
export async function waitForFarcaster(
  channel: string,
  exchange: (
    channelToken: string,
    exchangeKey: string,
  ) => Promise<{ state: 'pending' } | { state: 'completed'; token: string }>,
  pollMs = FARCASTER_POLL_MS,
): Promise<string> {
  const p = pending.get(channel)
  if (!p) throw new FarcasterWaitEnded('expired')
  try {
    for (;;) {
      if (p.cancelled) throw new FarcasterWaitEnded('cancelled')
      if (Date.now() >= p.expiresAt) throw new FarcasterWaitEnded('expired')
      const answer = await exchange(p.channelToken, p.exchangeKey)
      if (answer.state === 'completed') return answer.token
      if (p.cancelled) throw new FarcasterWaitEnded('cancelled')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        p.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  } finally {
    pending.delete(channel)
  }
}

/** Drops a sign-in (the visitor went back); its wait ends. False when the frame holds no such channel. */
export function cancelFarcaster(channel: string): boolean {
  const p = pending.get(channel)
  if (!p) return false
  pending.delete(channel)
  p.cancelled = true
  p.wake?.()
  return true
}
