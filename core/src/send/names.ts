import type { ChainNamespace, NameResolver, Portico, PorticoState, ResolvedName } from '../contracts/index.js'
import {
  InvalidNameError,
  NameNotFoundError,
  NameResolutionUnavailableError,
  WalletNotConnectedError,
} from '../errors/index.js'
import type { Store } from '../state/index.js'
import { isValidNameLabel } from '../utils/index.js'

/** A further label of a name (`portico`, `id`, `eth`): DNS letters, digits and hyphens. */
const ZONE_LABEL = /^[a-z0-9-]{1,63}$/i

/**
 * True when Send's receiver text is meant as a name rather than an address:
 * it has a dot (`ada.portico.id`, `alice.eth`). No namespace's address has
 * one, so the test never takes an address for a name.
 */
export function isNameLike(text: string): boolean {
  return text.trim().includes('.')
}

/**
 * The name resolution behind `portico.resolveName`: plugins add resolvers
 * (`ctx.registerNameResolver`); core checks the SPEC §5 shape first (a first
 * label of at least 4 letters, digits or hyphens) so nothing is looked up
 * for `ab.portico.id` or `a$b.eth`, then asks each resolver in order.
 */
export function createNameResolution(deps: { store: Store<PorticoState> }) {
  const resolvers: NameResolver[] = []

  const resolveName: Portico['resolveName'] = async (params) => {
    const text = typeof params?.name === 'string' ? params.name.trim().toLowerCase() : ''
    const labels = text.split('.')
    if (
      !isNameLike(text) ||
      !isValidNameLabel(labels[0]) ||
      !labels.slice(1).every((l) => ZONE_LABEL.test(l))
    )
      throw new InvalidNameError(typeof params?.name === 'string' ? params.name : '')
    const namespace: ChainNamespace | undefined = params.namespace ?? deps.store.getState().activeNamespace
    if (!namespace) throw new WalletNotConnectedError()
    if (resolvers.length === 0) throw new NameResolutionUnavailableError()
    for (const resolver of [...resolvers]) {
      const found: ResolvedName | undefined = await resolver({
        name: text,
        namespace,
        ...(params.signal ? { signal: params.signal } : {}),
      })
      if (found === undefined) continue
      // A resolver's answer is checked like any input: a name pointing nowhere is "not found".
      if (!found || typeof found.address !== 'string' || found.address.trim() === '')
        throw new NameNotFoundError(text)
      return {
        name: typeof found.name === 'string' && found.name ? found.name : text,
        address: found.address.trim(),
        source: typeof found.source === 'string' ? found.source : 'unknown',
      }
    }
    throw new NameNotFoundError(text)
  }

  return {
    resolveName,
    registerNameResolver(resolver: NameResolver): () => void {
      if (typeof resolver !== 'function') throw new TypeError('registerNameResolver: a function is required')
      resolvers.push(resolver)
      return () => {
        const at = resolvers.indexOf(resolver)
        if (at >= 0) resolvers.splice(at, 1)
      }
    },
  }
}
