import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toHex } from '@cosmjs/encoding'
import { CosmosChain } from './chain.js'
import { CometRpcError, cometCall } from './comet.js'
import {
  COSMOS_DEV_ACCOUNT_COUNT,
  COSMOS_DEV_GENESIS_AMOUNT,
  COSMOS_DEV_MNEMONIC,
  COSMOS_LOCAL_CHAINS,
  type CosmosChainSpec,
  type CosmosDevAccount,
} from './fixtures.js'
import { cosmosAddress, deriveCosmosKey } from './keys.js'
import { restCall } from './rest.js'

export interface StartCosmosDevnetOptions {
  /** Loopback only by default. */
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  /** Chains to run (default the two local chains). */
  chains?: readonly CosmosChainSpec[]
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number
}

/** Where one simulated chain answers. */
export interface CosmosDevnetChain {
  chainId: string
  bech32Prefix: string
  /** CometBFT JSON-RPC endpoint: give it to `StargateClient.connect`. */
  rpcUrl: string
  /** REST (gRPC-gateway) base URL. */
  restUrl: string
  /** CAIP-2 id `cosmos:<chain-id>`. */
  caipNetworkId: `cosmos:${string}`
  spec: CosmosChainSpec
}

/** A running Cosmos chain simulator. */
export interface CosmosDevnet {
  url: string
  port: number
  chains: CosmosDevnetChain[]
  /** The dev mnemonic and its funded accounts (addresses per chain). */
  fixtures: { mnemonic: string; accounts: CosmosDevAccount[] }
  /** The state machine of a chain, for tests that look behind the RPC. */
  chain(chainId: string): CosmosChain
  stop(): Promise<void>
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
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

function jsonRpc(chain: CosmosChain, request: unknown) {
  const req = request as { id?: unknown; method?: unknown; params?: unknown } | null
  const id = req && typeof req === 'object' ? (req.id ?? -1) : -1
  if (!req || typeof req !== 'object' || typeof req.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } }
  }
  try {
    return { jsonrpc: '2.0', id, result: cometCall(chain, req.method, req.params) }
  } catch (e) {
    if (e instanceof CometRpcError) {
      return {
        jsonrpc: '2.0',
        id,
        error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) },
      }
    }
    return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error', data: String(e) } }
  }
}

/**
 * Starts the Cosmos chain simulator: for each chain an auth + bank state
 * machine with the dev accounts funded at genesis, served on one HTTP port as
 * CometBFT JSON-RPC at `/<chain-id>/rpc` and REST at `/<chain-id>/rest/…`.
 * Unmodified CosmJS `StargateClient` / `SigningStargateClient` talk to it. No
 * Cosmos SDK node can be installed here, so this stands in for one.
 *
 * @example
 * const sim = await startCosmosDevnet()
 * const client = await StargateClient.connect(sim.chains[0].rpcUrl)
 * await client.getAllBalances(sim.fixtures.accounts[0].addresses['portico-hub-1'])
 * await sim.stop()
 */
export async function startCosmosDevnet(options: StartCosmosDevnetOptions = {}): Promise<CosmosDevnet> {
  const specs = options.chains ?? COSMOS_LOCAL_CHAINS
  const limit = options.maxBodyBytes ?? 1024 * 1024
  const chains = new Map(specs.map((spec) => [spec.chainId, new CosmosChain(spec)]))
  const keys = await Promise.all(
    Array.from({ length: COSMOS_DEV_ACCOUNT_COUNT }, (_, i) => deriveCosmosKey(COSMOS_DEV_MNEMONIC, i)),
  )
  const accounts: CosmosDevAccount[] = keys.map((key, index) => ({
    index,
    hdPath: key.hdPath,
    publicKey: toHex(key.publicKey),
    addresses: Object.fromEntries(specs.map((s) => [s.chainId, cosmosAddress(key, s.bech32Prefix)])),
  }))
  for (const chain of chains.values()) {
    for (const account of accounts) {
      for (const { denom } of chain.spec.denoms) {
        chain.store.mint(account.addresses[chain.spec.chainId]!, denom, COSMOS_DEV_GENESIS_AMOUNT)
      }
    }
  }

  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') return send(res, 204, undefined)
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (req.method === 'GET' && url.pathname === '/health')
      return send(res, 200, { chains: [...chains.keys()] })
    const m = /^\/([^/]+)\/(rpc|rest)(\/.*)?$/.exec(url.pathname)
    const chain = m ? chains.get(decodeURIComponent(m[1]!)) : undefined
    if (!m || !chain)
      return send(res, 404, {
        error: `unknown chain; use /<chain-id>/rpc or /<chain-id>/rest (${[...chains.keys()].join(', ')})`,
      })
    const body = req.method === 'POST' ? await readBody(req, limit) : ''
    if (body === undefined) return send(res, 413, { error: 'body too large' })
    if (m[2] === 'rest') {
      const answer = restCall(chain, req.method ?? 'GET', url, m[3] ?? '/', body)
      return send(res, answer.status, answer.body)
    }
    if (req.method === 'GET' && m[3] && m[3] !== '/') {
      // CometBFT's URI form (`GET /status`, `GET /tx_search?query="…"`), which wallets use for `status`.
      const params = Object.fromEntries(
        [...url.searchParams].map(([k, v]) => [k, v.replace(/^"(.*)"$/, '$1')]),
      )
      return send(res, 200, jsonRpc(chain, { id: -1, method: m[3].slice(1), params }))
    }
    if (req.method !== 'POST') return send(res, 405, { error: 'POST JSON-RPC 2.0 requests' })
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return send(res, 200, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error' } })
    }
    if (Array.isArray(parsed))
      return send(
        res,
        200,
        parsed.map((r) => jsonRpc(chain, r)),
      )
    return send(res, 200, jsonRpc(chain, parsed))
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port, address } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  const url = `http://${host}:${port}`
  return {
    url,
    port,
    chains: specs.map((spec) => ({
      chainId: spec.chainId,
      bech32Prefix: spec.bech32Prefix,
      rpcUrl: `${url}/${spec.chainId}/rpc`,
      restUrl: `${url}/${spec.chainId}/rest`,
      caipNetworkId: `cosmos:${spec.chainId}` as const,
      spec,
    })),
    fixtures: { mnemonic: COSMOS_DEV_MNEMONIC, accounts },
    chain(chainId) {
      const chain = chains.get(chainId)
      if (!chain) throw new Error(`no simulated chain ${chainId}`)
      return chain
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
