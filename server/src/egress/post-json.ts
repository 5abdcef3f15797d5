import * as http from 'node:http'
import * as https from 'node:https'
import { EgressError } from './safe-fetch.js'

export interface PostJsonOptions {
  /** Largest answer accepted, in bytes (checked on Content-Length and while reading). */
  maxBytes: number
  /** Time limit of the whole exchange (ms). */
  timeoutMs: number
  /** Extra request headers (an upstream's API key header); never logged by this module. */
  headers?: Readonly<Record<string, string>>
}

export interface PostJsonResult {
  status: number
  body: Buffer
}

// Kept-alive sockets per scheme: an RPC upstream is called many times a second.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
}

/**
 * POST a JSON body to a URL the operator configured (an RPC upstream), not one
 * a client chose: so no public-address policy (upstreams often live on
 * loopback or a private network), but redirects are never followed (a
 * redirect would carry the body, and maybe the key in the URL, elsewhere),
 * and the answer's size and the total time are limited. Errors carry no URL.
 *
 * @example
 * const { status, body } = await postJson('http://127.0.0.1:8545', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { maxBytes: 1 << 20, timeoutMs: 10_000 })
 */
export function postJson(url: string, payload: string, options: PostJsonOptions): Promise<PostJsonResult> {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return Promise.reject(new EgressError('invalid_url', 'not a URL'))
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return Promise.reject(new EgressError('forbidden_scheme', `${u.protocol} URLs are not fetched`))
  }
  const client = u.protocol === 'https:' ? https : http
  const data = Buffer.from(payload, 'utf8')
  return new Promise((resolve, reject) => {
    let settled = false
    const done = (error: EgressError | undefined, result?: PostJsonResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error) reject(error)
      else resolve(result!)
    }
    const req = client.request(
      u,
      {
        method: 'POST',
        agent: agents[u.protocol as 'http:' | 'https:'],
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': String(data.length),
          'user-agent': 'portico-gateway',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0
        const declared = Number(res.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy()
          return done(new EgressError('too_large', `answer is larger than ${options.maxBytes} bytes`))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            res.destroy()
            done(new EgressError('too_large', `answer is larger than ${options.maxBytes} bytes`))
          } else chunks.push(chunk)
        })
        res.on('end', () => done(undefined, { status, body: Buffer.concat(chunks) }))
        res.on('error', () => done(new EgressError('network', 'the answer was cut')))
      },
    )
    const timer = setTimeout(() => {
      req.destroy()
      done(new EgressError('timeout', `no answer within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    // The socket error's text may name the host and port; the URL itself stays out of it.
    req.on('error', (error: NodeJS.ErrnoException) =>
      done(new EgressError('network', `upstream unreachable (${error.code ?? 'network error'})`)),
    )
    req.end(data)
  })
}
