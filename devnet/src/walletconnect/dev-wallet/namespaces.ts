import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { EIP155_EVENTS, EIP155_METHODS } from './eip155.js'
import { WalletError } from './errors.js'
import { SOLANA_METHODS } from './solana.js'

export interface NamespaceOffer {
  evmAddress: string
  solanaAddress?: string
  /** CAIP-2 ids the wallet has RPC URLs for (per namespace); none → whatever the dApp asks. */
  known: readonly string[]
  /** Answer with an address that is not one (tamperNext('accounts')). */
  malformedAccounts: boolean
}

const SUPPORTED: Record<string, { methods: readonly string[]; events: readonly string[] }> = {
  eip155: { methods: EIP155_METHODS, events: EIP155_EVENTS },
  solana: { methods: SOLANA_METHODS, events: ['accountsChanged', 'chainChanged'] },
}

const namespaceOf = (key: string) => key.split(':')[0] as string

/**
 * The namespaces the wallet approves for a proposal: for each of eip155 and
 * solana the dApp asked for (required or optional), the asked chains it knows
 * (or all asked when it knows none of that namespace), its account on each,
 * every method it supports and the asked events it can emit. A required method
 * or namespace it does not support rejects the proposal (5101 / 5100), as a
 * real wallet must.
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
  for (const [key, ns] of required) {
    const supported = SUPPORTED[namespaceOf(key)]
    if (!supported || (namespaceOf(key) === 'solana' && !offer.solanaAddress))
      throw new WalletError(5100, `Unsupported chains: ${key}`)
    const missing = (ns.methods ?? []).filter((m) => !supported.methods.includes(m))
    if (missing.length) throw new WalletError(5101, `Unsupported methods: ${missing.join(', ')}`)
  }
  const namespaces: SessionTypes.Namespaces = {}
  for (const [name, entry] of asked) {
    const supported = SUPPORTED[name]
    const address = name === 'eip155' ? offer.evmAddress : name === 'solana' ? offer.solanaAddress : undefined
    if (!supported || !address) continue
    const known = offer.known.filter((c) => namespaceOf(c) === name)
    const wanted = [...entry.chains]
    const chains = known.length ? wanted.filter((c) => known.includes(c)) : wanted
    const final = chains.length ? chains : known
    if (final.length === 0) continue
    const shown = offer.malformedAccounts ? `${address.slice(0, 6)}0OIl` : address
    namespaces[name] = {
      chains: final,
      accounts: final.map((c) => `${c}:${shown}`),
      methods: [...supported.methods],
      events: supported.events.filter((e) => entry.events.has(e) || name === 'eip155'),
    }
  }
  if (Object.keys(namespaces).length === 0) throw new WalletError(5100, 'Unsupported chains.')
  return namespaces
}
