import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { BIP122_EVENTS, BIP122_METHODS } from './bip122.js'
import { COSMOS_METHODS } from './cosmos.js'
import { EIP155_EVENTS, EIP155_METHODS } from './eip155.js'
import { WalletError } from './errors.js'
import { POLKADOT_EVENTS, POLKADOT_METHODS } from './polkadot.js'
import { SOLANA_METHODS } from './solana.js'

export interface NamespaceOffer {
  /**
   * The wallet's addresses on a chain (CAIP-2) of a namespace, first the one
   * it signs with by default; none → the wallet does not serve that chain
   * (or that namespace at all).
   */
  addresses(namespace: string, chainId: string): readonly string[]
  /** CAIP-2 ids the wallet knows (per namespace); none of a namespace → whatever the dApp asks. */
  known: readonly string[]
  /** Answer with an address that is not one (tamperNext('accounts')). */
  malformedAccounts: boolean
}

/** Methods and events the wallet implements, per namespace. */
export const SUPPORTED: Record<string, { methods: readonly string[]; events: readonly string[] }> = {
  eip155: { methods: EIP155_METHODS, events: EIP155_EVENTS },
  solana: { methods: SOLANA_METHODS, events: ['accountsChanged', 'chainChanged'] },
  polkadot: { methods: POLKADOT_METHODS, events: POLKADOT_EVENTS },
  bip122: { methods: BIP122_METHODS, events: BIP122_EVENTS },
  cosmos: { methods: COSMOS_METHODS, events: ['chainChanged', 'accountsChanged'] },
}

const namespaceOf = (key: string) => key.split(':')[0] as string

/**
 * The namespaces the wallet approves for a proposal: for each namespace it
 * implements (eip155, solana, polkadot, bip122, cosmos) that the dApp asked
 * for (required or optional), the asked chains it knows (or all asked when it
 * knows none of that namespace) and has an account on, its accounts there,
 * every method it supports and the asked events it can emit. A required
 * method or namespace it does not support rejects the proposal (5101 / 5100),
 * as a real wallet must.
 */
export function approveNamespaces(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  offer: NamespaceOffer,
): SessionTypes.Namespaces {
  const asked = new Map<string, { chains: Set<string>; methods: Set<string>; events: Set<string> }>()
  const required = Object.entries(proposal.requiredNamespaces ?? {})
  for (const [key, ns] of [...required, ...Object.entries(proposal.optionalNamespaces ?? {})]) {
    const name = namespaceOf(key)
    const entry = asked.get(name) ?? { chains: new Set(), methods: new Set(), events: new Set() }
    asked.set(name, entry)
    for (const c of ns.chains ?? (key.includes(':') ? [key] : [])) entry.chains.add(c)
    for (const m of ns.methods ?? []) entry.methods.add(m)
    for (const e of ns.events ?? []) entry.events.add(e)
  }
  const chainsFor = (name: string, wanted: readonly string[]) => {
    const known = offer.known.filter((c) => namespaceOf(c) === name)
    const chains = known.length ? wanted.filter((c) => known.includes(c)) : [...wanted]
    return (chains.length ? chains : known).filter((c) => offer.addresses(name, c).length > 0)
  }
  for (const [key, ns] of required) {
    const supported = SUPPORTED[namespaceOf(key)]
    const wanted = ns.chains ?? (key.includes(':') ? [key] : [])
    if (!supported || chainsFor(namespaceOf(key), wanted).length === 0)
      throw new WalletError(5100, `Unsupported chains: ${key}`)
    const missing = (ns.methods ?? []).filter((m) => !supported.methods.includes(m))
    if (missing.length) throw new WalletError(5101, `Unsupported methods: ${missing.join(', ')}`)
  }
  const namespaces: SessionTypes.Namespaces = {}
  for (const [name, entry] of asked) {
    const supported = SUPPORTED[name]
    if (!supported) continue
    const final = chainsFor(name, [...entry.chains])
    if (final.length === 0) continue
    const shown = (a: string) => (offer.malformedAccounts ? `${a.slice(0, 6)}0OIl` : a)
    namespaces[name] = {
      chains: final,
      accounts: final.flatMap((c) => offer.addresses(name, c).map((a) => `${c}:${shown(a)}`)),
      methods: [...supported.methods],
      events: supported.events.filter((e) => entry.events.has(e) || name === 'eip155'),
    }
  }
  if (Object.keys(namespaces).length === 0) throw new WalletError(5100, 'Unsupported chains.')
  return namespaces
}
