import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LiteSVM } from 'litesvm'
import {
  SOLANA_LOCAL_CAIP_NETWORK_ID,
  SOLANA_LOCAL_GENESIS_HASH,
  type SolanaFixtures,
  seedSolanaFixtures,
} from './fixtures.js'
import { RpcError, SolanaRpc } from './rpc.js'

export interface StartSolanaDevnetOptions {
  /** Loopback only by default. */
  host?: string
  /** 0 (default) picks a free port; read it back from `rpcUrl`. */
  port?: number
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number
}

/** A running local SVM: a Solana JSON-RPC server in front of an in-process litesvm. */
export interface SolanaDevnet {
  /** `http://127.0.0.1:<port>` — give it to `createSolanaRpc` or to a network's `rpcUrls`. */
  rpcUrl: string
  port: number
  /** What `getGenesisHash` answers. */
  genesisHash: string
  /** CAIP-2 id `solana:<first 32 characters of the genesis hash>`. */
  caipNetworkId: typeof SOLANA_LOCAL_CAIP_NETWORK_ID
  fixtures: SolanaFixtures
  /** The engine itself, for tests that need to look behind the RPC. */
  svm: LiteSVM
  rpc: SolanaRpc
  stop(): Promise<void>
}

interface JsonRpcRequest {
  jsonrpc?: string
  id?: unknown
  method?: unknown
  params?: unknown
}

function answer(rpc: SolanaRpc, req: JsonRpcRequest) {
  const id = req?.id ?? null
  if (!req || typeof req !== 'object' || typeof req.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
  }
  try {
    return { jsonrpc: '2.0', id, result: rpc.call(req.method, req.params) }
  } catch (e) {
    if (e instanceof RpcError) {
      return {
        jsonrpc: '2.0',
        id,
        error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) },
      }
    }
    return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${String(e)}` } }
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type, solana-client',
    'access-control-allow-methods': 'POST, OPTIONS',
  })
  res.end(body === undefined ? '' : JSON.stringify(body))
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Starts the local SVM: litesvm in-process, deterministic fixtures (funded dev
 * keypairs, an SPL mint and dev 0's token account) and a JSON-RPC 2.0 server
 * on 127.0.0.1 (port 0 by default). An unmodified `@solana/kit` RPC client
 * talks to it. Batches and CORS preflight are answered; no WebSocket
 * subscriptions (poll `getSignatureStatuses`).
 *
 * @example
 * const sol = await startSolanaDevnet()
 * const rpc = createSolanaRpc(sol.rpcUrl)
 * await rpc.getBalance(sol.fixtures.devKeypairs[0].address).send()
 * await sol.stop()
 */
export async function startSolanaDevnet(options: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const svm = new LiteSVM().withBlockhashCheck(false)
  const fixtures = await seedSolanaFixtures(svm)
  const rpc = new SolanaRpc(svm, SOLANA_LOCAL_GENESIS_HASH)
  const limit = options.maxBodyBytes ?? 1024 * 1024

  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') return send(res, 204, undefined)
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
      return res.end('ok')
    }
    if (req.method !== 'POST') return send(res, 405, { error: 'POST JSON-RPC 2.0 requests' })
    const text = await readBody(req, limit)
    if (text === undefined) return send(res, 413, { error: 'body too large' })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    }
    if (Array.isArray(body))
      return send(
        res,
        200,
        body.map((r) => answer(rpc, r as JsonRpcRequest)),
      )
    return send(res, 200, answer(rpc, body as JsonRpcRequest))
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port, address } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    rpcUrl: `http://${host}:${port}`,
    port,
    genesisHash: SOLANA_LOCAL_GENESIS_HASH,
    caipNetworkId: SOLANA_LOCAL_CAIP_NETWORK_ID,
    fixtures,
    svm,
    rpc,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
