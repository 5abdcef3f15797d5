import type { HistoryItem, HistoryResponse, HistoryTransfer } from '@portico/core'
import { formatUnits } from 'viem'
import type { ChainRegistry, PriceLabel, PriceSource } from '../chains/index.js'
import type { NftService } from '../nfts/index.js'
import type { Database } from '../storage/index.js'

/** Items per history page. */
export const HISTORY_PAGE_SIZE = 20

const SORT_KEY = /^\d{14}\.\d{12}\.\d{14}\.\d{6}$/

/** Cursor ↔ sort key: an opaque base64url token. Gives undefined for a malformed cursor. */
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return undefined
  const key = Buffer.from(cursor, 'base64url').toString('utf8')
  return SORT_KEY.test(key) ? key : undefined
}
export const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url')

interface TxRow {
  chain: string
  tx_hash: string
  sort_key: string
  block_time: number
  from_addr: string
  to_addr: string | null
  status: string
}
interface TransferRow {
  chain: string
  tx_hash: string
  log_index: number
  kind: 'native' | 'erc20' | 'erc721'
  token: string
  from_addr: string
  to_addr: string
  amount: string
  token_id: string | null
  name: string | null
  symbol: string | null
  decimals: number | null
}

interface NftTransferRow {
  chain: string
  tx_hash: string
  log_index: number
  item: number
  standard: 'erc721' | 'erc1155'
  token: string
  token_id: string
  from_addr: string
  to_addr: string
  amount: string
}

/** The gateway's own image link of a token (its image proxy); history never links a stranger's host. */
export type NftImageLink = (chainId: string, contract: string, tokenId: string) => string

const ZERO = '0x0000000000000000000000000000000000000000'

/**
 * The three statements a history page runs, by shape. Each has an index
 * (migration 6): `account_txs (account, sort_key)` / `(account, chain,
 * sort_key)`, `txs (tx_hash)`, `transfers (tx_hash)`; the plan test checks
 * neither engine scans a whole table for them.
 */
export const historySql = {
  accountPage: (q: { chain: boolean; after: boolean }) =>
    `SELECT chain, tx_hash, sort_key FROM account_txs WHERE account = ?${q.chain ? ' AND chain = ?' : ''}${
      q.after ? ' AND sort_key < ?' : ''
    } ORDER BY sort_key DESC LIMIT ?`,
  txs: (n: number) =>
    `SELECT chain, tx_hash, sort_key, block_time, from_addr, to_addr, status FROM txs WHERE tx_hash IN (${marks(n)})`,
  transfers: (n: number) =>
    `SELECT t.chain, t.tx_hash, t.log_index, t.kind, t.token, t.from_addr, t.to_addr, t.amount, t.token_id,
            m.name, m.symbol, m.decimals
     FROM transfers t LEFT JOIN token_meta m ON m.chain = t.chain AND m.address = t.token
     WHERE t.tx_hash IN (${marks(n)}) ORDER BY t.log_index`,
  nftTransfers: (n: number) =>
    `SELECT chain, tx_hash, log_index, item, standard, token, token_id, from_addr, to_addr, amount
     FROM nft_transfers WHERE tx_hash IN (${marks(n)}) ORDER BY log_index, item`,
}
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** Reads an account's history pages (SPEC §3 history items) from the indexed tables. */
export class HistoryService {
  constructor(
    private readonly db: Database,
    private readonly chains: ChainRegistry,
    private readonly prices: PriceSource,
    /** Collection names and spam flags of NFT items; without it they carry the indexed token name only. */
    private readonly nfts?: NftService,
  ) {}

  async page(params: {
    account: string
    chain?: string
    after?: string
    limit?: number
    /** Gives NFT items a thumbnail through the gateway's image proxy. */
    nftImage?: NftImageLink
  }): Promise<HistoryResponse> {
    const limit = params.limit ?? HISTORY_PAGE_SIZE
    const args: (string | number)[] = [params.account]
    if (params.chain) args.push(params.chain)
    if (params.after) args.push(params.after)
    const refs = await this.db.query<{ chain: string; tx_hash: string; sort_key: string }>(
      historySql.accountPage({ chain: params.chain !== undefined, after: params.after !== undefined }),
      [...args, limit + 1],
    )
    const page = refs.slice(0, limit)
    if (page.length === 0) return { data: [], next: null }
    const hashes = page.map((r) => r.tx_hash)
    const [txs, allTransfers, nftTransfers] = await Promise.all([
      this.db.query<TxRow>(historySql.txs(hashes.length), hashes),
      this.db.query<TransferRow>(historySql.transfers(hashes.length), hashes),
      this.db.query<NftTransferRow>(historySql.nftTransfers(hashes.length), hashes),
    ])
    // An ERC-721 Transfer is in both tables: the NFT row (with its standard) describes it.
    const nftLogs = new Set(nftTransfers.map((n) => `${n.chain}|${n.tx_hash}|${n.log_index}`))
    const transfers = allTransfers.filter(
      (t) => t.kind !== 'erc721' || !nftLogs.has(`${t.chain}|${t.tx_hash}|${t.log_index}`),
    )
    const names = await this.#collectionNames(nftTransfers, allTransfers)
    const txMap = new Map(txs.map((t) => [`${t.chain}|${t.tx_hash}`, t]))
    const data: HistoryItem[] = []
    for (const ref of page) {
      const tx = txMap.get(`${ref.chain}|${ref.tx_hash}`)
      if (!tx) continue
      const mine = transfers.filter(
        (t) =>
          t.chain === ref.chain &&
          t.tx_hash === ref.tx_hash &&
          (t.from_addr === params.account || t.to_addr === params.account),
      )
      const mineNft = nftTransfers.filter(
        (t) =>
          t.chain === ref.chain &&
          t.tx_hash === ref.tx_hash &&
          (t.from_addr === params.account || t.to_addr === params.account),
      )
      const nftItems = mineNft.map((n) =>
        this.#nftTransfer(params.account, n, names.get(`${n.chain}|${n.token}`), params.nftImage),
      )
      data.push(this.#item(params.account, tx, mine, mineNft, nftItems))
    }
    const last = page[page.length - 1]!
    return { data, next: refs.length > limit ? encodeCursor(last.sort_key) : null }
  }

  /** Collection name per `chain|contract`: read on chain (cached) when the NFT service is there, else the indexed one. */
  async #collectionNames(
    nfts: NftTransferRow[],
    transfers: TransferRow[],
  ): Promise<Map<string, string | null>> {
    const names = new Map<string, string | null>()
    for (const t of transfers) if (t.kind === 'erc721') names.set(`${t.chain}|${t.token}`, t.name)
    const wanted = [...new Set(nfts.map((n) => `${n.chain}|${n.token}`))]
    await Promise.all(
      wanted.map(async (k) => {
        const [chain, contract] = k.split('|') as [string, string]
        if (!this.nfts || !this.chains.get(chain)) return
        const c = await this.nfts.collection(chain, contract)
        if (c.name) names.set(k, c.name)
        else if (!names.has(k)) names.set(k, null)
      }),
    )
    return names
  }

  #nftTransfer(
    account: string,
    n: NftTransferRow,
    collection: string | null | undefined,
    image: NftImageLink | undefined,
  ): HistoryTransfer {
    const direction =
      n.from_addr === account && n.to_addr === account ? 'self' : n.from_addr === account ? 'out' : 'in'
    const nft: NonNullable<HistoryTransfer['nft_info']> = {
      name: `${collection ?? 'NFT'} #${n.token_id}`,
      flags: { is_spam: this.nfts?.isSpam(n.chain, n.token) ?? false },
      ...(collection ? { collection } : {}),
      contract: n.token,
      token_id: n.token_id,
      standard: n.standard,
    }
    if (image) nft.content = { preview: { url: image(n.chain, n.token, n.token_id) } }
    return { direction, quantity: { numeric: n.amount }, nft_info: nft }
  }

  #item(
    account: string,
    tx: TxRow,
    transfers: TransferRow[],
    nftRows: NftTransferRow[] = [],
    nftItems: HistoryTransfer[] = [],
  ): HistoryItem {
    // In log order: fungible transfers, then each NFT item.
    const out: HistoryTransfer[] = [...transfers.map((t) => this.#transfer(account, t)), ...nftItems]
    const dirs = new Set(out.map((t) => t.direction))
    const moved = [...transfers.map((t) => t.from_addr), ...nftRows.map((n) => n.from_addr)]
    const moves = [...transfers, ...nftRows].map((r) => ({ from: r.from_addr, to: r.to_addr }))
    let operationType: HistoryItem['metadata']['operationType'] = 'execute'
    if (moved.length > 0 && moved.every((from) => from === ZERO)) operationType = 'mint'
    else if (dirs.size === 1 && dirs.has('out')) operationType = 'send'
    else if (dirs.size === 1 && dirs.has('in')) operationType = 'receive'
    else if (dirs.has('in') && dirs.has('out')) operationType = 'trade'
    return {
      id: `${tx.chain}:${tx.tx_hash}`,
      metadata: {
        minedAt: new Date(tx.block_time).toISOString(),
        chain: tx.chain as `${string}:${string}`,
        hash: tx.tx_hash,
        // A token or NFT moved between the account and one other address: that address is the other
        // side (not the contract the transaction called); otherwise the transaction's own from / to.
        sentFrom:
          onlyOne(moves.filter((m) => m.to === account && m.from !== ZERO).map((m) => m.from)) ??
          tx.from_addr,
        sentTo:
          onlyOne(moves.filter((m) => m.from === account && m.to !== account).map((m) => m.to)) ??
          tx.to_addr ??
          '',
        status: tx.status === 'failed' ? 'failed' : 'confirmed',
        operationType,
      },
      transfers: out,
    }
  }

  #transfer(account: string, t: TransferRow): HistoryTransfer {
    const direction =
      t.from_addr === account && t.to_addr === account ? 'self' : t.from_addr === account ? 'out' : 'in'
    if (t.kind === 'erc721') {
      return {
        direction,
        quantity: { numeric: '1' },
        nft_info: { name: `${t.name ?? 'NFT'} #${t.token_id}`, flags: { is_spam: false } },
      }
    }
    const chain = this.chains.get(t.chain)
    const native = t.kind === 'native'
    const symbol = native ? (chain?.native.symbol ?? 'ETH') : (t.symbol ?? '???')
    const name = native ? (chain?.native.name ?? 'Ether') : (t.name ?? symbol)
    const decimals = native ? (chain?.native.decimals ?? 18) : (t.decimals ?? 18)
    const numeric = formatUnits(BigInt(t.amount), decimals)
    const transfer: HistoryTransfer & { priceSource?: PriceLabel } = {
      direction,
      quantity: { numeric },
      fungible_info: { name, symbol },
    }
    // By CAIP-10 only; unknown → no price and no value (never 0); demo numbers say so.
    const price = this.prices.price('usd', `${t.chain}:${native ? 'native' : t.token}`)
    if (price !== undefined) {
      transfer.price = price
      transfer.value = Number(numeric) * price
      transfer.priceSource = this.prices.kind
    }
    return transfer
  }
}

/** The one distinct value of `values`, or undefined when there are none or several. */
function onlyOne(values: string[]): string | undefined {
  const distinct = new Set(values)
  return distinct.size === 1 ? [...distinct][0] : undefined
}
