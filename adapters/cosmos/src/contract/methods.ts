import type { ChannelCapabilities, RequestMethodLists } from '@portico/core'

/** SPEC §4 safe / not-safe lists for cosmos: reading keys is safe; every signature needs approval. */
export const COSMOS_REQUEST_METHODS: RequestMethodLists = Object.freeze({
  safe: Object.freeze(['cosmos_getAccounts']),
  unsafe: Object.freeze(['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_signArbitrary']),
})

/**
 * What the adapter drives over a request channel (the WalletConnect `cosmos`
 * namespace): keys, direct and amino signing; the session's account changes
 * are listened to. No `chainChanged`: a Cosmos session spans its chains and
 * the app names the chain in every request, so the adapter does not follow one.
 */
export const COSMOS_CHANNEL: ChannelCapabilities = Object.freeze({
  methods: Object.freeze(['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino']),
  events: Object.freeze(['accountsChanged']),
})
