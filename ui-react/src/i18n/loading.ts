// Locales loaded on demand: a catalogue's `loaders` are dynamic imports, so a page carries English
// and fetches the visitor's locale only. What is loaded is static data, kept on the catalogue
// object (a cache shared by every instance on the page, like the module cache it comes from).
import type { Catalogue, LocaleStrings } from './catalogue.js'

/** In-flight loads by catalogue and tag: one fetch per locale, however many components wait. */
const inFlight = new WeakMap<Catalogue, Map<string, Promise<void>>>()

/** Bumped on every locale that arrives; the React side re-renders on it. */
let version = 0
const listeners = new Set<() => void>()

/** Subscribes to arrivals of lazily loaded locales (for `useSyncExternalStore`). */
export function subscribeLocaleLoads(onLoad: () => void): () => void {
  listeners.add(onLoad)
  return () => listeners.delete(onLoad)
}

/** A number that changes whenever a locale arrives. */
export function localeLoadsVersion(): number {
  return version
}

/**
 * The tags of `chain` the catalogue loads on demand and has not loaded yet (empty: every string of
 * the chain is at hand). `assumeNoneLoaded` counts every loader as pending: the server's render and
 * the hydration that matches it must not depend on what an earlier request happened to load.
 */
export function pendingLocales(
  catalogue: Catalogue,
  chain: readonly string[],
  assumeNoneLoaded = false,
): string[] {
  return chain.filter(
    (tag) =>
      catalogue.loaders[tag] !== undefined && (assumeNoneLoaded || catalogue.locales[tag] === undefined),
  )
}

/**
 * Loads the locales of `chain` (default: every locale of the catalogue) that the catalogue loads
 * on demand. Resolves when they are in `catalogue.locales`; rejects when one failed to load (the
 * next call tries again). Hosts may call it before rendering to have a locale at hand at once.
 *
 * @example await loadCatalogueLocales(porticoStrings, ['ja'])
 */
export function loadCatalogueLocales(
  catalogue: Catalogue,
  chain: readonly string[] = Object.keys(catalogue.loaders),
): Promise<void> {
  const tags = pendingLocales(catalogue, chain)
  if (tags.length === 0) return Promise.resolve()
  let byKey = inFlight.get(catalogue)
  if (!byKey) {
    byKey = new Map()
    inFlight.set(catalogue, byKey)
  }
  // The same promise for the same pending tags: React's `use` needs a stable one across renders.
  const key = tags.join(' ')
  const known = byKey.get(key)
  if (known) return known
  const all = Promise.all(tags.map((tag) => loadOne(catalogue, tag, byKey))).then(
    () => {
      byKey.delete(key)
    },
    (error: unknown) => {
      byKey.delete(key)
      throw error
    },
  )
  byKey.set(key, all)
  return all
}

function loadOne(catalogue: Catalogue, tag: string, byKey: Map<string, Promise<void>>): Promise<void> {
  const own = `#${tag}`
  const known = byKey.get(own)
  if (known) return known
  const p = catalogue.loaders[tag]!().then(
    (strings) => {
      byKey.delete(own)
      if (!strings || typeof strings !== 'object')
        throw new TypeError(`Locale ${tag} of catalogue ${catalogue.id} loaded no strings`)
      ;(catalogue.locales as Record<string, LocaleStrings>)[tag] = strings
      version++
      for (const l of listeners) l()
    },
    (error: unknown) => {
      byKey.delete(own)
      throw error
    },
  )
  byKey.set(own, p)
  return p
}
