import { EgressError, type HostResolver, safeFetch } from '../egress/index.js'

/** Image types the avatar endpoint serves (what browsers render in `<img>`). */
export const AVATAR_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
] as const

export interface AvatarLimits {
  maxBytes: number
  timeoutMs: number
  /** TESTS ONLY: fetch from loopback test servers. */
  allowLoopback?: boolean
  /** TESTS ONLY: answers DNS (test host names mapped to loopback servers). */
  resolve?: HostResolver
}

export interface AvatarImage {
  contentType: string
  body: Buffer
}

/** Why an avatar cannot be served: no record, a record of a kind not served, or a failed / refused fetch. */
export class AvatarUnavailableError extends Error {
  override name = 'AvatarUnavailableError'
  constructor(
    message: string,
    readonly reason: 'no_avatar' | 'unsupported_record' | 'fetch_failed',
    readonly egress?: EgressError,
  ) {
    super(message)
  }
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+)(;base64)?,(.*)$/is

/**
 * Whether the gateway can serve an avatar record: an http(s) URL (fetched
 * through the egress filter) or a `data:image/…` URL. ENS NFT references
 * (`eip155:1/erc721:…`) and `ipfs://` need a resolver the gateway does not
 * run, so they are not served.
 */
export function isServableAvatar(record: string | null | undefined): record is string {
  if (!record) return false
  if (DATA_URL.test(record)) return true
  return /^https?:\/\//i.test(record)
}

/**
 * Fetches (or decodes) an avatar record within the limits: http(s) through
 * `safeFetch` (public addresses only, size and time limited, image types
 * only), `data:` decoded and size-checked. Throws `AvatarUnavailableError`.
 */
export async function loadAvatar(record: string, limits: AvatarLimits): Promise<AvatarImage> {
  const data = DATA_URL.exec(record)
  if (data) {
    const contentType = data[1]!.toLowerCase()
    if (!(AVATAR_TYPES as readonly string[]).includes(contentType))
      throw new AvatarUnavailableError(`avatar type ${contentType} is not served`, 'unsupported_record')
    let body: Buffer
    try {
      body = data[2] ? Buffer.from(data[3]!, 'base64') : Buffer.from(decodeURIComponent(data[3]!), 'utf8')
    } catch {
      throw new AvatarUnavailableError('avatar data URL is malformed', 'unsupported_record')
    }
    if (body.length > limits.maxBytes)
      throw new AvatarUnavailableError(`avatar is larger than ${limits.maxBytes} bytes`, 'fetch_failed')
    return { contentType, body }
  }
  if (!isServableAvatar(record))
    throw new AvatarUnavailableError('avatar record is not served', 'unsupported_record')
  try {
    const r = await safeFetch(record, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      accept: AVATAR_TYPES,
      ...(limits.allowLoopback ? { allowLoopback: true } : {}),
      ...(limits.resolve ? { resolve: limits.resolve } : {}),
    })
    return { contentType: r.contentType, body: r.body }
  } catch (error) {
    if (error instanceof EgressError)
      throw new AvatarUnavailableError(`avatar fetch refused or failed: ${error.code}`, 'fetch_failed', error)
    throw error
  }
}
