import type { Eip1193Provider, Eip6963Target } from '../provider/index.js'
import { type SafeWalletInfo, sanitizeAnnouncement } from './metadata.js'

export const ANNOUNCE_EVENT = 'eip6963:announceProvider'
export const REQUEST_EVENT = 'eip6963:requestProvider'
/** At most this many distinct wallets are kept (a page flooding announcements is ignored past it). */
export const MAX_ANNOUNCED_WALLETS = 50

export interface DiscoveredWallet {
  info: SafeWalletInfo
  provider: Eip1193Provider
}

export interface Eip6963Discovery {
  /** Announced wallets, one per rdns, in first-announcement order. */
  wallets(): DiscoveredWallet[]
  /** The legacy `window.ethereum`, unless an announced wallet is that same provider. */
  legacyProvider(): Eip1193Provider | undefined
  /** Asks wallets to announce again. */
  request(): void
  stop(): void
}

/**
 * EIP-6963 discovery: listens for announcements; call `request()` next to
 * dispatch the request event. Announcements are deduplicated by rdns (a later one replaces the
 * earlier entry in place) and sanitized; `onChange` runs on every change.
 */
export function startEip6963Discovery(target: Eip6963Target, onChange: () => void): Eip6963Discovery {
  const byRdns = new Map<string, DiscoveredWallet>()
  const onAnnounce = (event: Event) => {
    const wallet = sanitizeAnnouncement((event as CustomEvent).detail)
    if (!wallet) return
    const previous = byRdns.get(wallet.info.rdns)
    if (!previous && byRdns.size >= MAX_ANNOUNCED_WALLETS) return
    if (
      previous &&
      previous.provider === wallet.provider &&
      previous.info.name === wallet.info.name &&
      previous.info.icon === wallet.info.icon &&
      previous.info.uuid === wallet.info.uuid
    ) {
      return
    }
    byRdns.set(wallet.info.rdns, wallet)
    onChange()
  }
  target.addEventListener(ANNOUNCE_EVENT, onAnnounce)
  const request = () => {
    target.dispatchEvent(new Event(REQUEST_EVENT))
  }
  return {
    wallets: () => [...byRdns.values()],
    legacyProvider() {
      const injected = target.ethereum
      if (
        typeof injected !== 'object' ||
        injected === null ||
        typeof (injected as { request?: unknown }).request !== 'function'
      ) {
        return undefined
      }
      for (const w of byRdns.values()) if (w.provider === injected) return undefined
      return injected as Eip1193Provider
    },
    request,
    stop: () => target.removeEventListener(ANNOUNCE_EVENT, onAnnounce),
  }
}
