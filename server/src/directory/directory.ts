import { readFileSync } from 'node:fs'
import type { WalletDirectoryEntry } from '@portico/core'
import { validWallets } from './validate.js'

export interface SeedWallet {
  id: string
  name: string
  rdns: string | null
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  chains: string[]
  certified: boolean
  color: string
}

/**
 * Reads a wallet list (`{ wallets: [...] }`): the seed registry shipped with
 * the package (`seed/wallets.json`) unless `file` names another. Entries that
 * fail validation (deep-link schemes, https links, ids) are dropped, each
 * reported through `onDrop` (the gateway logs a warning).
 */
export function loadSeedWallets(
  file: string | URL = new URL('../../seed/wallets.json', import.meta.url),
  onDrop: (id: string, problem: string) => void = () => {},
): SeedWallet[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { wallets?: unknown }
  if (!Array.isArray(parsed.wallets)) throw new Error(`${String(file)} has no wallets array`)
  return validWallets(parsed.wallets, onDrop)
}

export interface WalletQuery {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  search?: string
  badge_type?: 'none' | 'certified'
}

/** A wallet supports a chain when it lists it; an EVM wallet supports every eip155 chain (any can be added). */
function supports(wallet: SeedWallet, chain: string): boolean {
  if (wallet.chains.includes(chain)) return true
  return chain.startsWith('eip155:') && wallet.chains.some((c) => c.startsWith('eip155:'))
}

/**
 * The wallet directory over the seed registry: filter (include, exclude,
 * chains, search, badge_type), then page (1-based). `count` is the number of
 * matches before paging.
 */
export class WalletDirectory {
  constructor(readonly wallets: readonly SeedWallet[]) {}

  find(id: string): SeedWallet | undefined {
    return this.wallets.find((w) => w.id === id)
  }

  list(q: WalletQuery, imageUrl: (id: string) => string): { count: number; data: WalletDirectoryEntry[] } {
    let list = [...this.wallets]
    if (q.include?.length) {
      const set = new Set(q.include)
      list = list.filter((w) => set.has(w.id))
    }
    if (q.exclude?.length) {
      const set = new Set(q.exclude)
      list = list.filter((w) => !set.has(w.id))
    }
    if (q.chains?.length) list = list.filter((w) => q.chains!.some((c) => supports(w, c)))
    if (q.search) {
      const s = q.search.toLowerCase()
      list = list.filter((w) => w.name.toLowerCase().includes(s) || w.id.includes(s) || w.rdns?.includes(s))
    }
    if (q.badge_type === 'certified') list = list.filter((w) => w.certified)
    const start = (q.page - 1) * q.entries
    return {
      count: list.length,
      data: list.slice(start, start + q.entries).map((w) => ({
        id: w.id,
        name: w.name,
        image_id: w.id,
        image_url: imageUrl(w.id),
        mobile_link: w.mobile_link,
        desktop_link: w.desktop_link,
        webapp_link: w.webapp_link,
        rdns: w.rdns,
        chains: w.chains as `${string}:${string}`[],
      })),
    }
  }
}
