import { EgressError, type HostResolver, safeFetch } from '../egress/index.js'

/** Image types the NFT image endpoint serves (checked against the bytes too). */
export const NFT_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const
const JSON_TYPES = ['application/json', 'text/json', 'text/plain', 'application/octet-stream']

export interface NftFetchOptions {
  /** Origins (`scheme://host[:port]`) the gateway may fetch metadata and images from; empty: none. */
  origins: readonly string[]
  /** `ipfs://` URIs are read through this gateway (its origin is then allowed); none: not read. */
  ipfsGateway?: string | undefined
  maxMetadataBytes: number
  maxImageBytes: number
  timeoutMs: number
  /** TESTS ONLY: listed origins may be loopback host names (test servers behind `resolve`). */
  allowLoopback?: boolean
  /** TESTS ONLY: answers DNS (test host names mapped to loopback servers). */
  resolve?: HostResolver
}

/** Why metadata or an image is not available; `reason` is stable and shown in the API. */
export class NftUnavailableError extends Error {
  override name = 'NftUnavailableError'
  constructor(
    readonly reason:
      | 'no_uri'
      | 'uri_unreadable'
      | 'host_not_allowed'
      | 'unsupported_uri'
      | 'fetch_failed'
      | 'too_large'
      | 'bad_content_type'
      | 'invalid_metadata'
      | 'no_image',
    message: string,
  ) {
    super(message)
  }
}

export interface NftMetadata {
  name: string | null
  description: string | null
  /** The image URI as the metadata names it (served only through the gateway). */
  image: string | null
}

/** ERC-1155 `{id}`: the token id as 64 lower-case hex digits, no 0x (EIP-1155 metadata). */
export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'))
}

/**
 * Where a URI would be read from: `data:` (no fetch), an allowed http(s)
 * origin, `ipfs://` through the configured IPFS gateway, or refused.
 */
export function resolveUri(uri: string, options: NftFetchOptions): { data: string } | { url: string } {
  if (/^data:/i.test(uri)) return { data: uri }
  let target = uri
  if (/^ipfs:\/\//i.test(uri)) {
    if (!options.ipfsGateway)
      throw new NftUnavailableError('host_not_allowed', 'ipfs:// is not read: no IPFS gateway configured')
    const path = uri.slice('ipfs://'.length).replace(/^ipfs\//, '')
    target = `${options.ipfsGateway.replace(/\/$/, '')}/ipfs/${path}`
  } else if (!/^https?:\/\//i.test(uri)) {
    throw new NftUnavailableError('unsupported_uri', 'only data:, http(s) and ipfs:// URIs are read')
  }
  let origin: string
  try {
    origin = new URL(target).origin
  } catch {
    throw new NftUnavailableError('unsupported_uri', 'the URI is not a URL')
  }
  const allowed = [...options.origins, ...(options.ipfsGateway ? [new URL(options.ipfsGateway).origin] : [])]
  if (!allowed.includes(origin))
    throw new NftUnavailableError('host_not_allowed', `${origin} is not an allowed metadata host`)
  return { url: target }
}

const DATA = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is

function decodeData(uri: string, maxBytes: number): { contentType: string; body: Buffer } {
  const m = DATA.exec(uri)
  if (!m) throw new NftUnavailableError('unsupported_uri', 'malformed data: URI')
  // Decoded size is at most the encoded length: refuse early without decoding a huge string.
  if (uri.length > maxBytes * 4) throw new NftUnavailableError('too_large', `larger than ${maxBytes} bytes`)
  let body: Buffer
  try {
    body = m[3] ? Buffer.from(m[4]!, 'base64') : Buffer.from(decodeURIComponent(m[4]!), 'utf8')
  } catch {
    throw new NftUnavailableError('unsupported_uri', 'malformed data: URI')
  }
  if (body.length > maxBytes) throw new NftUnavailableError('too_large', `larger than ${maxBytes} bytes`)
  return { contentType: (m[1] ?? 'text/plain').toLowerCase(), body }
}

async function fetchAllowed(
  url: string,
  maxBytes: number,
  accept: readonly string[],
  options: NftFetchOptions,
): Promise<{ contentType: string; body: Buffer }> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  try {
    // The operator listed this exact origin. A loopback origin is allowed only when listed (tests,
    // a local IPFS node); redirects are not followed, so an allowed host cannot hand us another one.
    return await safeFetch(url, {
      maxBytes,
      timeoutMs: options.timeoutMs,
      accept,
      maxRedirects: 0,
      ...(options.allowLoopback || host === '127.0.0.1' || host === '::1' || host === 'localhost'
        ? { allowLoopback: true }
        : {}),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    })
  } catch (error) {
    if (error instanceof EgressError) {
      if (error.code === 'too_large') throw new NftUnavailableError('too_large', error.message)
      if (error.code === 'bad_content_type') throw new NftUnavailableError('bad_content_type', error.message)
      throw new NftUnavailableError('fetch_failed', `${error.code}: ${error.message}`)
    }
    throw error
  }
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.slice(0, max) : null)

/** Reads and parses the metadata JSON a token URI names; throws `NftUnavailableError`. */
export async function loadMetadata(uri: string, options: NftFetchOptions): Promise<NftMetadata> {
  const where = resolveUri(uri, options)
  const { contentType, body } =
    'data' in where
      ? decodeData(where.data, options.maxMetadataBytes)
      : await fetchAllowed(where.url, options.maxMetadataBytes, JSON_TYPES, options)
  if (!JSON_TYPES.includes(contentType))
    throw new NftUnavailableError('bad_content_type', `metadata of type ${contentType} is not JSON`)
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    throw new NftUnavailableError('invalid_metadata', 'metadata is not JSON')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new NftUnavailableError('invalid_metadata', 'metadata is not a JSON object')
  const m = json as Record<string, unknown>
  return {
    name: text(m.name, 200),
    description: text(m.description, 2000),
    image: text(m.image, 1_000_000) ?? text(m.image_url, 2000),
  }
}

/** Whether the bytes are what the content type says (magic numbers; SVG: an `<svg` root). */
export function bytesMatchType(contentType: string, body: Buffer): boolean {
  const hex = body.subarray(0, 12).toString('hex')
  switch (contentType) {
    case 'image/png':
      return hex.startsWith('89504e470d0a1a0a')
    case 'image/jpeg':
      return hex.startsWith('ffd8ff')
    case 'image/gif':
      return hex.startsWith('474946383761') || hex.startsWith('474946383961')
    case 'image/webp':
      return hex.startsWith('52494646') && hex.slice(16, 24) === '57454250'
    case 'image/svg+xml':
      return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(
        body.subarray(0, 4096).toString('utf8'),
      )
    default:
      return false
  }
}

/** Loads an NFT image within the limits (data: or an allowed host), type-checked; throws `NftUnavailableError`. */
export async function loadImage(
  uri: string,
  options: NftFetchOptions,
): Promise<{ contentType: string; body: Buffer }> {
  const where = resolveUri(uri, options)
  const image =
    'data' in where
      ? decodeData(where.data, options.maxImageBytes)
      : await fetchAllowed(where.url, options.maxImageBytes, NFT_IMAGE_TYPES, options)
  if (!(NFT_IMAGE_TYPES as readonly string[]).includes(image.contentType))
    throw new NftUnavailableError('bad_content_type', `image type ${image.contentType} is not served`)
  if (!bytesMatchType(image.contentType, image.body))
    throw new NftUnavailableError('bad_content_type', `the image bytes are not ${image.contentType}`)
  return image
}
