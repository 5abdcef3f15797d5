import { type ConnectedWalletInfo, sanitizeWalletIcon, sanitizeWalletName } from '@portico/core'

/** The connected wallet as the views show it (from its session metadata, validated). */
export interface WalletConnectPeer {
  name: string
  icon?: string
  url?: string
}

/**
 * The remote wallet's metadata, validated like an injected wallet's
 * announcement: the name cleaned to text (no control / bidi characters, cut to
 * length), the icon only as a `data:image/…` URI (a remote URL would let the
 * wallet track visitors), the URL only when it is http(s). Undefined when the
 * peer sent no usable name.
 *
 * @example
 * peerFromMetadata({ name: 'Rainbow', icons: ['https://…'], url: 'https://rainbow.me' })
 * // { name: 'Rainbow', url: 'https://rainbow.me/' }
 */
export function peerFromMetadata(metadata: unknown): WalletConnectPeer | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined
  const m = metadata as { name?: unknown; icons?: unknown; url?: unknown }
  const name = sanitizeWalletName(m.name)
  if (!name) return undefined
  const icon = Array.isArray(m.icons)
    ? m.icons.map(sanitizeWalletIcon).find((i) => i !== undefined)
    : undefined
  let url: string | undefined
  if (typeof m.url === 'string') {
    try {
      const parsed = new URL(m.url)
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') url = parsed.href
    } catch {
      // not a URL: left out
    }
  }
  return { name, ...(icon ? { icon } : {}), ...(url ? { url } : {}) }
}

/** The peer as core's connected-wallet info (the Account view shows it, not "WalletConnect"). */
export function walletInfoOf(peer: WalletConnectPeer | undefined): ConnectedWalletInfo | undefined {
  return peer
    ? { name: peer.name, ...(peer.icon ? { icon: peer.icon } : {}), type: 'WALLET_CONNECT' }
    : undefined
}
