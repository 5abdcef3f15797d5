import { type Block, type Hex, hexToBigInt, type Log, type Transaction } from 'viem'
import type { Chain } from '../chains/index.js'
import { nftRows } from '../nfts/rows.js'
import type { Database, Statement } from '../storage/index.js'
import { ChainDisagreementError } from './errors.js'

/** keccak256("Transfer(address,address,uint256)") — ERC-20 (3 topics) and ERC-721 (4 topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const metaAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const

const pad = (n: number | bigint, width: number) => n.toString().padStart(width, '0')

/**
 * The order key of a transaction in an account's history: newest first when
 * sorted descending. Block time (ms), chain id, block number, index in block.
 */
export function sortKey(blockTimeMs: number, chainId: number, block: bigint, txIndex: number): string {
  return `${pad(blockTimeMs, 14)}.${pad(chainId, 12)}.${pad(block, 14)}.${pad(txIndex, 6)}`
}

const topicAddress = (topic: Hex | undefined) => `0x${(topic ?? '').slice(-40)}`.toLowerCase()

/**
 * Checks that the blocks of a range and its logs describe one chain: the
 * blocks are consecutive and each names the previous as its parent, and every
 * log sits in a block of the range under that block's hash, in a transaction
 * of that block. Anything else (the node answered from two forks, a provider
 * behind a load balancer mixing nodes) throws `ChainDisagreementError`.
 */
export function checkRange(from: bigint, blocks: Block<bigint, true>[], logs: Log[]): void {
  blocks.forEach((b, i) => {
    const n = from + BigInt(i)
    if (b.number !== n || !b.hash)
      throw new ChainDisagreementError(`the node answered block ${b.number} for block ${n}`, n)
    const prev = blocks[i - 1]
    if (prev && b.parentHash !== prev.hash)
      throw new ChainDisagreementError(
        `block ${n} names parent ${b.parentHash}, but block ${n - 1n} read in the same step is ${prev.hash} (re-org while reading)`,
        n,
      )
  })
  for (const log of logs) {
    // Raw eth_getLogs answers: quantities are hex strings.
    const n = log.blockNumber == null ? undefined : BigInt(log.blockNumber)
    const block = n === undefined ? undefined : blocks[Number(n - from)]
    if (n === undefined || !block)
      throw new ChainDisagreementError(`a log of block ${n} is outside the range read from ${from}`, from)
    if (log.removed)
      throw new ChainDisagreementError(`the node marks a log of block ${n} as removed (re-org)`, n)
    if (log.blockHash !== block.hash)
      throw new ChainDisagreementError(
        `logs and blocks disagree at block ${n}: a log names block hash ${log.blockHash}, the block read is ${block.hash}`,
        n,
      )
    if (!log.transactionHash || !block.transactions.some((tx) => tx.hash === log.transactionHash))
      throw new ChainDisagreementError(
        `logs and blocks disagree at block ${n}: transaction ${log.transactionHash} of a log is not in the block`,
        n,
      )
  }
}

interface Row {
  hash: string
  logIndex: number
  kind: 'native' | 'erc20' | 'erc721'
  token: string
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/**
 * The statements that store a checked range's native transfers and ERC-20 /
 * ERC-721 Transfer logs (transactions, transfers, each account's entries,
 * metadata of tokens seen for the first time). ERC-1155 TransferSingle /
 * TransferBatch logs add their transaction and each account's entry only: the
 * items themselves live in `nft_transfers` (several per log), where history
 * reads them.
 */
export async function transferStatements(
  db: Database,
  chain: Chain,
  blocks: Block<bigint, true>[],
  logs: Log[],
): Promise<Statement[]> {
  const id = chain.caipNetworkId
  const txByHash = new Map<string, { tx: Transaction; block: Block<bigint, true> }>()
  for (const b of blocks) for (const tx of b.transactions) txByHash.set(tx.hash, { tx, block: b })

  const rows: Row[] = []
  // Native transfers: value-bearing transactions that succeeded.
  const valued = [...txByHash.values()].filter(({ tx }) => tx.value > 0n && tx.to)
  const receipts = await Promise.all(
    valued.map(({ tx }) => chain.client.getTransactionReceipt({ hash: tx.hash })),
  )
  const failed = new Set<string>()
  valued.forEach(({ tx, block }, i) => {
    const receipt = receipts[i]!
    if (receipt.blockHash !== block.hash)
      throw new ChainDisagreementError(
        `the receipt of ${tx.hash} names block ${receipt.blockHash}, the block read is ${block.hash}`,
        block.number!,
      )
    if (receipt.status !== 'success') {
      failed.add(tx.hash)
      return
    }
    rows.push({
      hash: tx.hash,
      logIndex: -1,
      kind: 'native',
      token: 'native',
      from: tx.from.toLowerCase(),
      to: tx.to!.toLowerCase(),
      amount: tx.value.toString(),
      tokenId: null,
    })
  })
  for (const log of logs) {
    if (log.topics[0] !== TRANSFER_TOPIC) continue
    const logIndex = Number(log.logIndex)
    const topics = log.topics
    const hash = log.transactionHash!
    if (topics.length === 3 && log.data.length >= 66) {
      rows.push({
        hash,
        logIndex,
        kind: 'erc20',
        token: log.address.toLowerCase(),
        from: topicAddress(topics[1]),
        to: topicAddress(topics[2]),
        amount: hexToBigInt(log.data.slice(0, 66) as Hex).toString(),
        tokenId: null,
      })
    } else if (topics.length === 4) {
      rows.push({
        hash,
        logIndex,
        kind: 'erc721',
        token: log.address.toLowerCase(),
        from: topicAddress(topics[1]),
        to: topicAddress(topics[2]),
        amount: '1',
        tokenId: hexToBigInt(topics[3]!).toString(),
      })
    }
  }

  const statements: Statement[] = await tokenMetaStatements(db, chain, rows)
  const seenTx = new Set<string>()
  const seenAccount = new Set<string>()
  const multi = nftRows(logs.filter((l) => l.topics[0] !== TRANSFER_TOPIC)).rows.filter(
    (r) => r.standard === 'erc1155',
  )
  const touches: { hash: string; from: string; to: string; row?: Row }[] = [
    ...rows.map((row) => ({ hash: row.hash, from: row.from, to: row.to, row })),
    ...multi.map((m) => ({ hash: m.txHash, from: m.from, to: m.to })),
  ]
  for (const r of touches) {
    // checkRange put every log's transaction in a block of the range.
    const { tx, block } = txByHash.get(r.hash)!
    const blockTime = Number(block.timestamp) * 1000
    const key = sortKey(blockTime, chain.chainId, block.number!, tx.transactionIndex ?? 0)
    if (!seenTx.has(r.hash)) {
      seenTx.add(r.hash)
      statements.push({
        sql: `INSERT INTO txs (chain, tx_hash, sort_key, block_number, block_time, from_addr, to_addr, status)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain, tx_hash) DO NOTHING`,
        params: [
          id,
          r.hash,
          key,
          Number(block.number),
          blockTime,
          tx.from.toLowerCase(),
          tx.to?.toLowerCase() ?? null,
          failed.has(r.hash) ? 'failed' : 'confirmed',
        ],
      })
    }
    const row = r.row
    if (row)
      statements.push({
        sql: `INSERT INTO transfers (chain, tx_hash, log_index, kind, token, from_addr, to_addr, amount, token_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain, tx_hash, log_index) DO NOTHING`,
        params: [id, row.hash, row.logIndex, row.kind, row.token, row.from, row.to, row.amount, row.tokenId],
      })
    for (const account of [r.from, r.to]) {
      const k = `${account}|${r.hash}`
      if (seenAccount.has(k)) continue
      seenAccount.add(k)
      statements.push({
        sql: `INSERT INTO account_txs (account, chain, tx_hash, sort_key) VALUES (?, ?, ?, ?)
              ON CONFLICT (account, chain, tx_hash) DO NOTHING`,
        params: [account, id, r.hash, key],
      })
    }
  }
  return statements
}

/** Stores name / symbol / decimals of tokens seen for the first time (one multicall). */
async function tokenMetaStatements(
  db: Database,
  chain: Chain,
  rows: { kind: string; token: string }[],
): Promise<Statement[]> {
  const tokens = new Map<string, string>()
  for (const r of rows) if (r.kind !== 'native') tokens.set(r.token, r.kind)
  if (tokens.size === 0) return []
  const addresses = [...tokens.keys()]
  const known = await db.query<{ address: string }>(
    `SELECT address FROM token_meta WHERE chain = ? AND address IN (${addresses.map(() => '?').join(', ')})`,
    [chain.caipNetworkId, ...addresses],
  )
  const have = new Set(known.map((k) => k.address))
  const missing = addresses.filter((a) => !have.has(a))
  if (missing.length === 0) return []
  const statements: Statement[] = []
  const configured = new Map(chain.tokens.map((t) => [t.address.toLowerCase(), t]))
  const unknown = missing.filter((a) => !configured.has(a))
  let results: readonly { status: string; result?: unknown }[] = []
  if (unknown.length > 0 && chain.config.multicall3) {
    results = await chain.client
      .multicall({
        multicallAddress: chain.config.multicall3 as Hex,
        allowFailure: true,
        batchSize: 0,
        contracts: unknown.flatMap((address) =>
          (['name', 'symbol', 'decimals'] as const).map((functionName) => ({
            address: address as Hex,
            abi: metaAbi,
            functionName,
          })),
        ),
      })
      // A token without metadata is stored as "Unknown token" below, labelled as such.
      .catch(() => [])
  }
  for (const address of missing) {
    const kind = tokens.get(address)!
    const c = configured.get(address)
    let name = c?.name ?? c?.symbol
    let symbol = c?.symbol
    let decimals = c?.decimals
    const i = unknown.indexOf(address)
    if (i >= 0) {
      const [n, sy, d] = [results[i * 3], results[i * 3 + 1], results[i * 3 + 2]]
      name = n?.status === 'success' ? String(n.result).slice(0, 100) : undefined
      symbol = sy?.status === 'success' ? String(sy.result).slice(0, 32) : undefined
      decimals = d?.status === 'success' ? Number(d.result) : undefined
    }
    statements.push({
      sql: `INSERT INTO token_meta (chain, address, kind, name, symbol, decimals) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (chain, address) DO NOTHING`,
      params: [
        chain.caipNetworkId,
        address,
        kind,
        name ?? symbol ?? 'Unknown token',
        symbol ?? '???',
        kind === 'erc721' ? 0 : (decimals ?? 18),
      ],
    })
  }
  return statements
}
