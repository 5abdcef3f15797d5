import { type Connector, sanitizeWalletIcon, sanitizeWalletName } from '@portico/core'
import type { Keplr } from '../keplr/index.js'

/** Where a Keplr-API wallet injects itself: a path under `window` and the name Portico shows. */
export interface KeplrStyleWallet {
  /** Path under `window`: `['keplr']`, `['cosmostation', 'providers', 'keplr']`. */
  path: readonly string[]
  name: string
  /** A `data:image/…` icon (untrusted input is sanitised). */
  icon?: string
}

/**
 * The Keplr-API wallets discovered by default. Names come from this table,
 * never from the page, so an injected object cannot choose how it is shown.
 */
export const KEPLR_STYLE_WALLETS: readonly KeplrStyleWallet[] = [
  { path: ['keplr'], name: 'Keplr' },
  { path: ['leap'], name: 'Leap' },
  { path: ['cosmostation', 'providers', 'keplr'], name: 'Cosmostation' },
]

/** A wallet object handed in by the app (e.g. the dev wallet) instead of discovered. */
export interface ConfiguredCosmosWallet {
  /** Stable id part: the connector id is `keplr:<id>`. */
  id: string
  name: string
  icon?: string
  provider: Keplr
}

/** True when `value` has the Keplr methods the adapter calls (checked before it is offered). */
export function isKeplrLike(value: unknown): value is Keplr {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false
  const k = value as Record<string, unknown>
  return (
    typeof k.enable === 'function' &&
    typeof k.getKey === 'function' &&
    (typeof k.getOfflineSigner === 'function' || typeof k.getOfflineSignerOnlyAmino === 'function')
  )
}

function at(root: unknown, path: readonly string[]): unknown {
  let v = root
  for (const key of path) {
    if (!v || (typeof v !== 'object' && typeof v !== 'function')) return undefined
    try {
      v = (v as Record<string, unknown>)[key]
    } catch {
      // A hostile getter must not break discovery.
      return undefined
    }
  }
  return v
}

/** Connector id of a Keplr-style wallet: `keplr:<path joined by .>` — stable, and not chosen by the wallet. */
export function cosmosConnectorId(idOrPath: string | readonly string[]): string {
  return `keplr:${typeof idOrPath === 'string' ? idOrPath : idOrPath.join('.')}`
}

/**
 * The connectors for the configured wallets, then the Keplr-style wallets
 * found under `root` (the window). The first provider per id wins; the same
 * object found under two names (Leap also answering as Keplr) is offered once.
 */
export function discoverCosmosWallets(params: {
  root: unknown
  sources?: readonly KeplrStyleWallet[]
  configured?: readonly ConfiguredCosmosWallet[]
}): { connectors: Connector[]; providers: Map<string, Keplr> } {
  const providers = new Map<string, Keplr>()
  const connectors: Connector[] = []
  const seen = new Set<unknown>()
  const add = (id: string, name: string, icon: string | undefined, provider: unknown) => {
    if (providers.has(id) || seen.has(provider) || !isKeplrLike(provider)) return
    seen.add(provider)
    providers.set(id, provider)
    const imageUrl = sanitizeWalletIcon(icon)
    connectors.push({
      id,
      type: 'INJECTED',
      name: sanitizeWalletName(name) ?? 'Cosmos wallet',
      chain: 'cosmos',
      provider,
      ...(imageUrl ? { imageUrl } : {}),
      installed: true,
    })
  }
  for (const w of params.configured ?? []) add(cosmosConnectorId(w.id), w.name, w.icon, w.provider)
  if (params.root) {
    for (const w of params.sources ?? KEPLR_STYLE_WALLETS)
      add(cosmosConnectorId(w.path), w.name, w.icon, at(params.root, w.path))
  }
  return { connectors, providers }
}
