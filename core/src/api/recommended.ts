import { RECOMMENDED_WALLETS_COUNT } from '../constants/index.js'
import type { WellKnownWallet } from '../contracts/adapter.js'
import type { RecommendedWallet, WalletDirectoryEntry } from '../contracts/api.js'
import type { WalletDirectoryApi } from '../contracts/clients.js'

const MAX_NAME = 64

/** The entry's first link that parses as an https URL (no native schemes, no javascript:). */
export function httpsLink(...links: readonly (string | null | undefined)[]): string | undefined {
  for (const link of links) {
    if (typeof link !== 'string' || link.length > 2048) continue
    try {
      const url = new URL(link)
      if (url.protocol === 'https:' && !url.username && !url.password) return url.href
    } catch {
      // Not a URL: the next link may be.
    }
  }
  return undefined
}

/** Control characters would let a name fake a layout (line breaks, bidi overrides). */
function cleanName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME)
}

/**
 * An adapter's well-known wallets → recommended wallets (id `<namespace>:<name>`);
 * entries without a printable name or an https link are dropped.
 */
export function toWellKnownWallets(
  namespace: string,
  wallets: readonly WellKnownWallet[] | undefined,
): RecommendedWallet[] {
  const out: RecommendedWallet[] = []
  for (const wallet of Array.isArray(wallets) ? wallets : []) {
    const name = typeof wallet?.name === 'string' ? cleanName(wallet.name) : ''
    const installUrl = httpsLink(wallet?.url)
    if (name && installUrl) out.push({ id: `${namespace}:${name}`, name, installUrl })
  }
  return out
}

/** Directory entries → recommended wallets; entries without an id or a printable name are dropped. */
export function toRecommendedWallets(entries: readonly WalletDirectoryEntry[]): RecommendedWallet[] {
  const out: RecommendedWallet[] = []
  for (const entry of entries) {
    if (typeof entry?.id !== 'string' || typeof entry.name !== 'string') continue
    const name = cleanName(entry.name)
    if (!entry.id || !name) continue
    const installUrl = httpsLink(entry.webapp_link, entry.desktop_link, entry.mobile_link)
    out.push({ id: entry.id, name, ...(installUrl ? { installUrl } : {}) })
    if (out.length === RECOMMENDED_WALLETS_COUNT) break
  }
  return out
}

/** The first RECOMMENDED_WALLETS_COUNT (4) wallets of the directory's first page (SPEC §9). */
export async function fetchRecommendedWallets(directory: WalletDirectoryApi): Promise<RecommendedWallet[]> {
  const page = await directory.getWallets({ page: 1, entries: RECOMMENDED_WALLETS_COUNT })
  return toRecommendedWallets(Array.isArray(page?.data) ? page.data : [])
}
