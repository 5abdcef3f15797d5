import type { ChainNamespace, NftItem } from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { useStrings } from '../../i18n/index.js'
import { BackIcon } from '../../modal/icons.js'
import { collectionName, nftName, standardLabel } from './model.js'
import { NftImage } from './NftImage.js'
import { NftSend } from './NftSend.js'

/**
 * The detail sheet of one NFT: picture, name, collection, token id, standard,
 * amount held (ERC-1155) and description — all the owner's text rendered as
 * text — and "Send NFT", which continues in the same sheet. Opening it moves
 * focus to its heading (a screen reader reads the NFT's name first);
 * Escape goes back to the grid instead of closing the modal.
 */
export function NftDetail({
  item,
  namespace,
  onBack,
  onSent,
}: {
  item: NftItem
  namespace: ChainNamespace | undefined
  onBack(): void
  /** After a send went out, with the number of items sent. */
  onSent(count: bigint): void
}) {
  const t = useStrings()
  const [sending, setSending] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const name = nftName(item, t)
  // On opening, and on coming back from "Send NFT": the sheet's heading takes focus.
  useEffect(() => {
    if (!sending) heading.current?.focus()
  }, [sending])
  const sheet = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = sheet.current
    if (!el || sending) return
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      // The sheet is a step inside the modal: Escape leaves the sheet, not the modal.
      e.stopPropagation()
      e.preventDefault()
      onBack()
    }
    el.addEventListener('keydown', onKeyDown)
    return () => el.removeEventListener('keydown', onKeyDown)
  }, [sending, onBack])
  if (sending) {
    return (
      <NftSend
        item={item}
        name={name}
        namespace={namespace}
        onCancel={() => setSending(false)}
        onDone={onSent}
      />
    )
  }
  return (
    <div className="section nft-detail" data-testid="nft-detail" ref={sheet}>
      <button type="button" className="chip nft-back" onClick={onBack}>
        <span className="mirror-rtl nft-back-icon" aria-hidden="true">
          <BackIcon />
        </span>
        {t('nftBack')}
      </button>
      <NftImage item={item} size="large" />
      <h3 className="send-heading" data-testid="nft-detail-name" ref={heading} tabIndex={-1}>
        {name}
      </h3>
      <dl className="kv nft-kv">
        <dt>{t('nftCollection')}</dt>
        <dd>{collectionName(item, t)}</dd>
        <dt>{t('nftTokenId')}</dt>
        <dd data-testid="nft-detail-id">{item.tokenId}</dd>
        <dt>{t('nftStandard')}</dt>
        <dd>{standardLabel(item, t)}</dd>
        {item.standard === 'erc1155' ? (
          <>
            <dt>{t('nftOwned')}</dt>
            <dd data-testid="nft-detail-amount">{item.amount}</dd>
          </>
        ) : null}
      </dl>
      {item.metadata.status === 'ok' ? (
        item.metadata.description ? (
          <p className="nft-description" data-testid="nft-detail-description">
            {item.metadata.description}
          </p>
        ) : null
      ) : (
        <p className="row-sub" data-testid="nft-detail-unavailable">
          {t('nftMetadataUnavailableReason', { reason: item.metadata.reason })}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={() => setSending(true)}
          data-testid="nft-send"
        >
          {t('nftSend')}
        </button>
      </div>
    </div>
  )
}
