import type { Eip1193Provider, Eip6963Target } from '../provider/index.js'
import { type SafeWalletInfo, sanitizeAnnouncement } from './metadata.js'

export const ANNOUNCE_EVENT = 'eip6963:announceProvider'
export const REQUEST_EVENT = 'eip6963:requestProvider'
/** At most this many distinct wallets are kept (a page flooding announcements is ignored past it). */
export const MAX_ANNOUNCED_WALLETS = 50

export interface DiscoveredWallet {
  info: SafeWalletInfo
  provider: Eip1193Provider
  /** Set when another provider claimed this wallet's rdns (or uuid) and was ignored. */
  conflict?: string
}

export interface Eip6963Discovery {
  /** Announced wallets, one per rdns (the first provider that announced it), in first-announcement order. */
  wallets(): DiscoveredWallet[]
  /** The legacy `window.ethereum`, unless an announced wallet is that same provider. */
  legacyProvider(): Eip1193Provider | undefined
  /** Asks wallets to announce again. */
  request(): void
  stop(): void
}

/**
 * EIP-6963 discovery: listens for announcements; call `request()` next to
 * dispatch the request event. Announcements are sanitized and keyed by uuid
 * (one announcing wallet instance) and rdns (the connector id): the first
 * provider to announce an rdns keeps it, so a page script cannot take over a
 * wallet — or the provider of an active connection — by announcing the same
 * rdns later. A later claim is ignored, reported to `onConflict` and noted on
 * the first wallet's entry (`conflict`). The same wallet re-announcing may
 * update its name and icon. `onChange` runs on every change.
 */
export function startEip6963Discovery(
  target: Eip6963Target,
  onChange: () => void,
  onConflict?: (kept: DiscoveredWallet, ignored: DiscoveredWallet) => void,
): Eip6963Discovery {
  const byRdns = new Map<string, DiscoveredWallet>()
  const rdnsByUuid = new Map<string, string>()
  const conflict = (kept: DiscoveredWallet, ignored: DiscoveredWallet, text: string) => {
    onConflict?.(kept, ignored)
    if (kept.conflict === text) return
    kept.conflict = text
    onChange()
  }
  const onAnnounce = (event: Event) => {
    const wallet = sanitizeAnnouncement((event as CustomEvent).detail)
    if (!wallet) return
    const { rdns, uuid } = wallet.info
    const claimed = rdnsByUuid.get(uuid)
    if (claimed !== undefined && claimed !== rdns) {
      // One wallet instance announcing a second identity: keep the first.
      const kept = byRdns.get(claimed)
      if (kept) conflict(kept, wallet, `The wallet also announced itself as ${rdns}; that was ignored.`)
      return
    }
    const previous = byRdns.get(rdns)
    if (!previous) {
      if (byRdns.size >= MAX_ANNOUNCED_WALLETS) return
      byRdns.set(rdns, wallet)
      rdnsByUuid.set(uuid, rdns)
      onChange()
      return
    }
    if (previous.provider !== wallet.provider || previous.info.uuid !== uuid) {
      conflict(previous, wallet, `Another provider announced ${rdns} and was ignored.`)
      return
    }
    // The same wallet again: a re-announce may refresh its name and icon, never its provider.
    if (previous.info.name === wallet.info.name && previous.info.icon === wallet.info.icon) return
    previous.info = wallet.info
    onChange()
  }
  target.addEventListener(ANNOUNCE_EVENT, onAnnounce)
  const request = () => {
    target.dispatchEvent(new Event(REQUEST_EVENT))
  }
  return {
    wallets: () => [...byRdns.values()].map((w) => ({ ...w })),
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
