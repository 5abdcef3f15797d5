import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EsploraError, EsploraFacade } from './esplora.js'
import {
  BITCOIN_DEVNET_FEE_ESTIMATES,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  type BitcoinFixtures,
  seedBitcoinFixtures,
} from './fixtures.js'
import { type BitcoinNode, openBitcoinNode } from './node.js'

export interface StartBitcoinDevnetOptions {
  /** Loopback only by default. */
  host?: string
  /** 0 (default) picks a free port; read it back from `esploraUrl`. */
  port?: number
  /** What `/fee-estimates` answers (target blocks → sat/vB); default `BITCOIN_DEVNET_FEE_ESTIMATES`. */
  feeEstimates?: Record<string, number>
}

/** A running Bitcoin regtest devnet: bcoin in process behind Portico's Esplora-compatible REST facade. */
export interface BitcoinDevnet {
  /** `http://127.0.0.1:<port>` — the Esplora API base URL (give it to a network's `rpcUrls`). */
  esploraUrl: string
  port: number
  genesisHash: typeof BITCOIN_REGTEST_GENESIS_HASH
  caipNetworkId: typeof BITCOIN_REGTEST_CAIP_NETWORK_ID
  fixtures: BitcoinFixtures
  /** The node itself, for tests that look behind the API. */
  node: BitcoinNode
  /** Mines blocks (to the miner, or `address`); the same as `POST /devnet/mine`. */
  mine(blocks?: number, address?: string): Promise<string[]>
  stop(): Promise<void>
}

const MAX_BODY = 1024 * 1024
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
}

function reply(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {
    ...CORS,
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
  })
  res.end(text)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new EsploraError(413, 'Request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseMine(body: string): { blocks: number; address?: string } {
  let json: unknown = {}
  if (body.trim()) {
    try {
      json = JSON.parse(body)
    } catch {
      throw new EsploraError(400, 'Body must be JSON: { "blocks"?: 1..1000, "address"?: string }')
    }
  }
  const { blocks = 1, address } = (json ?? {}) as { blocks?: unknown; address?: unknown }
  if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > 1000)
    throw new EsploraError(400, '"blocks" must be an integer from 1 to 1000')
  if (address !== undefined && typeof address !== 'string')
    throw new EsploraError(400, '"address" must be a string')
  return { blocks, ...(address === undefined ? {} : { address }) }
}

/**
 * Starts the Bitcoin devnet: a bcoin regtest node (Core's `bcrt` prefixes),
 * mined past segwit activation, dev accounts funded, and an HTTP server with
 * the Esplora API subset (ours, not Blockstream's) plus `POST /devnet/mine`
 * and `GET /devnet/info`.
 *
 * @example
 * const btc = await startBitcoinDevnet()
 * await fetch(`${btc.esploraUrl}/address/${btc.fixtures.devAccounts[0].payment.address}/utxo`)
 * await btc.mine(1)
 */
export async function startBitcoinDevnet(options: StartBitcoinDevnetOptions = {}): Promise<BitcoinDevnet> {
  const btc = await openBitcoinNode()
  let fixtures: BitcoinFixtures
  try {
    fixtures = await seedBitcoinFixtures(btc)
  } catch (e) {
    await btc.close()
    throw e
  }
  const esplora = new EsploraFacade(btc, options.feeEstimates ?? { ...BITCOIN_DEVNET_FEE_ESTIMATES })
  // bcoin serializes its own chain work; requests run one at a time so a mine never interleaves a read.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => undefined)
    return run
  }
  const mine = (blocks = 1, address?: string) =>
    serial(async () => {
      try {
        return await btc.mine(blocks, address)
      } catch (e) {
        if (address !== undefined) throw new EsploraError(400, `Cannot mine to ${address}`)
        throw e
      }
    })

  async function route(req: IncomingMessage): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    const method = req.method ?? 'GET'
    const [a, b, c, d, e] = parts
    if (method === 'POST') {
      const body = await readBody(req)
      if (parts.length === 1 && a === 'tx') return [200, await serial(() => esplora.broadcast(body))]
      if (parts.length === 2 && a === 'devnet' && b === 'mine') {
        const { blocks, address } = parseMine(body)
        const hashes = await mine(blocks, address)
        return [200, { height: btc.height(), hashes }]
      }
      return [404, 'Not found']
    }
    if (method !== 'GET') return [405, 'Method not allowed']
    if (a === 'address' && b && c === 'utxo' && parts.length === 3) return [200, await esplora.utxos(b)]
    if (a === 'address' && b && c === 'txs') {
      if (parts.length === 3) return [200, await esplora.addressTxs(b)]
      if (parts.length === 5 && d === 'chain' && e) return [200, await esplora.addressTxs(b, e)]
    }
    if (a === 'tx' && b) {
      if (parts.length === 2) return [200, await esplora.tx(b)]
      if (parts.length === 3 && c === 'hex') return [200, await esplora.txHex(b)]
      if (parts.length === 3 && c === 'status') return [200, await esplora.txStatus(b)]
      if (parts.length === 4 && c === 'outspend' && d && /^\d{1,5}$/.test(d))
        return [200, await esplora.outspend(b, Number(d))]
    }
    if (a === 'fee-estimates' && parts.length === 1) return [200, esplora.feeEstimates()]
    if (a === 'blocks' && b === 'tip' && parts.length === 3) {
      if (c === 'height') return [200, String(esplora.tipHeight())]
      if (c === 'hash') return [200, esplora.tipHash()]
    }
    if (a === 'devnet' && b === 'info' && parts.length === 2) {
      return [
        200,
        {
          genesisHash: BITCOIN_REGTEST_GENESIS_HASH,
          caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
          height: btc.height(),
          minerAddress: fixtures.minerAddress,
        },
      ]
    }
    return [404, 'Not found']
  }

  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return reply(res, 204, '')
    route(req).then(
      ([status, body]) => reply(res, status, body),
      (err) => {
        if (err instanceof EsploraError) return reply(res, err.status, err.message)
        process.stderr.write(`bitcoin devnet: ${(err as Error).stack ?? String(err)}\n`)
        reply(res, 500, 'Internal error')
      },
    )
  })
  // Idle keep-alive sockets stay open longer than clients keep them (undici: 4 s), so a client
  // never reuses a socket the server is closing ("fetch failed: ECONNRESET" on a loaded machine).
  server.keepAliveTimeout = 30_000
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
    })
  } catch (e) {
    await btc.close()
    throw e
  }
  const { port } = server.address() as AddressInfo
  return {
    esploraUrl: `http://127.0.0.1:${port}`,
    port,
    genesisHash: BITCOIN_REGTEST_GENESIS_HASH,
    caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
    fixtures,
    node: btc,
    mine,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await btc.close()
    },
  }
}
