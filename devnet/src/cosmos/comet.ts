import { sha256 } from '@cosmjs/crypto'
import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding'
import type { AbciEvent, Block, CosmosChain, IndexedTx, TxResult } from './chain.js'
import { CosmosTxError } from './errors.js'
import { QUERY_ROUTES } from './queries.js'

/** A JSON-RPC error as CometBFT sends it (`-32603 Internal error` with the reason in `data`). */
export class CometRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message)
  }
}

/** The CometBFT version reported in `status`; CosmJS picks its Comet 0.38 client from it. */
export const COMET_VERSION = '0.38.17'

const invalidParams = (data: string) => new CometRpcError(-32602, 'Invalid params', data)
const internal = (data: string) => new CometRpcError(-32603, 'Internal error', data)

function hex32(seed: string): string {
  return toHex(sha256(new TextEncoder().encode(seed))).toUpperCase()
}

function params(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidParams('params must be an object')
  return raw as Record<string, unknown>
}

function str(p: Record<string, unknown>, key: string, required = true): string | undefined {
  const v = p[key]
  if (v === undefined || v === null || v === '') {
    if (required) throw invalidParams(`missing ${key}`)
    return undefined
  }
  if (typeof v !== 'string') throw invalidParams(`${key} must be a string`)
  return v
}

function heightParam(chain: CosmosChain, p: Record<string, unknown>): Block {
  const h = str(p, 'height', false)
  if (h === undefined) return chain.latest
  if (!/^\d+$/.test(h)) throw invalidParams('height must be an integer string')
  const block = chain.blocks[Number(h) - 1]
  if (!block)
    throw internal(`height ${h} must be less than or equal to the current blockchain height ${chain.height}`)
  return block
}

function eventsJson(events: AbciEvent[]) {
  return events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ ...a })) }))
}

function txResultJson(r: TxResult) {
  return {
    code: r.code,
    data: r.data.length > 0 ? toBase64(r.data) : null,
    log: r.log,
    info: '',
    gas_wanted: r.gasWanted.toString(),
    gas_used: r.gasUsed.toString(),
    events: eventsJson(r.events),
    codespace: r.codespace,
  }
}

function indexedJson(tx: IndexedTx) {
  return {
    hash: tx.hash,
    height: String(tx.height),
    index: tx.index,
    tx_result: txResultJson(tx.result),
    tx: toBase64(tx.tx),
  }
}

function blockIdJson(block: Block | undefined) {
  return block
    ? { hash: block.hash, parts: { total: 1, hash: hex32(`parts/${block.hash}`) } }
    : { hash: '', parts: { total: 0, hash: '' } }
}

function blockJson(chain: CosmosChain, block: Block) {
  const previous = chain.blocks[block.height - 2]
  const empty = hex32('')
  return {
    block_id: blockIdJson(block),
    block: {
      header: {
        version: { block: '11', app: '0' },
        chain_id: chain.spec.chainId,
        height: String(block.height),
        time: block.time,
        last_block_id: blockIdJson(previous),
        last_commit_hash: empty,
        data_hash: block.txs.length > 0 ? hex32(block.txs.map(toBase64).join()) : empty,
        validators_hash: hex32('validators'),
        next_validators_hash: hex32('validators'),
        consensus_hash: hex32('consensus'),
        app_hash: block.appHash,
        last_results_hash: empty,
        evidence_hash: empty,
        proposer_address: validatorAddress(),
      },
      data: { txs: block.txs.map(toBase64) },
      evidence: { evidence: [] },
      last_commit: {
        height: String(Math.max(0, block.height - 1)),
        round: 0,
        block_id: blockIdJson(undefined),
        signatures: [],
      },
    },
  }
}

function validatorAddress(): string {
  return hex32('portico-validator').slice(0, 40)
}

function abciQuery(chain: CosmosChain, p: Record<string, unknown>) {
  const path = str(p, 'path')!
  const dataHex = str(p, 'data', false) ?? ''
  if (!/^([0-9a-fA-F]{2})*$/.test(dataHex)) throw invalidParams('data must be hex')
  const base = { index: '0', key: null, proofOps: null, height: String(chain.height), info: '' }
  const route = QUERY_ROUTES[path]
  if (!route) {
    return {
      response: {
        ...base,
        code: 6,
        log: `unknown query path: ${path}: unknown request`,
        value: null,
        codespace: 'sdk',
      },
    }
  }
  try {
    const value = route(chain, fromHex(dataHex))
    return { response: { ...base, code: 0, log: '', value: toBase64(value), codespace: '' } }
  } catch (e) {
    if (!(e instanceof CosmosTxError)) throw internal(e instanceof Error ? e.message : String(e))
    return { response: { ...base, code: e.code, log: e.message, value: null, codespace: e.codespace } }
  }
}

function pageParam(p: Record<string, unknown>, key: string, fallback: number): number {
  const v = str(p, key, false)
  if (v === undefined) return fallback
  if (!/^\d+$/.test(v) || Number(v) < 1) throw invalidParams(`${key} must be a positive integer string`)
  return Number(v)
}

/** The CometBFT JSON-RPC methods the simulator answers, as a Comet 0.38 node formats them. */
export function cometCall(chain: CosmosChain, method: string, rawParams: unknown): unknown {
  const p = params(rawParams)
  switch (method) {
    case 'health':
      return {}
    case 'status': {
      const latest = chain.latest
      const first = chain.blocks[0]!
      return {
        node_info: {
          protocol_version: { p2p: '8', block: '11', app: '0' },
          id: hex32(`node/${chain.spec.chainId}`).slice(0, 40).toLowerCase(),
          listen_addr: 'tcp://127.0.0.1:26656',
          network: chain.spec.chainId,
          version: COMET_VERSION,
          channels: '40202122233038606100',
          moniker: 'portico-cosmos-simulator',
          other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
        },
        sync_info: {
          latest_block_hash: latest.hash,
          latest_app_hash: latest.appHash,
          latest_block_height: String(latest.height),
          latest_block_time: latest.time,
          earliest_block_hash: first.hash,
          earliest_app_hash: first.appHash,
          earliest_block_height: '1',
          earliest_block_time: first.time,
          catching_up: false,
        },
        validator_info: {
          address: validatorAddress(),
          pub_key: {
            type: 'tendermint/PubKeyEd25519',
            value: toBase64(sha256(new TextEncoder().encode('validator'))),
          },
          voting_power: '10',
        },
      }
    }
    case 'abci_info':
      return {
        response: {
          data: 'portico-cosmos-simulator',
          version: '0.50.0',
          app_version: '0',
          last_block_height: String(chain.height),
          last_block_app_hash: toBase64(fromHex(chain.latest.appHash)),
        },
      }
    case 'abci_query':
      return abciQuery(chain, p)
    case 'block':
      return blockJson(chain, heightParam(chain, p))
    case 'broadcast_tx_sync':
    case 'broadcast_tx_async': {
      let tx: Uint8Array
      try {
        tx = fromBase64(str(p, 'tx')!)
      } catch {
        throw invalidParams('tx must be base64')
      }
      if (tx.length === 0) throw invalidParams('tx is empty')
      const result = chain.broadcast(tx)
      // CometBFT refuses a tx its cache already holds with a JSON-RPC error, not a result.
      if (result.code === 19) throw internal('tx already exists in cache')
      return { code: result.code, data: '', log: result.log, codespace: result.codespace, hash: result.hash }
    }
    case 'tx': {
      let hash: string
      try {
        hash = toHex(fromBase64(str(p, 'hash')!)).toUpperCase()
      } catch {
        throw invalidParams('hash must be base64')
      }
      const tx = chain.txs.get(hash)
      if (!tx) throw internal(`tx (${hash}) not found`)
      return indexedJson(tx)
    }
    case 'tx_search': {
      const query = str(p, 'query')!
      let found: IndexedTx[]
      try {
        found = chain.search(query)
      } catch (e) {
        throw internal((e as Error).message)
      }
      if (p.order_by === 'desc') found.reverse()
      const page = pageParam(p, 'page', 1)
      const perPage = Math.min(100, pageParam(p, 'per_page', 30))
      return {
        txs: found.slice((page - 1) * perPage, page * perPage).map(indexedJson),
        total_count: String(found.length),
      }
    }
    default:
      throw new CometRpcError(-32601, 'Method not found', method)
  }
}
