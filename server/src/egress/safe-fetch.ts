import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import * as http from 'node:http'
import * as https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from './address-policy.js'

/** Why an outbound fetch was refused or failed; `code` is stable for logs and tests. */
export class EgressError extends Error {
  override name = 'EgressError'
  constructor(
    readonly code:
      | 'invalid_url'
      | 'forbidden_scheme'
      | 'forbidden_address'
      | 'dns_failed'
      | 'too_many_redirects'
      | 'too_large'
      | 'timeout'
      | 'bad_status'
      | 'bad_content_type'
      | 'network',
    message: string,
  ) {
    super(message)
  }
}

export interface SafeFetchOptions {
  /** Largest body accepted, in bytes (checked on Content-Length and while reading). */
  maxBytes: number
  /** Time limit for the whole fetch, redirects included (ms). */
  timeoutMs: number
  /** Redirects followed, each re-checked (default 3). */
  maxRedirects?: number
  /** Content types accepted (type/subtype, lower case); any when absent. */
  accept?: readonly string[]
  /** TESTS ONLY: allow loopback targets (test servers listen on 127.0.0.1). Other private ranges stay refused. */
  allowLoopback?: boolean
  /**
   * TESTS ONLY: answers DNS instead of the system resolver (names such as
   * `avatars.test.example` mapped to loopback test servers). Its answers
   * pass the same address policy as real DNS answers.
   */
  resolve?: HostResolver
  /** POST this body instead of a GET (redirects are then never followed). */
  post?: { body: string; contentType: string }
}

/** Every address a host name resolves to (what `dns.lookup(name, { all: true })` answers). */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>

/** The system resolver (getaddrinfo, as Node's own connections use). */
export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  )

export interface SafeFetchResult {
  url: string
  status: number
  contentType: string
  body: Buffer
}

/**
 * GET (or POST, for CCIP-read) a URL chosen by someone else (an ENS avatar record, NFT metadata)
 * without letting it reach this host or its private network: http(s) only,
 * no credentials in the URL, every DNS answer checked against the address
 * policy and the connection made to the checked address (no DNS-rebinding
 * window), redirects re-checked, body size and total time limited.
 *
 * @example
 * const { body, contentType } = await safeFetch('https://example.com/a.png', { maxBytes: 1 << 20, timeoutMs: 5000, accept: ['image/png'] })
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs)
  try {
    let current = url
    for (let hop = 0; ; hop++) {
      const r = await fetchOnce(current, options, controller.signal)
      if (r.redirect === undefined) return r.result!
      if (options.post || hop >= (options.maxRedirects ?? 3))
        throw new EgressError('too_many_redirects', 'too many redirects')
      current = new URL(r.redirect, current).toString()
    }
  } catch (error) {
    if (controller.signal.aborted) {
      throw new EgressError('timeout', `fetch took longer than ${options.timeoutMs} ms`)
    }
    throw error
  } finally {
    clearTimeout(timer)
  }
}

function checkedUrl(raw: string, options: SafeFetchOptions): URL {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new EgressError('invalid_url', 'not a URL')
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new EgressError('forbidden_scheme', `${u.protocol} URLs are not fetched`)
  }
  if (u.username || u.password) throw new EgressError('invalid_url', 'URLs with credentials are not fetched')
  const host = u.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !isPublicAddress(host, options)) {
    throw new EgressError('forbidden_address', `${host} is not a public address`)
  }
  return u
}

/**
 * A DNS lookup that only ever hands the socket addresses the policy allows,
 * so the address checked is the address connected to (no rebinding window).
 * Node (≥ 20, with `autoSelectFamily`) asks with `all: true` and wants the
 * list; older callers ask for one address: both shapes are answered.
 */
export function guardedLookup(options: Pick<SafeFetchOptions, 'allowLoopback' | 'resolve'>): LookupFunction {
  const resolve = options.resolve ?? systemResolver
  return (hostname, lookupOptions, callback) => {
    const fail = (error: EgressError) => (lookupOptions.all ? callback(error, []) : callback(error, '', 4))
    resolve(hostname).then(
      (found) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted)
        // Any private answer refuses the host: a name that points inside is not a public host.
        const bad = addresses.find((a) => !isPublicAddress(a.address, options))
        if (bad || addresses.length === 0)
          return fail(new EgressError('forbidden_address', `${hostname} resolves to a non-public address`))
        if (lookupOptions.all) return callback(null, addresses)
        const first = addresses[0]!
        callback(null, first.address, first.family)
      },
      () => fail(new EgressError('dns_failed', `cannot resolve ${hostname}`)),
    )
  }
}

function fetchOnce(
  raw: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ redirect?: string; result?: SafeFetchResult }> {
  const u = checkedUrl(raw, options)
  const client = u.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const body = options.post ? Buffer.from(options.post.body, 'utf8') : undefined
    const req = client.request(
      u,
      {
        method: body ? 'POST' : 'GET',
        lookup: guardedLookup(options),
        signal,
        headers: {
          accept: options.accept?.join(', ') ?? '*/*',
          'user-agent': 'portico-gateway',
          ...(body
            ? { 'content-type': options.post!.contentType, 'content-length': String(body.length) }
            : {}),
        },
        // One connection per fetch: a pooled socket must not outlive the address check.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume()
          return resolve({ redirect: res.headers.location })
        }
        if (status !== 200) {
          res.resume()
          return reject(new EgressError('bad_status', `answered HTTP ${status}`))
        }
        const contentType = String(res.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase()
        if (options.accept && !options.accept.includes(contentType)) {
          res.destroy()
          return reject(
            new EgressError('bad_content_type', `content type ${contentType || '(none)'} is not accepted`),
          )
        }
        const declared = Number(res.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy()
          return reject(new EgressError('too_large', `body is larger than ${options.maxBytes} bytes`))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            res.destroy()
            reject(new EgressError('too_large', `body is larger than ${options.maxBytes} bytes`))
          } else chunks.push(chunk)
        })
        res.on('end', () =>
          resolve({ result: { url: u.toString(), status, contentType, body: Buffer.concat(chunks) } }),
        )
        res.on('error', (error) => reject(toEgressError(error)))
      },
    )
    req.on('error', (error) => reject(toEgressError(error)))
    req.end(body)
  })
}

function toEgressError(error: unknown): EgressError {
  if (error instanceof EgressError) return error
  const cause = (error as { cause?: unknown })?.cause
  if (cause instanceof EgressError) return cause
  return new EgressError('network', (error as Error)?.message ?? 'network error')
}
