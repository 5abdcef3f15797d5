import type { NftItem } from '@portico/core'
import type { Translate } from '../../i18n/index.js'

/** A collection as the grid shows it: its contract on a network and the holdings in it, in the gateway's order. */
export interface NftGroup {
  key: string
  name: string | null
  items: NftItem[]
}

export const nftKey = (item: NftItem) => `${item.chainId}:${item.contract.toLowerCase()}:${item.tokenId}`

/** Groups holdings by collection (network + contract), keeping the order each collection first appears in. */
export function groupByCollection(items: readonly NftItem[]): NftGroup[] {
  const groups = new Map<string, NftGroup>()
  for (const item of items) {
    const key = `${item.chainId}:${item.contract.toLowerCase()}`
    let group = groups.get(key)
    if (!group) {
      group = { key, name: item.collection.name, items: [] }
      groups.set(key, group)
    }
    group.items.push(item)
  }
  return [...groups.values()]
}

/** The collection's own name, else a label saying it has none (never a made-up name). */
export const collectionName = (item: Pick<NftItem, 'collection'>, t: Translate) =>
  item.collection.name ?? t('nftUnnamedCollection')

/** The token's name from its metadata, else `Collection #id` — the fallback the tile labels as such. */
export function nftName(item: NftItem, t: Translate): string {
  if (item.metadata.status === 'ok' && item.metadata.name) return item.metadata.name
  return t('nftFallbackName', { collection: collectionName(item, t), id: item.tokenId })
}

export const standardLabel = (item: NftItem, t: Translate) =>
  item.standard === 'erc721' ? t('nftStandardErc721') : t('nftStandardErc1155')

/** Appends a page, dropping items already listed (a holding that moved between pages). */
export function appendPage(items: readonly NftItem[], page: readonly NftItem[]): NftItem[] {
  const seen = new Set(items.map(nftKey))
  return [...items, ...page.filter((i) => !seen.has(nftKey(i)))]
}

/** What this panel sent: the amount the gateway listed before, and what is left after the send. */
export type SentRecord = { before: string; left: bigint }

/**
 * The holdings as they are after the visitor's own sends: until the gateway's
 * indexer has seen a send (it still lists the amount from before), the item
 * shows what is left (an ERC-721 leaves the grid). Records the gateway has
 * caught up with are dropped from `sent`.
 */
export function applySent(items: readonly NftItem[], sent: Map<string, SentRecord>): NftItem[] {
  const out: NftItem[] = []
  const listed = new Set<string>()
  for (const item of items) {
    const key = nftKey(item)
    listed.add(key)
    const record = sent.get(key)
    if (!record || record.before !== item.amount) {
      if (record) sent.delete(key)
      out.push(item)
    } else if (record.left > 0n) out.push({ ...item, amount: record.left.toString() })
  }
  for (const key of [...sent.keys()]) if (!listed.has(key)) sent.delete(key)
  return out
}
