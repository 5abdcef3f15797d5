import type { CcipRequestParameters, Hex } from 'viem'
import { isHex } from 'viem'
import { EgressError, type HostResolver, safeFetch } from '../egress/index.js'

/** How CCIP-read gateway answers are fetched (limits; test-only loopback and resolver). */
export interface CcipFetchOptions {
  maxBytes?: number
  timeoutMs?: number
  /** TESTS ONLY: the allowed gateway may live on loopback. */
  allowLoopback?: boolean
  /** TESTS ONLY: answers DNS (test host names mapped to loopback servers). */
  resolve?: HostResolver
}

/** One allowlist entry: an exact origin and the path the gateway URL must lie under. */
interface AllowedGateway {
  origin: string
  path: string
}

function parseAllowed(entry: string): AllowedGateway | undefined {
  try {
    const u = new URL(entry)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined
    return { origin: u.origin, path: u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/` }
  } catch {
    return undefined
  }
}

/**
 * Whether a gateway URL a contract named is on the allowlist: its origin
 * (scheme, host, port) equals an entry's origin exactly, and its path lies
 * under the entry's path. A prefix of the text is not enough
 * (`https://ccip.example.com.evil.tld` is not `https://ccip.example.com`).
 *
 * @example
 * ccipUrlAllowed('https://ccip.example.com/x/{data}.json', ['https://ccip.example.com']) // true
 * ccipUrlAllowed('https://ccip.example.com.evil.tld/x', ['https://ccip.example.com']) // false
 */
export function ccipUrlAllowed(url: string, allow: readonly string[]): boolean {
  let u: URL
  try {
    u = new URL(url.replaceAll('{sender}', 'sender').replaceAll('{data}', 'data'))
  } catch {
    return false
  }
  return allow.some((entry) => {
    const a = parseAllowed(entry)
    return a !== undefined && u.origin === a.origin && u.pathname.startsWith(a.path === '/' ? '/' : a.path)
  })
}

/**
 * EIP-3668 gateway request through the egress filter: each allowed URL in
 * turn (`{data}` in the URL: GET; otherwise POST `{ data, sender }`), the
 * answer's `data` must be hex. DNS answers are checked and pinned like every
 * outbound fetch; redirects are not followed.
 */
export async function ccipGatewayRequest(
  params: CcipRequestParameters,
  allow: readonly string[],
  options: CcipFetchOptions = {},
): Promise<Hex> {
  const urls = params.urls.filter((u) => ccipUrlAllowed(u, allow))
  if (urls.length === 0) throw new Error('CCIP-read gateway is not on the allowlist (names.ccipRead)')
  const sender = params.sender.toLowerCase()
  const problems: string[] = []
  for (const template of urls) {
    const viaGet = template.includes('{data}')
    const url = template.replaceAll('{sender}', sender).replaceAll('{data}', params.data)
    try {
      const r = await safeFetch(url, {
        maxBytes: options.maxBytes ?? 256 * 1024,
        timeoutMs: options.timeoutMs ?? 5_000,
        maxRedirects: 0,
        ...(viaGet
          ? {}
          : {
              post: {
                body: JSON.stringify({ data: params.data, sender }),
                contentType: 'application/json',
              },
            }),
        ...(options.allowLoopback ? { allowLoopback: true } : {}),
        ...(options.resolve ? { resolve: options.resolve } : {}),
      })
      const text = r.body.toString('utf8')
      let data: unknown = text
      if (r.contentType === 'application/json') data = (JSON.parse(text) as { data?: unknown }).data
      if (typeof data === 'string' && isHex(data)) return data
      problems.push('the answer is not hex data')
    } catch (error) {
      problems.push(error instanceof EgressError ? error.code : (error as Error).message)
    }
  }
  throw new Error(`CCIP-read gateway request failed (${problems.join(', ')})`)
}
