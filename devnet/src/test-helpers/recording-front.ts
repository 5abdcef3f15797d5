import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One JSON-RPC POST that reached the gateway's proxy (`/v1?chainId=`). */
export interface ProxyCall {
  chainId: string | null
  projectId: string | null
  methods: string[]
}

export interface RecordingFront {
  /** Give this to Portico as `apiUrl`. */
  url: string
  /** The RPC proxy calls seen so far (other gateway routes are passed on, not recorded). */
  calls: ProxyCall[]
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function methodsOf(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown
    const list = Array.isArray(parsed) ? parsed : [parsed]
    return list.map((c) => String((c as { method?: unknown }).method))
  } catch {
    return ['<not JSON>']
  }
}

/**
 * A plain HTTP pass-through in front of a real gateway that writes down every
 * RPC proxy call, so a test can tell which reads went through the gateway.
 */
export async function startRecordingFront(gatewayUrl: string): Promise<RecordingFront> {
  const calls: ProxyCall[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const target = new URL(req.url ?? '/', gatewayUrl)
      if (req.method === 'POST' && target.pathname === '/v1')
        calls.push({
          chainId: target.searchParams.get('chainId'),
          projectId: target.searchParams.get('projectId'),
          methods: methodsOf(body),
        })
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers.set(k, v)
      const answer = await fetch(target, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      })
      const out = Buffer.from(await answer.arrayBuffer())
      const outHeaders: Record<string, string> = {}
      answer.headers.forEach((v, k) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k))
          outHeaders[k] = v
      })
      res.writeHead(answer.status, outHeaders).end(out)
    })().catch((error: unknown) => {
      res.writeHead(502).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
