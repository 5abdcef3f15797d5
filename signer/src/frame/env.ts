import { event, type FrameError } from '../protocol.js'

/**
 * What every part of the signer frame shares: the parent origin and project
 * named in the frame's URL (the gateway checked them against the project's
 * allowlist and pinned them with `frame-ancestors`), the session token's
 * storage, the gateway call and the typed refusal every reply carries.
 */
export const params = new URLSearchParams(location.search)
export const parentOrigin = params.get('origin') ?? ''
export const projectId = params.get('projectId') ?? ''
export const TOKEN_KEY = `portico-ew-session:${projectId}`

/** A refusal the dApp gets as the request's error (an EIP-1193 code or a gateway code, SPEC §8 text). */
export class Refusal extends Error {
  constructor(readonly info: FrameError) {
    super(info.message)
  }
}
export const declined = () => new Refusal({ code: 4001, message: 'Signature declined' })

export function parentIsAllowed(): boolean {
  if (window.parent === window || !parentOrigin) return false
  // Where the browser says who embeds us, it must be the origin we were told.
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  return !ancestors || ancestors.length === 0 || ancestors[0] === parentOrigin
}

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Sessions are bound to the project that opened them: the gateway checks this on every session call.
      'x-portico-project': projectId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined
  if (!res.ok) {
    throw new Refusal({
      code: typeof json?.code === 'string' ? json.code : 'http_error',
      message: typeof json?.message === 'string' ? json.message : `HTTP status code: ${res.status}`,
      status: res.status,
    })
  }
  return json as T
}

export const token = () => localStorage.getItem(TOKEN_KEY) ?? undefined

/** Shows or hides the frame over the modal (the plugin sizes the iframe; the frame says when). */
export function setUi(visible: boolean) {
  document.documentElement.dataset.visible = String(visible)
  window.parent.postMessage(event('ui', { visible }), parentOrigin)
}
