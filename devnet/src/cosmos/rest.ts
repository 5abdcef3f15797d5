import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { CosmosChain, IndexedTx, TxResult } from './chain.js'
import { COMET_VERSION } from './comet.js'
import { checkAddress } from './decode.js'
import { CosmosTxError } from './errors.js'
import { txJson } from './tx-json.js'

/** An answer of the REST (gRPC-gateway) API: HTTP status + JSON body. */
export interface RestAnswer {
  status: number
  body: unknown
}

/** gRPC status codes the gateway maps errors to (NotFound = 5, InvalidArgument = 3). */
const GRPC_NOT_FOUND = 5
const GRPC_INVALID_ARGUMENT = 3

const error = (status: number, code: number, message: string): RestAnswer => ({
  status,
  body: { code, message, details: [] },
})

function txResponseJson(hash: string, result: TxResult, indexed?: IndexedTx, time?: string) {
  return {
    height: String(indexed?.height ?? 0),
    txhash: hash,
    codespace: result.codespace,
    code: result.code,
    data: result.data.length > 0 ? Buffer.from(result.data).toString('hex').toUpperCase() : '',
    raw_log: result.log,
    logs: [],
    info: '',
    gas_wanted: result.gasWanted.toString(),
    gas_used: result.gasUsed.toString(),
    tx: null,
    timestamp: time ?? '',
    events: result.events.map((e) => ({ type: e.type, attributes: e.attributes })),
  }
}

function readJson(body: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(body) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

function txBytes(body: string): Uint8Array | RestAnswer {
  const json = readJson(body)
  const encoded = json?.tx_bytes
  if (typeof encoded !== 'string' || encoded === '')
    return error(400, GRPC_INVALID_ARGUMENT, 'invalid empty tx')
  try {
    return fromBase64(encoded)
  } catch {
    return error(400, GRPC_INVALID_ARGUMENT, 'tx_bytes must be base64')
  }
}

/**
 * `GetTxsEvent` as SDK 0.50 serves it: `query` (CometBFT query language,
 * required), `page` from 1, `limit` (default 100, CometBFT caps a page at
 * 100), `order_by` `ORDER_BY_ASC` (default) or `ORDER_BY_DESC`. Answers the
 * decoded `txs`, their `tx_responses` (with `tx` as an `Any` and the block
 * `timestamp`) and `total`.
 */
function getTxsEvent(chain: CosmosChain, url: URL): RestAnswer {
  const query = url.searchParams.get('query')
  if (!query) return error(400, GRPC_INVALID_ARGUMENT, 'query cannot be empty')
  const positive = (key: string, fallback: number): number | undefined => {
    const v = url.searchParams.get(key)
    if (v === null || v === '') return fallback
    return /^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : undefined
  }
  const page = positive('page', 1)
  const limit = positive('limit', 100)
  if (page === undefined || limit === undefined)
    return error(400, GRPC_INVALID_ARGUMENT, 'page and limit must be positive integers')
  const order = url.searchParams.get('order_by') ?? 'ORDER_BY_UNSPECIFIED'
  if (!['ORDER_BY_UNSPECIFIED', 'ORDER_BY_ASC', 'ORDER_BY_DESC'].includes(order))
    return error(400, GRPC_INVALID_ARGUMENT, `invalid order_by ${order}`)
  const found = chain.search(query)
  if (order === 'ORDER_BY_DESC') found.reverse()
  const perPage = Math.min(100, limit)
  const slice = found.slice((page - 1) * perPage, page * perPage)
  const txs = slice.map((t) => txJson(t.tx))
  return {
    status: 200,
    body: {
      txs,
      tx_responses: slice.map((t, i) => ({
        ...txResponseJson(t.hash, t.result, t, chain.blocks[t.height - 1]?.time),
        tx: { '@type': '/cosmos.tx.v1beta1.Tx', ...txs[i] },
      })),
      pagination: null,
      total: String(found.length),
    },
  }
}

/**
 * The REST subset wallets (Keplr, Leap) read and broadcast through: accounts,
 * balances, node info, latest block, broadcast (sync), tx by hash, txs by
 * event query (what explorers and the gateway's history read), simulate.
 * `path` is the part after `/<chain-id>/rest`.
 */
export function restCall(
  chain: CosmosChain,
  method: string,
  url: URL,
  path: string,
  body: string,
): RestAnswer {
  try {
    const match = (re: RegExp) => re.exec(path)
    let m: RegExpExecArray | null = null
    m = method === 'GET' ? match(/^\/cosmos\/auth\/v1beta1\/accounts\/([^/]+)$/) : null
    if (m) {
      const address = decodeURIComponent(m[1]!)
      checkAddress(address, chain.spec.bech32Prefix, 'account')
      const account = chain.store.accounts.get(address)
      if (!account) return error(404, GRPC_NOT_FOUND, `account ${address} not found`)
      return {
        status: 200,
        body: {
          account: {
            '@type': '/cosmos.auth.v1beta1.BaseAccount',
            address,
            pub_key: account.pubKey
              ? { '@type': '/cosmos.crypto.secp256k1.PubKey', key: toBase64(account.pubKey) }
              : null,
            account_number: account.accountNumber.toString(),
            sequence: account.sequence.toString(),
          },
        },
      }
    }
    m = method === 'GET' ? match(/^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)(\/by_denom)?$/) : null
    if (m) {
      const address = decodeURIComponent(m[1]!)
      checkAddress(address, chain.spec.bech32Prefix, 'account')
      if (m[2]) {
        const denom = url.searchParams.get('denom')
        if (!denom) return error(400, GRPC_INVALID_ARGUMENT, 'invalid denom')
        return {
          status: 200,
          body: { balance: { denom, amount: chain.store.balance(address, denom).toString() } },
        }
      }
      const balances = chain.store.allBalances(address)
      return {
        status: 200,
        body: { balances, pagination: { next_key: null, total: String(balances.length) } },
      }
    }
    if (method === 'GET' && path === '/cosmos/base/tendermint/v1beta1/node_info') {
      return {
        status: 200,
        body: {
          default_node_info: {
            network: chain.spec.chainId,
            version: COMET_VERSION,
            moniker: 'portico-cosmos-simulator',
          },
          application_version: {
            name: 'portico-sim',
            app_name: 'portico-simd',
            version: '0.50.0',
            cosmos_sdk_version: 'v0.50.0',
          },
        },
      }
    }
    if (method === 'GET' && path === '/cosmos/base/tendermint/v1beta1/blocks/latest') {
      const block = chain.latest
      return {
        status: 200,
        body: {
          block_id: { hash: Buffer.from(block.hash, 'hex').toString('base64') },
          block: {
            header: { chain_id: chain.spec.chainId, height: String(block.height), time: block.time },
            data: { txs: block.txs.map(toBase64) },
          },
        },
      }
    }
    if (method === 'POST' && path === '/cosmos/tx/v1beta1/txs') {
      const bytes = txBytes(body)
      if (!(bytes instanceof Uint8Array)) return bytes
      const mode = readJson(body)?.mode
      if (mode !== undefined && mode !== 'BROADCAST_MODE_SYNC' && mode !== 'BROADCAST_MODE_ASYNC') {
        return error(400, GRPC_INVALID_ARGUMENT, `unsupported broadcast mode ${String(mode)}`)
      }
      const result = chain.broadcast(bytes)
      return { status: 200, body: { tx_response: txResponseJson(result.hash, result) } }
    }
    if (method === 'GET' && path === '/cosmos/tx/v1beta1/txs') return getTxsEvent(chain, url)
    m = method === 'GET' ? match(/^\/cosmos\/tx\/v1beta1\/txs\/([0-9a-fA-F]{64})$/) : null
    if (m) {
      const tx = chain.txs.get(m[1]!.toUpperCase())
      if (!tx) return error(404, GRPC_NOT_FOUND, `tx not found: ${m[1]}`)
      const time = chain.blocks[tx.height - 1]?.time
      return { status: 200, body: { tx: null, tx_response: txResponseJson(tx.hash, tx.result, tx, time) } }
    }
    if (method === 'POST' && path === '/cosmos/tx/v1beta1/simulate') {
      const bytes = txBytes(body)
      if (!(bytes instanceof Uint8Array)) return bytes
      const result = chain.simulate(bytes)
      return {
        status: 200,
        body: {
          gas_info: { gas_wanted: result.gasWanted.toString(), gas_used: result.gasUsed.toString() },
          result: { data: '', log: '', events: result.events, msg_responses: [] },
        },
      }
    }
    return error(501, 12, `Not Implemented: ${method} ${path}`)
  } catch (e) {
    if (e instanceof CosmosTxError) return error(400, GRPC_INVALID_ARGUMENT, e.message)
    throw e
  }
}
