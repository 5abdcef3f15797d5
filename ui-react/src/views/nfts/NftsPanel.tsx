import type { ChainNamespace, NftItem } from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { errorText } from '../../format/index.js'
import { useStrings } from '../../i18n/index.js'
import {
  appendPage,
  applySent,
  collectionName,
  groupByCollection,
  nftKey,
  nftName,
  type SentRecord,
} from './model.js'
import { NftDetail } from './NftDetail.js'
import { NftImage } from './NftImage.js'

type Load =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: NftItem[]; next: string | null; more?: 'loading' | { error: unknown } }

const isNotConfigured = (error: unknown) =>
  (error as { code?: unknown } | undefined)?.code === 'API_NOT_CONFIGURED'

/**
 * Account → NFTs: the connected account's NFTs on the active network from the
 * gateway (`portico.getNfts`), grouped by collection, a page at a time. A tile
 * opens the detail sheet, from which the NFT can be sent; after a send the
 * grid is read again. Without a gateway it keeps the "appear here" text; a
 * failed read is said with a retry, never shown as an empty grid.
 */
export function NftsPanel({ namespace }: { namespace: ChainNamespace | undefined }) {
  const portico = usePortico()
  const t = useStrings()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [selected, setSelected] = useState<string | undefined>()
  // The tile that opened the detail sheet: focus returns to it when the sheet closes.
  const returnTo = useRef<string | undefined>(undefined)
  const grid = useRef<HTMLDivElement>(null)
  const generation = useRef(0)
  // The visitor's own sends, shown at once and kept until the gateway's indexer lists them.
  const sent = useRef(new Map<string, SentRecord>())
  useEffect(() => () => void generation.current++, [])
  const ns = namespace ? { namespace } : {}

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ns` is derived from `namespace`
  const fetchFirst = useCallback(() => {
    const mine = ++generation.current
    setLoad({ status: 'loading' })
    portico.getNfts(ns).then(
      ({ data, next }) =>
        mine === generation.current &&
        setLoad({ status: 'ready', items: applySent(data, sent.current), next }),
      (error: unknown) =>
        mine === generation.current &&
        setLoad(isNotConfigured(error) ? { status: 'offline' } : { status: 'error', error }),
    )
  }, [portico, namespace])
  useEffect(fetchFirst, [fetchFirst])

  useEffect(() => {
    if (selected || !returnTo.current || load.status !== 'ready') return
    const key = returnTo.current
    const tile = [...(grid.current?.querySelectorAll<HTMLElement>('[data-nft-key]') ?? [])].find(
      (el) => el.dataset.nftKey === key,
    )
    if (!tile) return
    returnTo.current = undefined
    tile.focus()
  }, [selected, load])

  const loadMore = () => {
    if (load.status !== 'ready' || !load.next || load.more === 'loading') return
    const mine = ++generation.current
    const current = load
    setLoad({ ...current, more: 'loading' })
    portico.getNfts({ ...ns, cursor: current.next! }).then(
      ({ data, next }) =>
        mine === generation.current &&
        setLoad({ status: 'ready', items: applySent(appendPage(current.items, data), sent.current), next }),
      (error: unknown) => mine === generation.current && setLoad({ ...current, more: { error } }),
    )
  }

  if (load.status === 'offline') return <p className="empty">{t('noNfts')}</p>
  if (load.status === 'loading') {
    return (
      <div aria-busy="true" data-testid="nfts-loading">
        <span className="visually-hidden" role="status">
          {t('nftsLoading')}
        </span>
        <div className="nft-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <span key={i} className="nft-frame skeleton" />
          ))}
        </div>
      </div>
    )
  }
  if (load.status === 'error') {
    return (
      <div className="activity-state" role="alert" data-testid="nfts-error">
        <strong>{t('nftsError')}</strong>
        <span className="error-text">{errorText(load.error) ?? t('somethingWentWrong')}</span>
        <button type="button" className="button" data-variant="secondary" onClick={fetchFirst}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  const open = selected ? load.items.find((i) => nftKey(i) === selected) : undefined
  if (open) {
    return (
      <NftDetail
        item={open}
        namespace={namespace}
        onBack={() => setSelected(undefined)}
        onSent={(count) => {
          sent.current.set(nftKey(open), { before: open.amount, left: BigInt(open.amount) - count })
          setSelected(undefined)
          fetchFirst()
        }}
      />
    )
  }

  const groups = groupByCollection(load.items)
  return (
    <div ref={grid} className="nft-panel">
      {groups.length === 0 && !load.next ? (
        <p className="empty" data-testid="nfts-empty">
          {t('nftsEmpty')}
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.key} className="nft-group" aria-label={collectionName(group.items[0]!, t)}>
          <h3 className="nft-collection" data-testid="nft-collection">
            {collectionName(group.items[0]!, t)}
            <span className="row-sub"> {group.items.length}</span>
          </h3>
          <ul className="nft-grid">
            {group.items.map((item) => (
              <li key={nftKey(item)}>
                <button
                  type="button"
                  className="nft-tile"
                  onClick={() => {
                    returnTo.current = nftKey(item)
                    setSelected(nftKey(item))
                  }}
                  data-testid="nft-tile"
                  data-nft-key={nftKey(item)}
                  data-token-id={item.tokenId}
                >
                  <NftImage item={item} />
                  <span className="nft-name">{nftName(item, t)}</span>
                  {item.standard === 'erc1155' && item.amount !== '1' ? (
                    <span className="nft-count">{t('nftAmount', { n: item.amount })}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {load.more && load.more !== 'loading' ? (
        <p className="error-text activity-state" role="alert">
          {errorText(load.more.error) ?? t('somethingWentWrong')}
        </p>
      ) : null}
      {load.next ? (
        <button
          type="button"
          className="button activity-more"
          data-variant="secondary"
          onClick={loadMore}
          disabled={load.more === 'loading'}
          aria-busy={load.more === 'loading'}
          data-testid="nfts-more"
        >
          {load.more === 'loading' ? t('nftsLoadingMore') : load.more ? t('tryAgain') : t('nftsLoadMore')}
        </button>
      ) : null}
    </div>
  )
}
