/**
 * Social login inside the signer frame: the frame makes the PKCE verifier
 * (it never leaves this origin except to the gateway's exchange), asks the
 * gateway for the provider's authorization URL, and waits for the callback
 * page (same origin, in the popup) to hand back `{ code, state }`. A state
 * the frame did not start is ignored; the gateway checks it again.
 */
const TAG = 'embedded-wallet-social'

export interface SocialCallback {
  state: string
  code: string
  error: string
}

const pending = new Map<
  string,
  { verifier: string; provider: string; resolve(cb: SocialCallback): void; reject(e: Error): void }
>()

function deliver(data: unknown) {
  if (typeof data !== 'object' || data === null) return
  const m = data as Record<string, unknown>
  if (m.portico !== TAG || m.v !== 1) return
  if (typeof m.state !== 'string' || typeof m.code !== 'string' || typeof m.error !== 'string') return
  const p = pending.get(m.state)
  if (!p) return // not a sign-in this frame started: state mismatch, ignored
  pending.delete(m.state)
  p.resolve({ state: m.state, code: m.code.slice(0, 2048), error: m.error.slice(0, 100) })
}

/** Listens for the callback page: a message from this same origin (the popup), or its BroadcastChannel. */
export function listenForCallbacks() {
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== location.origin) return
    deliver(e.data)
  })
  try {
    new BroadcastChannel('portico-embedded-wallet-social').onmessage = (e) => deliver(e.data)
  } catch (error) {
    console.warn('[portico signer] BroadcastChannel unavailable; the popup must reach its opener', error)
  }
}

async function challengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function newVerifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Starts a sign-in: answers the URL the popup goes to and the state naming it. */
export async function startSocial(
  provider: string,
  post: (path: string, body: unknown) => Promise<{ url: string; state: string }>,
): Promise<{ url: string; state: string }> {
  const verifier = newVerifier()
  const started = await post('/v1/auth/social/start', {
    provider,
    codeChallenge: await challengeOf(verifier),
  })
  pending.set(started.state, { verifier, provider, resolve: () => {}, reject: () => {} })
  return started
}

/** Waits for the popup to come back for `state`; resolves with the code and the verifier to redeem it. */
export function waitForSocial(
  state: string,
): Promise<SocialCallback & { verifier: string; provider: string }> {
  const p = pending.get(state)
  if (!p) return Promise.reject(new Error('unknown sign-in'))
  return new Promise((resolve, reject) => {
    p.resolve = (cb) => resolve({ ...cb, verifier: p.verifier, provider: p.provider })
    p.reject = reject
  })
}

/**
 * Drops a sign-in (the popup was closed); a late callback for it is then
 * ignored. False when the callback already came (the exchange is under way:
 * the popup closed because it was done, not because the visitor gave up).
 */
export function cancelSocial(state: string): boolean {
  const p = pending.get(state)
  if (!p) return false
  pending.delete(state)
  p.reject(new Error('cancelled'))
  return true
}
