import type { ChainNamespace, Connector } from '@portico/core'
import type { Translate } from '../i18n/index.js'
import { useImageSource } from './image.js'

/**
 * A wallet's icon: `<img>` for a data:/http(s) URL, else its first letter as text. Never HTML.
 * An image that fails to load (a CSP `img-src` that blocks data:, a dead URL) falls back to the letter.
 */
export function WalletIcon({
  connector,
  size,
}: {
  connector: Pick<Connector, 'name' | 'imageUrl'>
  size?: 'lg'
}) {
  const image = useImageSource(connector.imageUrl)
  if (image.src)
    return (
      <img
        className="wallet-icon"
        data-size={size}
        src={image.src}
        alt=""
        width={40}
        height={40}
        onError={image.onError}
      />
    )
  return (
    <span className="wallet-icon" data-size={size} aria-hidden="true">
      {connector.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}

export function Spinner() {
  return <span className="ring" aria-hidden="true" />
}

const NAMESPACE_KEYS = {
  eip155: 'chainEip155',
  solana: 'chainSolana',
  polkadot: 'chainPolkadot',
  bip122: 'chainBip122',
  cosmos: 'chainCosmos',
} as const

/** A namespace's display name ("Ethereum & EVM", "Solana"…), from the string catalogue. */
export function namespaceLabel(t: Translate, namespace: ChainNamespace | undefined): string {
  if (namespace === undefined) return t('chainMulti')
  const key = NAMESPACE_KEYS[namespace as keyof typeof NAMESPACE_KEYS]
  return key ? t(key) : namespace
}
