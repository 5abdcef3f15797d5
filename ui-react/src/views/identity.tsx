import type { Network } from '@portico/core'
import { avatarVariant } from '../format/index.js'
import { useImageSource } from './image.js'

// An account's avatar and a network's dot: drawn by the views other than Connect (Account, the
// network list, requests), whose rules are in the lazy views' sheet (modal/view-styles.ts).

/** Profile image, or a CSS gradient picked from the address when there is none or it fails to load. */
export function Avatar({ address, image, size }: { address?: string; image?: string; size?: 'sm' }) {
  const img = useImageSource(image)
  if (img.src) return <img className="avatar" data-size={size} src={img.src} alt="" onError={img.onError} />
  return <span className="avatar" data-size={size} data-variant={avatarVariant(address)} aria-hidden="true" />
}

export function NetworkDot({ network }: { network: Pick<Network, 'name' | 'id'> }) {
  return (
    <span className="network-dot" data-variant={Number(network.id) % 4 || 0} aria-hidden="true">
      {network.name.charAt(0).toUpperCase()}
    </span>
  )
}
