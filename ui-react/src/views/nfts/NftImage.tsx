import type { NftItem } from '@portico/core'
import { useState } from 'react'
import { useStrings } from '../../i18n/index.js'

/**
 * A token's picture from the gateway's own image link, lazy, inside a square
 * frame so the grid never jumps as images arrive. When there is no picture to
 * show — metadata unavailable, no image, or the image failed to load — the
 * frame says which, instead of an empty box.
 */
export function NftImage({ item, size = 'tile' }: { item: NftItem; size?: 'tile' | 'large' }) {
  const t = useStrings()
  const [failed, setFailed] = useState(false)
  const image = item.metadata.status === 'ok' ? item.metadata.image : null
  if (image && !failed) {
    return (
      <span className="nft-frame" data-size={size}>
        <img
          className="nft-img"
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
          data-testid="nft-img"
        />
      </span>
    )
  }
  const label =
    item.metadata.status === 'unavailable'
      ? t('nftMetadataUnavailable')
      : failed
        ? t('nftImageFailed')
        : t('nftNoImage')
  return (
    <span className="nft-frame nft-fallback" data-size={size} data-testid="nft-fallback">
      <span>{label}</span>
    </span>
  )
}
