import { sanitizeWalletName } from '../utils/index.js'

/**
 * The parts of a Wallet Standard wallet discovery reads (structurally typed,
 * so core needs no Wallet Standard package). Every field comes from the
 * wallet: untrusted.
 */
export interface StandardWalletLike {
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
}

/** The Wallet Standard registry (`getWallets()` of `@wallet-standard/app`), structurally. */
export interface StandardWalletRegistry<W extends StandardWalletLike = StandardWalletLike> {
  get(): readonly W[]
  on(event: 'register' | 'unregister', listener: (...wallets: W[]) => void): () => void
}

/** A discovered wallet under its stable connector id. */
export interface WalletStandardEntry<W extends StandardWalletLike = StandardWalletLike> {
  id: string
  wallet: W
  /** Set when a later wallet claimed the same identity and was ignored (text for logs / a UI warning). */
  conflict?: string
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'wallet'
  )
}

/** FNV-1a (32 bit) as 8 hex digits: a short, synchronous digest for ids (not a security hash). */
function digest(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/**
 * The stable connector id of a Wallet Standard wallet:
 * `wallet-standard:<slug of its name>-<digest of name + icon>`. A wallet that
 * copies another's name but not its icon gets another id, so a reload never
 * restores it in the real wallet's place; one that copies both collides and
 * loses to the first (see `watchWalletStandard`).
 *
 * @example
 * walletStandardConnectorId({ name: 'Phantom', icon: 'data:image/svg+xml;base64,…', … })
 * // 'wallet-standard:phantom-1f2e3d4c'
 */
export function walletStandardConnectorId(wallet: Pick<StandardWalletLike, 'name' | 'icon'>): string {
  const name = sanitizeWalletName(wallet.name) ?? ''
  const icon = typeof wallet.icon === 'string' ? wallet.icon : ''
  return `wallet-standard:${slug(name)}-${digest(`${name}\n${icon}`)}`
}

/**
 * Lists the wallets `accept` takes under stable ids, in registration order
 * (`extra` wallets first). On an id collision the first wallet keeps the id
 * and gets a `conflict` note; the later one is left out and reported to
 * `onConflict`.
 */
export function listWalletStandard<W extends StandardWalletLike>(
  wallets: readonly W[],
  accept: (wallet: W) => boolean,
  onConflict?: (entry: WalletStandardEntry<W>, ignored: W) => void,
): WalletStandardEntry<W>[] {
  const byId = new Map<string, WalletStandardEntry<W>>()
  const seen = new Set<W>()
  for (const wallet of wallets) {
    if (seen.has(wallet)) continue
    seen.add(wallet)
    let ok = false
    try {
      ok = accept(wallet)
    } catch {
      ok = false // a wallet whose getters throw is not usable
    }
    if (!ok) continue
    const id = walletStandardConnectorId(wallet)
    const first = byId.get(id)
    if (first) {
      first.conflict = 'Another wallet registered with the same name and icon; it was ignored.'
      onConflict?.(first, wallet)
      continue
    }
    byId.set(id, { id, wallet })
  }
  return [...byId.values()]
}

export interface WatchWalletStandardOptions<W extends StandardWalletLike> {
  /** The registry to watch (absent under SSR or with discovery off: only `extra`). */
  registry?: StandardWalletRegistry<W>
  /** Wallets offered besides the registered ones (an integrator's or a dev wallet). */
  extra?: readonly W[]
  /** Whether the caller can use a wallet (its chains / features). */
  accept(wallet: W): boolean
  /** Called with the new list after every register / unregister (and once at start). */
  onChange(entries: WalletStandardEntry<W>[]): void
  onConflict?(entry: WalletStandardEntry<W>, ignored: W): void
}

/**
 * Shared Wallet Standard discovery for the adapters whose wallets register
 * there (Solana now, Bitcoin next): lists the usable wallets under stable ids
 * and follows registrations. Returns the current list and a stop function.
 *
 * @example
 * const watch = watchWalletStandard({ registry: getWallets(), accept: isSolanaWallet, onChange: publish })
 * // later: watch.stop()
 */
export function watchWalletStandard<W extends StandardWalletLike>(
  options: WatchWalletStandardOptions<W>,
): { entries(): WalletStandardEntry<W>[]; refresh(): void; stop(): void } {
  let entries: WalletStandardEntry<W>[] = []
  const refresh = () => {
    const all = [...(options.extra ?? []), ...(options.registry?.get() ?? [])]
    entries = listWalletStandard(all, options.accept, options.onConflict)
    options.onChange(entries)
  }
  const offs = options.registry
    ? [options.registry.on('register', refresh), options.registry.on('unregister', refresh)]
    : []
  refresh()
  return {
    entries: () => entries,
    refresh,
    stop: () => {
      for (const off of offs.splice(0)) off()
    },
  }
}
